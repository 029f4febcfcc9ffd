//! The live state of one line, folded from the wire messages: state, running batch and its
//! progress, tonnes today, open alarms, and the diagnostics of the running batch. Applying a
//! message twice changes nothing (a restart replays the database and then the feed).

use std::collections::{BTreeMap, VecDeque};

use chrono::{DateTime, Utc};
use model::alarm::AlarmPoint;
use model::wire::*;
use serde::Serialize;

use crate::tonnes::Tonnes;

mod alarms;
pub use alarms::OpenAlarm;

/// Points kept per process parameter for the diagnostics curves.
pub const SERIES_POINTS: usize = 600;
/// Curves kept per line (decision 95): more process values than any batch has.
pub const MAX_SERIES: usize = 256;
/// Open alarms kept per line; more are counted (`stream_alarms_refused_total`) and left out.
pub const MAX_OPEN_ALARMS: usize = 1_000;

/// The curve of the dose under way: the scale's readings (`DOSING_KG.<material>`) since its
/// setpoint came, starting at 0 kg.
pub const DOSING_SERIES: &str = "DOSING_KG";

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RunningBatch {
    pub batch_id: String,
    /// The order it belongs to (`productionScheduleId` of its batch event) and that order's name.
    pub production_schedule_id: Option<String>,
    pub schedule_name: Option<String>,
    pub recipe_id: String,
    pub recipe_code: Option<String>,
    pub recipe_name: Option<String>,
    pub target_kg: f64,
    pub dosed_kg: f64,
    pub started_at: DateTime<Utc>,
}

/// An order a line is running, as the order board keeps it (followed as it changes):
/// its batches done of its batches.
#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RunningOrder {
    /// The order's `_id` (a batch event's `productionScheduleId`).
    pub id: String,
    pub order_number: String,
    pub name: String,
    pub batches: i32,
    pub batches_done: i32,
}

/// A plant connection of the line as its connector last reported it (issue 32): the tile and
/// the diagnostics screen say when the line's data cannot come.
#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LiveConnection {
    #[serde(rename = "_id")]
    pub id: String,
    pub name: String,
    pub state: model::connect::ConnectionState,
    pub since: Option<DateTime<Utc>>,
    pub last_error: Option<String>,
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Dosing {
    pub material_id: String,
    pub setpoint_kg: f64,
    pub actual_kg: f64,
}

#[derive(Debug, Clone, Default)]
pub struct LineLive {
    pub line_id: String,
    pub state: Option<LineStateKind>,
    pub stop_reason_id: Option<String>,
    pub state_since: Option<DateTime<Utc>>,
    pub batch: Option<RunningBatch>,
    pub dosing: Option<Dosing>,
    pub weighings: Vec<Weighing>,
    /// The running batch's mixing steps recorded so far (a step's record comes at its end).
    pub mixing: Vec<Mixing>,
    pub series: BTreeMap<String, VecDeque<(i64, f64)>>,
    pub pressure: Option<Pressure>,
    /// The line's alarm points by code: the board's, with the plant's raises not stored yet.
    pub alarms: BTreeMap<String, OpenAlarm>,
    /// The line's points on the alarm board, by code.
    board: BTreeMap<String, AlarmPoint>,
    /// Raises heard from the plant that the board does not show yet, by code.
    raised: BTreeMap<String, OpenAlarm>,
    pub tonnes: Tonnes,
    pub updated_at: Option<DateTime<Utc>>,
    /// The newest SPC violations of the line's completed batches, newest last (at most
    /// [`SPC_KEPT`]).
    pub spc: VecDeque<model::spc::KeptViolation>,
    /// The orders the board has RUNNING on the line, in the line's queue order.
    pub orders: Vec<RunningOrder>,
    /// The line's plant connections, by name.
    pub connections: Vec<LiveConnection>,
}

/// How many SPC violations a line keeps for a `line:<id>:spc` snapshot.
pub const SPC_KEPT: usize = 20;

/// What one message changed.
#[derive(Debug, Default)]
pub struct Changes {
    /// The line's summary (and detail) changed.
    pub summary: bool,
    /// Alarms whose state changed (a CLEARED one was removed).
    pub alarms: Vec<OpenAlarm>,
    /// The diagnostics feed: the samples, as they came.
    pub diagnostics: bool,
}

impl LineLive {
    pub fn new(line_id: &str) -> Self {
        LineLive {
            line_id: line_id.into(),
            ..Default::default()
        }
    }

    /// The order the line runs: the running batch's, else the first RUNNING one of its queue.
    pub fn order(&self) -> Option<&RunningOrder> {
        let of_batch = self
            .batch
            .as_ref()
            .and_then(|b| b.production_schedule_id.as_deref());
        of_batch
            .and_then(|id| self.orders.iter().find(|o| o.id == id))
            .or_else(|| self.orders.first())
    }

    pub fn progress(&self) -> f64 {
        match &self.batch {
            Some(b) if b.target_kg > 0.0 => {
                ((b.dosed_kg + self.dosing.as_ref().map_or(0.0, |d| d.actual_kg)) / b.target_kg)
                    .clamp(0.0, 1.0)
            }
            _ => 0.0,
        }
    }

    fn touch(&mut self, t: DateTime<Utc>) {
        if self.updated_at.is_none_or(|u| t > u) {
            self.updated_at = Some(t);
        }
        self.tonnes.reach(t);
    }

    pub fn apply(&mut self, m: &Message) -> Changes {
        let mut c = Changes::default();
        match m {
            Message::State(e) => e.samples.iter().for_each(|s| self.state(s, &mut c)),
            Message::Batch(e) => e.samples.iter().for_each(|s| self.batch(s, &mut c)),
            Message::Weighing(e) => e.samples.iter().for_each(|s| self.weighing(s, &mut c)),
            Message::Process(e) => e.samples.iter().for_each(|s| self.process(s, &mut c)),
            Message::Alarm(e) => e.samples.iter().for_each(|s| self.alarm(s, &mut c)),
            Message::Pressure(e) => {
                for s in &e.samples {
                    self.touch(s.time);
                    self.pressure = Some(s.clone());
                }
                c.diagnostics = true;
            }
            Message::Mixing(e) => e.samples.iter().for_each(|s| self.mixed(s, &mut c)),
            Message::Bin(_) | Message::Calibration(_) => {}
        }
        c
    }

    fn state(&mut self, s: &LineState, c: &mut Changes) {
        self.touch(s.time);
        if self.state_since.is_none_or(|t| s.time >= t) {
            self.state = Some(s.state);
            self.stop_reason_id = s.stop_reason_id.clone();
            self.state_since = Some(s.time);
            c.summary = true;
        }
    }

    fn batch(&mut self, s: &BatchEvent, c: &mut Changes) {
        self.touch(s.time);
        c.diagnostics = true;
        match s.event {
            BatchEventKind::Started => {
                if self
                    .batch
                    .as_ref()
                    .is_some_and(|b| b.batch_id == s.batch_id)
                    || self.tonnes.has(&s.batch_id)
                {
                    return;
                }
                if self.batch.as_ref().is_some_and(|b| b.started_at > s.time) {
                    return;
                }
                self.batch = Some(RunningBatch {
                    batch_id: s.batch_id.clone(),
                    production_schedule_id: s.production_schedule_id.clone(),
                    schedule_name: s.schedule_name.clone(),
                    recipe_id: s.recipe_id.clone(),
                    recipe_code: s.recipe_code.clone(),
                    recipe_name: s.recipe_name.clone(),
                    target_kg: s.target_kg,
                    dosed_kg: 0.0,
                    started_at: s.time,
                });
                self.dosing = None;
                self.weighings.clear();
                self.mixing.clear();
                self.series.clear();
                c.summary = true;
            }
            BatchEventKind::Ended => {
                if self
                    .batch
                    .as_ref()
                    .is_some_and(|b| b.batch_id == s.batch_id)
                {
                    self.batch = None;
                    self.dosing = None;
                    c.summary = true;
                }
                if self
                    .tonnes
                    .add(&s.batch_id, s.time, s.actual_kg.unwrap_or(0.0))
                {
                    c.summary = true;
                }
            }
        }
    }

    fn weighing(&mut self, s: &Weighing, c: &mut Changes) {
        self.touch(s.time);
        let Some(b) = self.batch.as_mut().filter(|b| b.batch_id == s.batch_id) else {
            return;
        };
        if self.weighings.iter().any(|w| w.id == s.id) {
            return;
        }
        b.dosed_kg += s.actual_kg;
        self.weighings.push(s.clone());
        self.dosing = None;
        c.summary = true;
        c.diagnostics = true;
    }

    fn mixed(&mut self, s: &Mixing, c: &mut Changes) {
        self.touch(s.time);
        c.diagnostics = true;
        let running = self
            .batch
            .as_ref()
            .is_some_and(|b| b.batch_id == s.batch_id);
        if running && !self.mixing.iter().any(|m| m.id == s.id) {
            self.mixing.push(s.clone());
        }
    }

    fn process(&mut self, s: &ProcessSample, c: &mut Changes) {
        self.touch(s.time);
        c.diagnostics = true;
        if let Some(material) = s.parameter_code.strip_prefix("SETPOINT_KG.") {
            self.dosing = Some(Dosing {
                material_id: material.into(),
                setpoint_kg: s.value,
                actual_kg: 0.0,
            });
            // The scale curve starts again at each dose.
            self.series.insert(
                DOSING_SERIES.into(),
                [(s.time.timestamp_millis(), 0.0)].into(),
            );
            c.summary = true;
        } else if let Some(material) = s.parameter_code.strip_prefix("DOSING_KG.") {
            if let Some(d) = self.dosing.as_mut().filter(|d| d.material_id == material) {
                d.actual_kg = s.value;
                c.summary = true;
                self.point(DOSING_SERIES, s.time, s.value);
            }
        } else {
            self.point(&s.parameter_code, s.time, s.value);
        }
    }

    /// Appends a point to a diagnostics curve (points older than its newest are dropped).
    fn point(&mut self, code: &str, time: DateTime<Utc>, value: f64) {
        // A bounded number of curves (a controller sending ever new codes must not grow it).
        if !self.series.contains_key(code) && self.series.len() >= MAX_SERIES {
            metrics::counter!("stream_series_refused_total").increment(1);
            return;
        }
        let points = self.series.entry(code.to_string()).or_default();
        let t = time.timestamp_millis();
        if points.back().is_none_or(|(last, _)| t > *last) {
            points.push_back((t, value));
            if points.len() > SERIES_POINTS {
                points.pop_front();
            }
        }
    }
}

#[cfg(test)]
mod tests;
