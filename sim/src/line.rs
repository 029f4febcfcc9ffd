//! One simulated production line: batch after batch of a demo recipe — dose each ingredient
//! (coarse then fine feed, in-flight material, noise, now and then out of tolerance), mix
//! (power curve, temperature, pellet-press pressure), discharge — with stops, alarms, bin
//! movements and calibration checks. Simulated seconds pass `speed` times faster than real ones;
//! timestamps are real (now), durations in the samples are simulated.

use std::collections::HashMap;
use std::time::Duration;

use chrono::{Timelike, Utc};
use model::wire::*;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use uuid::Uuid;

use crate::Sink;
use crate::bins::Bins;

mod intake;
mod mix;
mod orders;
pub use orders::{Job, Source};

use crate::recipes::{self, Ingredient, STOPS};

pub struct Line {
    pub id: String,
    /// Starts the batch numbers (`PL1-261123-101500123`).
    code: String,
    speed: f64,
    rng: StdRng,
    /// Noise of the values added after the first seeded runs (downstream equipment, every
    /// mixing step but the last): drawn apart, so a seed still gives the same stops and doses.
    extra: StdRng,
    out: Sink,
    /// Where the next batch comes from: the line's orders, or the simulator's own recipes.
    source: Source,
    /// Out-of-tolerance doses and stops now and then (off for exact tests).
    upsets: bool,
    /// Batches this controller started per order (the board's count lags behind).
    started: HashMap<uuid::Uuid, i32>,
    /// Said IDLE and waiting for an order.
    idle: bool,
    bins: Bins,
    batches: u64,
    batch: Option<String>,
    /// Chooses the lot of a refill (the plant's intake); none: refills of no known lot.
    intake: Option<crate::Intake>,
    /// Fills of this line's bins heard on the bus (the intake's, `POST /api/bins/fill`).
    fills: Option<tokio::sync::mpsc::UnboundedReceiver<BinMovement>>,
    /// Fills this line published itself and has not heard back yet.
    own_fills: std::collections::HashSet<Uuid>,
}

fn base<T>(f: impl FnOnce(Uuid, chrono::DateTime<Utc>) -> T) -> T {
    f(Uuid::now_v7(), Utc::now())
}

impl Line {
    pub fn new(
        line: crate::SimLine,
        seed: u64,
        speed: f64,
        out: Sink,
        source: Source,
        upsets: bool,
    ) -> Self {
        Line {
            id: line.id,
            code: line.code,
            speed: speed.max(0.01),
            rng: StdRng::seed_from_u64(seed),
            extra: StdRng::seed_from_u64(seed ^ 0x5eed_d0c5),
            out,
            source,
            upsets,
            started: HashMap::new(),
            idle: false,
            bins: Bins::new(&line.bins),
            batches: 0,
            batch: None,
            intake: None,
            fills: None,
            own_fills: std::collections::HashSet::new(),
        }
    }

    /// Runs batches until its orders' board goes away (forever for the simulator's own recipes).
    pub async fn run(mut self) {
        self.state(LineStateKind::Running, None).await;
        while let Some(job) = self.next_job().await {
            self.run_batch(&job).await;
            if self.upsets && self.rng.random_bool(0.12) {
                self.stop().await;
            }
            if self.batches.is_multiple_of(20) {
                self.calibrate().await;
            }
            let pause = self.rng.random_range(5.0..20.0);
            self.wait(pause).await;
        }
    }

    async fn wait(&mut self, sim_s: f64) {
        self.out.flush().await;
        tokio::time::sleep(Duration::from_secs_f64(sim_s / self.speed)).await;
    }

    /// Roughly normal noise with standard deviation `sd`.
    fn noise(&mut self, sd: f64) -> f64 {
        normal(&mut self.rng, sd)
    }

    /// The same from the `extra` stream.
    fn extra_noise(&mut self, sd: f64) -> f64 {
        normal(&mut self.extra, sd)
    }

    async fn send<T: Sample>(&mut self, samples: Vec<T>) {
        self.out.send(&Envelope::new(&self.id, samples)).await;
    }

    async fn state(&mut self, state: LineStateKind, stop_reason_id: Option<&str>) {
        let s = base(|id, time| LineState {
            id,
            time,
            state,
            stop_reason_id: stop_reason_id.map(str::to_string),
        });
        self.send(vec![s]).await;
    }

    async fn alarm(&mut self, code: &str, severity: Severity, message: &str, state: AlarmState) {
        let batch_id = self.batch.clone();
        let cleared_at = (state == AlarmState::Cleared).then(Utc::now);
        let a = base(|id, time| Alarm {
            id,
            time,
            batch_id,
            code: code.into(),
            severity,
            message: message.into(),
            state,
            cleared_at,
        });
        self.send(vec![a]).await;
    }

    async fn process(&mut self, values: &[(&str, f64)]) {
        let batch_id = self.batch.clone();
        let samples = values
            .iter()
            .map(|(code, value)| {
                base(|id, time| ProcessSample {
                    id,
                    time,
                    batch_id: batch_id.clone(),
                    parameter_code: code.to_string(),
                    value: *value,
                })
            })
            .collect();
        self.send(samples).await;
    }

    fn batch_event(
        &self,
        event: BatchEventKind,
        job: &Job,
        status: BatchStatus,
        actual_kg: Option<f64>,
    ) -> BatchEvent {
        let recipe = &job.recipe;
        let shift = match Utc::now().hour() {
            6..=13 => "MORNING",
            14..=21 => "AFTERNOON",
            _ => "NIGHT",
        };
        base(|id, time| BatchEvent {
            id,
            time,
            event,
            batch_id: self.batch.clone().unwrap_or_default(),
            production_schedule_id: job.order.map(|o| o.to_string()),
            schedule_name: job.order_name.clone(),
            recipe_id: recipe.id.clone(),
            recipe_code: Some(recipe.code.clone()),
            recipe_name: Some(recipe.name.clone()),
            recipe_version: recipe.version,
            status,
            target_kg: recipe.batch_kg,
            actual_kg,
            shift_id: Some(shift.into()),
        })
    }

    async fn run_batch(&mut self, job: &Job) {
        let recipe = &job.recipe;
        self.batches += 1;
        self.batch = Some(format!(
            "{}-{}",
            self.code,
            Utc::now().format("%y%m%d-%H%M%S%3f")
        ));
        let started = self.batch_event(BatchEventKind::Started, job, BatchStatus::Running, None);
        self.send(vec![started]).await;
        let mut total = 0.0;
        let mut status = BatchStatus::Complete;
        for ing in &recipe.ingredients {
            // An aborted order stops its batch between two doses.
            if self.aborted(job) || !self.await_lot_release(job, &ing.bin).await {
                status = BatchStatus::Aborted;
                break;
            }
            total += self.dose(ing).await;
        }
        if status == BatchStatus::Complete {
            self.mix(recipe).await;
        }
        self.discharge().await;
        let ended = self.batch_event(
            BatchEventKind::Ended,
            job,
            status,
            Some((total * 10.0).round() / 10.0),
        );
        self.send(vec![ended]).await;
        self.batch = None;
    }

    /// Doses one ingredient; returns the actual weight.
    async fn dose(&mut self, ing: &Ingredient) -> f64 {
        let scale = recipes::scale(&ing.scale);
        let setpoint = ing.setpoint_kg;
        let tolerance = ing.tolerance_kg.max(scale.resolution_kg * 2.0);
        let fine_switch = (setpoint * 0.1).max(scale.inflight_kg * 3.0).min(setpoint);
        let dosing = format!("DOSING_KG.{}", ing.material);
        self.take_fills();
        self.refill(ing, setpoint).await;
        let lot = self.bins.next_lot(&ing.bin, &ing.material);
        self.process(&[(&format!("SETPOINT_KG.{}", ing.material), setpoint)])
            .await;
        let mut weight = 0.0;
        let mut elapsed = 0.0;
        // Coarse then fine feed, one reading a second (simulated).
        while weight < setpoint - scale.inflight_kg {
            let rate = if weight < setpoint - fine_switch {
                scale.coarse_kg_s
            } else {
                scale.fine_kg_s
            };
            let step = (rate * (1.0 + self.noise(0.05)))
                .max(0.0)
                .min(setpoint - scale.inflight_kg - weight + rate * 0.05);
            weight += step.max(scale.resolution_kg);
            elapsed += 1.0;
            self.process(&[(&dosing, weight)]).await;
            self.wait(1.0).await;
        }
        // In-flight material lands after the feeder stopped; now and then the pre-act is off.
        // Without upsets the feeder is well tuned: a quarter of the usual scatter.
        let jitter = if self.upsets { 1.0 } else { 0.25 };
        let mut actual = weight
            + scale.inflight_kg * (1.0 + self.noise(0.2 * jitter))
            + self.noise(scale.resolution_kg * jitter);
        if self.upsets && self.rng.random_bool(0.04) {
            actual += tolerance
                * self.rng.random_range(1.5..3.5)
                * if self.rng.random_bool(0.6) { 1.0 } else { -1.0 };
        }
        actual = (actual / scale.resolution_kg).round() * scale.resolution_kg;
        self.process(&[(&dosing, actual)]).await;
        let deviation = actual - setpoint;
        let batch_id = self.batch.clone().unwrap_or_default();
        let w = base(|id, time| Weighing {
            id,
            time,
            batch_id,
            scale_id: scale.id.into(),
            bin_id: Some(ing.bin.clone()),
            material_id: ing.material.clone(),
            lot,
            setpoint_kg: setpoint,
            actual_kg: actual,
            deviation_kg: deviation,
            tolerance_kg: tolerance,
            in_tolerance: deviation.abs() <= tolerance,
            duration_s: elapsed + 2.0,
            inflight_kg: scale.inflight_kg,
        });
        self.send(vec![w]).await;
        self.bin_movement(ing, actual).await;
        actual
    }

    async fn stop(&mut self) {
        let (reason, code, critical, message) = STOPS[self.rng.random_range(0..STOPS.len())];
        let (state, severity) = recipes::stop_state(critical);
        // A quarter of the stops come without a reason (an operator who did not say why): the
        // stop-time report shows them unqualified until a supervisor gives one.
        let reported = (!self.rng.random_bool(0.25)).then_some(reason);
        self.state(state, reported).await;
        self.alarm(code, severity, message, AlarmState::Raised)
            .await;
        let minutes = self.rng.random_range(1.0..6.0);
        // Most stops are acknowledged at the panel while the line stands (drawn from `extra`,
        // so a seed still gives the same stops); the others wait for the console.
        if self.extra.random_bool(0.7) {
            let after = self.extra.random_range(10.0..50.0_f64).min(60.0 * minutes);
            self.wait(after).await;
            self.alarm(code, severity, message, AlarmState::Acked).await;
            self.wait(60.0 * minutes - after).await;
        } else {
            self.wait(60.0 * minutes).await;
        }
        self.alarm(code, severity, message, AlarmState::Cleared)
            .await;
        self.state(LineStateKind::Running, None).await;
    }

    async fn calibrate(&mut self) {
        let samples = recipes::SCALES
            .iter()
            .map(|s| {
                let test = s.coarse_kg_s * 10.0;
                let error = self.noise(s.resolution_kg);
                base(|id, time| Calibration {
                    id,
                    time,
                    scale_id: s.id.into(),
                    test_weight_kg: test,
                    reading_kg: test + error,
                    error_kg: error,
                    passed: error.abs() <= s.resolution_kg * 2.0,
                    by: Some("simulator".into()),
                })
            })
            .collect();
        self.send(samples).await;
    }
}

/// Roughly normal noise with standard deviation `sd` (the sum of four uniform draws).
fn normal(rng: &mut StdRng, sd: f64) -> f64 {
    (0..4).map(|_| rng.random_range(-1.0..1.0)).sum::<f64>() * sd * 0.866
}
