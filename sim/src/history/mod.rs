//! Production history as a line would have reported it, generated without a clock: batch after
//! batch of the line's recipes (a cycle of about five minutes) with their weighings, bin
//! movements, process values, mixing record and pellet-press pressure, stops with their states
//! and alarms now and then (a quarter without a reason), and a calibration check of every scale
//! once a day. The same physics as the simulator (`sim::recipes`), coarser in time: one process
//! value per dose and one every 15 s of mixing, so a year of eight lines stays near 20 million
//! process values. Ids come from the seeded generator, so the same seed and range give the same
//! rows (and writing them again inserts nothing).

use std::collections::HashMap;

use crate::bins::{BinStart, Bins};
use crate::recipes::Recipe;
use chrono::{DateTime, Duration, Timelike, Utc};
use model::wire::*;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use uuid::Uuid;

mod steps;

/// The samples a stretch of history produced, per kind, each with its line's id: what a line
/// would have published, ready for ingest's writer.
#[derive(Debug, Default)]
pub struct Rows {
    pub weighing: Vec<(String, Weighing)>,
    pub mixing: Vec<(String, Mixing)>,
    pub process: Vec<(String, ProcessSample)>,
    pub pressure: Vec<(String, Pressure)>,
    pub alarm: Vec<(String, Alarm)>,
    pub state: Vec<(String, LineState)>,
    pub batch: Vec<(String, BatchEvent)>,
    pub bin: Vec<(String, BinMovement)>,
    pub calibration: Vec<(String, Calibration)>,
}

/// Batches between two calibration rounds (about a day).
const CALIBRATION_EVERY: u64 = 240;

/// The order of the batches of one line, day and recipe: an id made from those.
fn order_id(key: &str) -> String {
    use std::hash::{Hash, Hasher};
    let mut bytes = [0u8; 16];
    for (i, half) in bytes.chunks_mut(8).enumerate() {
        let mut h = std::collections::hash_map::DefaultHasher::new();
        (i, key).hash(&mut h);
        half.copy_from_slice(&h.finish().to_le_bytes());
    }
    uuid::Builder::from_random_bytes(bytes)
        .into_uuid()
        .to_string()
}

/// One line's history, batch by batch from `t`.
pub struct History {
    line: String,
    code: String,
    pellets: bool,
    recipes: Vec<Recipe>,
    rng: StdRng,
    /// The operators' acknowledgements at the panel (issue 34): drawn apart, so a seed still
    /// gives the same batches, stops and ids as before.
    acks: StdRng,
    pub t: DateTime<Utc>,
    bins: Bins,
    seq: u16,
    pub batches: u64,
    /// The lots received of each material (code → receipt time and lot number, in time
    /// order): a refill takes the newest received by then.
    lots: HashMap<String, Vec<(DateTime<Utc>, String)>>,
}

impl History {
    pub fn new(
        line: &str,
        code: &str,
        pellets: bool,
        recipes: Vec<Recipe>,
        seed: u64,
        from: DateTime<Utc>,
        bins: &[BinStart],
    ) -> Self {
        History {
            line: line.into(),
            code: code.into(),
            pellets,
            recipes,
            rng: StdRng::seed_from_u64(seed),
            acks: StdRng::seed_from_u64(seed ^ 0xac4e_d000),
            t: from,
            bins: Bins::new(bins),
            seq: 0,
            batches: 0,
            lots: HashMap::new(),
        }
    }

    /// A UUIDv7 of `t` whose first 12 random bits count up, so ids of one instant keep their
    /// order (a refill and the dose after it).
    fn id(&mut self) -> Uuid {
        let mut bytes: [u8; 10] = self.rng.random();
        // The counter has the 12 bits of the UUID's `rand_a` (the version takes the other
        // four): when it wraps, the clock moves on a millisecond so the order still holds.
        self.seq = (self.seq + 1) & 0x0fff;
        if self.seq == 0 {
            self.t += Duration::milliseconds(1);
        }
        bytes[..2].copy_from_slice(&self.seq.to_be_bytes());
        uuid::Builder::from_unix_timestamp_millis(self.t.timestamp_millis().max(0) as u64, &bytes)
            .into_uuid()
    }

    fn noise(&mut self, sd: f64) -> f64 {
        (0..4)
            .map(|_| self.rng.random_range(-1.0..1.0))
            .sum::<f64>()
            * sd
            * 0.866
    }

    fn pass(&mut self, seconds: f64) {
        self.t += Duration::milliseconds((seconds * 1000.0) as i64);
    }

    fn state(&mut self, rows: &mut Rows, state: LineStateKind, reason: Option<&str>) {
        let s = LineState {
            id: self.id(),
            time: self.t,
            state,
            stop_reason_id: reason.map(str::to_string),
        };
        rows.state.push((self.line.clone(), s));
    }

    fn alarm(
        &mut self,
        rows: &mut Rows,
        code: &str,
        severity: Severity,
        message: &str,
        state: AlarmState,
        batch: Option<String>,
    ) {
        let a = Alarm {
            id: self.id(),
            time: self.t,
            batch_id: batch,
            code: code.into(),
            severity,
            message: message.into(),
            state,
            cleared_at: (state == AlarmState::Cleared).then_some(self.t),
        };
        rows.alarm.push((self.line.clone(), a));
    }

    /// The operator acknowledging alarm `code` at the panel `after` seconds from now (an ACKED
    /// event of that time; its id from the acknowledgements' own draws).
    fn acknowledge(
        &mut self,
        rows: &mut Rows,
        code: &str,
        severity: Severity,
        message: &str,
        after: f64,
    ) {
        let time = self.t + Duration::milliseconds((after * 1000.0) as i64);
        let bytes: [u8; 10] = self.acks.random();
        let id = uuid::Builder::from_unix_timestamp_millis(
            time.timestamp_millis().max(0) as u64,
            &bytes,
        )
        .into_uuid();
        let a = Alarm {
            id,
            time,
            batch_id: None,
            code: code.into(),
            severity,
            message: message.into(),
            state: AlarmState::Acked,
            cleared_at: None,
        };
        rows.alarm.push((self.line.clone(), a));
    }

    /// How long an operator takes to acknowledge: mostly within a minute or two, now and then
    /// much longer (a busy shift), at most `within` seconds.
    fn ack_delay(&mut self, within: f64) -> f64 {
        let slow = self.acks.random_bool(0.1);
        let s: f64 = if slow {
            self.acks.random_range(300.0..1800.0)
        } else {
            self.acks.random_range(10.0..150.0)
        };
        s.min(within).max(1.0)
    }

    fn process(&mut self, rows: &mut Rows, batch: &str, code: &str, value: f64) {
        let p = ProcessSample {
            id: self.id(),
            time: self.t,
            batch_id: Some(batch.into()),
            parameter_code: code.into(),
            value,
        };
        rows.process.push((self.line.clone(), p));
    }

    /// The line starts running at `t`.
    pub fn start(&mut self, rows: &mut Rows) {
        self.state(rows, LineStateKind::Running, None);
    }

    /// One batch cycle into `rows`: the batch, a pause, now and then a stop, once a day the
    /// calibration round.
    pub fn cycle(&mut self, rows: &mut Rows) {
        self.batches += 1;
        let recipe = self.recipes[(self.batches as usize / 12) % self.recipes.len()].clone();
        let batch = format!("{}-{}", self.code, self.t.format("%y%m%d-%H%M%S"));
        let day = self.t.format("%y%m%d").to_string();
        let order = order_id(&format!("{}/{day}/{}", self.line, recipe.code));
        let event = |h: &mut History, kind, status, actual: Option<f64>| BatchEvent {
            id: h.id(),
            time: h.t,
            event: kind,
            batch_id: batch.clone(),
            production_schedule_id: Some(order.clone()),
            schedule_name: Some(format!("{}-{day}-{}", h.code, recipe.code)),
            recipe_id: recipe.id.clone(),
            recipe_code: Some(recipe.code.clone()),
            recipe_name: Some(recipe.name.clone()),
            recipe_version: recipe.version,
            status,
            target_kg: recipe.batch_kg,
            actual_kg: actual,
            shift_id: Some(
                match h.t.hour() {
                    6..=13 => "MORNING",
                    14..=21 => "AFTERNOON",
                    _ => "NIGHT",
                }
                .into(),
            ),
        };
        let started = event(self, BatchEventKind::Started, BatchStatus::Running, None);
        rows.batch.push((self.line.clone(), started));
        let aborted = self.rng.random_bool(0.01);
        let mut total = 0.0;
        let doses = if aborted {
            recipe.ingredients.len() / 2
        } else {
            recipe.ingredients.len()
        };
        // Each scale doses its materials one after another, the scales at the same time.
        let start = self.t;
        let mut busy: HashMap<String, DateTime<Utc>> = HashMap::new();
        for ing in &recipe.ingredients[..doses] {
            self.t = *busy.get(&ing.scale).unwrap_or(&start);
            total += self.dose(rows, &batch, ing);
            busy.insert(ing.scale.clone(), self.t);
        }
        self.t = busy.values().copied().max().unwrap_or(start);
        if !aborted {
            self.mix(rows, &batch, &recipe);
        }
        self.pass(20.0);
        let status = if aborted {
            BatchStatus::Aborted
        } else {
            BatchStatus::Complete
        };
        let ended = event(
            self,
            BatchEventKind::Ended,
            status,
            Some((total * 10.0).round() / 10.0),
        );
        rows.batch.push((self.line.clone(), ended));
        // The next batch starts some seconds to a minute later.
        let pause = self.rng.random_range(5.0..40.0);
        self.pass(pause);
        if self.rng.random_bool(0.08) {
            self.stop(rows);
        }
        if self.batches.is_multiple_of(CALIBRATION_EVERY) {
            self.calibrate(rows);
        }
    }
}
