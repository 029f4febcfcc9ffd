//! What each topic shows: the JSON of snapshots and deltas, built from the live state.

use std::collections::{BTreeMap, VecDeque};

use chrono::{DateTime, Utc};
use model::wire::{LineStateKind, Pressure, Weighing};
use serde::Serialize;

use crate::live::{Dosing, LineLive, LiveConnection, OpenAlarm, RunningBatch, RunningOrder};

/// A line as the wall display shows it (topic `lines`, one per line).
#[derive(Serialize, utoipa::ToSchema)]
#[schema(as = LineSummary)]
#[serde(rename_all = "camelCase")]
pub struct Summary<'a> {
    pub line_id: &'a str,
    pub state: Option<LineStateKind>,
    pub stop_reason_id: Option<&'a str>,
    pub state_since: Option<DateTime<Utc>>,
    pub batch: Option<&'a RunningBatch>,
    pub progress: f64,
    /// The order the line runs (the running batch's, else its first RUNNING one).
    pub order: Option<&'a RunningOrder>,
    pub tonnes_today: f64,
    pub open_alarms: usize,
    /// Open alarms nobody acknowledged yet (always sent; optional in the schema so a client
    /// built against an older server still reads `openAlarms`).
    #[schema(required = false)]
    pub unacknowledged_alarms: usize,
    /// The newest open critical alarm (its text for the wall display).
    pub critical_alarm: Option<&'a OpenAlarm>,
    pub updated_at: Option<DateTime<Utc>>,
    /// The newest SPC run-rule violation of the line's completed batches (since the stream
    /// service started, or within the day before).
    pub last_spc_violation: Option<&'a model::spc::KeptViolation>,
    /// The line's plant connections (issue 32; optional in the schema so a client built
    /// against an older server still reads the summary).
    #[schema(required = false)]
    pub connections: &'a [LiveConnection],
}

pub fn summary(l: &LineLive) -> Summary<'_> {
    Summary {
        line_id: &l.line_id,
        state: l.state,
        stop_reason_id: l.stop_reason_id.as_deref(),
        state_since: l.state_since,
        batch: l.batch.as_ref(),
        progress: (l.progress() * 1000.0).round() / 1000.0,
        order: l.order(),
        tonnes_today: (l.tonnes.today * 1000.0).round() / 1000.0,
        open_alarms: l.alarms.len(),
        unacknowledged_alarms: l.unacknowledged(),
        critical_alarm: l.newest_critical(),
        updated_at: l.updated_at,
        last_spc_violation: l.spc.back(),
        connections: &l.connections,
    }
}

/// Topic `line:<id>`: the summary, the current dosing and the open alarms.
#[derive(Serialize, utoipa::ToSchema)]
#[schema(as = LineDetail)]
#[serde(rename_all = "camelCase")]
pub struct Detail<'a> {
    #[serde(flatten)]
    pub summary: Summary<'a>,
    pub dosing: Option<&'a Dosing>,
    pub alarms: Vec<&'a OpenAlarm>,
}

pub fn detail(l: &LineLive) -> Detail<'_> {
    Detail {
        summary: summary(l),
        dosing: l.dosing.as_ref(),
        alarms: l.alarms.values().collect(),
    }
}

/// Topic `line:<id>:diagnostics` snapshot: the running batch with its weighings so far, the
/// ingredient being dosed, the process curves (`[epoch ms, value]` pairs) and the latest
/// pressure reading.
#[derive(Serialize, utoipa::ToSchema)]
#[schema(as = DiagnosticsSnapshot)]
#[serde(rename_all = "camelCase")]
pub struct Diagnostics<'a> {
    pub line_id: &'a str,
    pub batch: Option<&'a RunningBatch>,
    pub weighings: &'a [Weighing],
    /// The mixing steps recorded so far (each step's record comes at its end).
    pub mixing: &'a [model::wire::Mixing],
    pub dosing: Option<&'a Dosing>,
    /// Per parameter code (and `DOSING_KG` for the dose under way), `[epoch ms, value]` pairs.
    #[schema(value_type = BTreeMap<String, Vec<Vec<f64>>>)]
    pub series: &'a BTreeMap<String, VecDeque<(i64, f64)>>,
    pub pressure: Option<&'a Pressure>,
    pub alarms: Vec<&'a OpenAlarm>,
}

pub fn diagnostics(l: &LineLive) -> Diagnostics<'_> {
    Diagnostics {
        line_id: &l.line_id,
        batch: l.batch.as_ref(),
        weighings: &l.weighings,
        mixing: &l.mixing,
        dosing: l.dosing.as_ref(),
        series: &l.series,
        pressure: l.pressure.as_ref(),
        alarms: l.alarms.values().collect(),
    }
}

/// Topic `line:<id>:spc` snapshot: the line's newest SPC violations, newest first; each delta
/// is one new `KeptViolation`.
#[derive(Serialize, utoipa::ToSchema)]
#[schema(as = SpcSnapshot)]
#[serde(rename_all = "camelCase")]
pub struct Spc<'a> {
    pub line_id: &'a str,
    pub violations: Vec<&'a model::spc::KeptViolation>,
}

pub fn spc(l: &LineLive) -> Spc<'_> {
    Spc {
        line_id: &l.line_id,
        violations: l.spc.iter().rev().collect(),
    }
}

/// Topic `alarms` snapshot: every open alarm of every line.
#[derive(Serialize, utoipa::ToSchema)]
#[schema(as = AlarmsSnapshot)]
pub struct Alarms<'a> {
    pub alarms: Vec<&'a OpenAlarm>,
}

/// Data from a line id no configured line has: stored by ingest as any other, shown on the
/// realtime diagnostics screen instead of a tile (counted since the stream service started,
/// its start-up replay of the database included).
#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UnknownLine {
    pub line_id: String,
    /// The newest sample's time.
    pub last_seen: DateTime<Utc>,
    /// Samples per kind (`state`, `weighing`, ...).
    pub samples: BTreeMap<String, u64>,
}

/// Topic `unknown-lines`: every unknown line id with its data, in snapshots and deltas alike
/// (a delta replaces the list).
#[derive(Serialize, utoipa::ToSchema)]
#[schema(as = UnknownLines)]
pub struct Unknown<'a> {
    pub lines: Vec<&'a UnknownLine>,
}

/// A delta of topic `events`: one event of the plant with its position in the event log.
#[derive(Serialize, serde::Deserialize, utoipa::ToSchema)]
#[schema(as = LoggedEvent)]
pub struct Logged {
    pub position: model::live::Position,
    pub event: model::live::LiveEvent,
}

/// Topic `events`'s snapshot: the last events kept (at most 100, oldest first) and the
/// position of the last one kept (offset 0 when none is).
#[derive(Serialize, serde::Deserialize, utoipa::ToSchema)]
pub struct EventsSnapshot {
    pub position: model::live::Position,
    pub events: Vec<Logged>,
}
