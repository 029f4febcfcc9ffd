//! The steps of a batch in history: doses (with the bin's refills and lots), mixing, stops and
//! calibration checks.

use std::collections::HashMap;

use chrono::{DateTime, Utc};
use model::wire::*;
use rand::Rng;

use super::{History, Rows};
use crate::recipes::{self, Recipe, STOPS};

impl History {
    /// The lots received of each material (code → `(received, lot number)`, in time order).
    /// With lots, a bin that reported no level before history starts empty, so its first dose
    /// fills it with the lot received by then and no dose is of an unknown lot.
    pub fn with_lots(mut self, lots: HashMap<String, Vec<(DateTime<Utc>, String)>>) -> Self {
        if !lots.is_empty() {
            self.bins = std::mem::take(&mut self.bins).starting_empty();
        }
        self.lots = lots;
        self
    }

    /// The newest lot of `material` received by now.
    fn lot_at(&self, material: &str) -> Option<String> {
        self.lots
            .get(material)?
            .iter()
            .rev()
            .find(|(at, _)| *at <= self.t)
            .map(|(_, lot)| lot.clone())
    }

    /// A movement of `ing`'s bin now.
    fn movement(
        &mut self,
        ing: &recipes::Ingredient,
        mv: crate::bins::Move,
        lot: Option<String>,
    ) -> BinMovement {
        BinMovement {
            id: self.id(),
            time: self.t,
            bin_id: ing.bin.clone(),
            material_id: ing.material.clone(),
            lot,
            delta_kg: mv.delta_kg,
            level_kg: mv.level_kg,
            kind: mv.kind,
        }
    }

    /// One dose: its weighing, the bin's movement (and a refill when it runs low), its value.
    pub(super) fn dose(&mut self, rows: &mut Rows, batch: &str, ing: &recipes::Ingredient) -> f64 {
        let scale = recipes::scale(&ing.scale);
        let tolerance = ing.tolerance_kg.max(scale.resolution_kg * 2.0);
        let seconds = ing.setpoint_kg / scale.coarse_kg_s + 4.0 + self.noise(1.0).abs();
        self.pass(seconds.min(240.0));
        let mut actual = ing.setpoint_kg + self.noise(tolerance * 0.35);
        if self.rng.random_bool(0.04) {
            actual += tolerance
                * self.rng.random_range(1.5..3.5)
                * if self.rng.random_bool(0.6) { 1.0 } else { -1.0 };
        }
        actual = ((actual / scale.resolution_kg).round() * scale.resolution_kg).max(0.0);
        let deviation = actual - ing.setpoint_kg;
        // A bin running low is refilled first, with the newest lot received; the dose takes the
        // oldest lot in the bin. A hand add takes the newest lot received.
        let lot = if ing.bin.is_empty() {
            self.lot_at(&ing.material)
        } else {
            if let Some(need) = self.bins.refill_before(&ing.bin, actual) {
                let lot = self.lot_at(&ing.material);
                let mv = self.bins.fill(&ing.bin, need, lot.clone(), &ing.material);
                let m = self.movement(ing, mv, lot);
                rows.bin.push((self.line.clone(), m));
            }
            self.bins.next_lot(&ing.bin, &ing.material)
        };
        let w = Weighing {
            id: self.id(),
            time: self.t,
            batch_id: batch.into(),
            scale_id: ing.scale.clone(),
            bin_id: (!ing.bin.is_empty()).then(|| ing.bin.clone()),
            material_id: ing.material.clone(),
            lot,
            setpoint_kg: ing.setpoint_kg,
            actual_kg: actual,
            deviation_kg: deviation,
            tolerance_kg: tolerance,
            in_tolerance: deviation.abs() <= tolerance,
            duration_s: seconds,
            inflight_kg: scale.inflight_kg,
        };
        rows.weighing.push((self.line.clone(), w));
        self.process(rows, batch, &format!("DOSING_KG.{}", ing.material), actual);
        if !ing.bin.is_empty() {
            let moves = self.bins.take(&ing.bin, actual, &ing.material);
            for mv in moves {
                let m = self.movement(ing, mv, None);
                rows.bin.push((self.line.clone(), m));
            }
        }
        actual
    }

    /// Mixing: power and temperature every 15 s, the press's pressure on a pellet line, now and
    /// then an over-temperature alarm, and the mixing record.
    pub(super) fn mix(&mut self, rows: &mut Rows, batch: &str, recipe: &Recipe) {
        let temp0 = 18.0 + self.noise(1.0);
        let hot = self.rng.random_bool(0.03);
        let (mut energy, mut peak_seen) = (0.0, 0.0f64);
        let steps = (recipe.mix_s / 15.0).ceil() as usize;
        for i in 0..steps {
            let t = i as f64 * 15.0;
            let power = recipes::mixer_power(recipe.batch_kg, t) + self.noise(0.8);
            let temp = recipes::mixer_temp(temp0, t, recipe.mix_s, hot) + self.noise(0.15);
            energy += power * 15.0 / 3600.0;
            peak_seen = peak_seen.max(power);
            self.process(rows, batch, "MIXER_POWER_KW", power);
            self.process(rows, batch, "MIXER_TEMP_C", temp);
            if self.pellets && i % 4 == 0 {
                let p = Pressure {
                    id: self.id(),
                    time: self.t,
                    batch_id: Some(batch.into()),
                    material_code: Some(recipe.code.clone()),
                    sensor: "PCS-1".into(),
                    pressure_bar: 2.5 + self.noise(0.08),
                    setpoint_bar: 2.5,
                };
                rows.pressure.push((self.line.clone(), p));
            }
            if hot && i == steps * 3 / 4 {
                self.alarm(
                    rows,
                    "MIXER_TEMP_HIGH",
                    Severity::Warning,
                    "Mixer temperature above 35 °C",
                    AlarmState::Raised,
                    Some(batch.into()),
                );
                let after = self.ack_delay(1800.0);
                self.acknowledge(
                    rows,
                    "MIXER_TEMP_HIGH",
                    Severity::Warning,
                    "Mixer temperature above 35 °C",
                    after,
                );
            }
            self.pass(15.0);
        }
        if hot {
            self.alarm(
                rows,
                "MIXER_TEMP_HIGH",
                Severity::Warning,
                "Mixer temperature above 35 °C",
                AlarmState::Cleared,
                Some(batch.into()),
            );
        }
        let m = Mixing {
            id: self.id(),
            time: self.t,
            batch_id: batch.into(),
            mixing_action_id: "DRY_MIX".into(),
            planned_s: recipe.mix_s,
            actual_s: recipe.mix_s + self.noise(1.0).abs(),
            energy_kwh: energy,
            peak_power_kw: peak_seen,
        };
        rows.mixing.push((self.line.clone(), m));
    }

    /// A stop of 2 to 25 minutes with its alarm; a quarter of them without a reason.
    pub(super) fn stop(&mut self, rows: &mut Rows) {
        let (reason, code, critical, message) = STOPS[self.rng.random_range(0..STOPS.len())];
        let (state, severity) = recipes::stop_state(critical);
        let reported = (!self.rng.random_bool(0.25)).then_some(reason);
        self.state(rows, state, reported);
        self.alarm(rows, code, severity, message, AlarmState::Raised, None);
        let minutes = self.rng.random_range(2.0..25.0);
        // The operator acknowledges it at the panel while the line stands.
        let after = self.ack_delay(60.0 * minutes - 1.0);
        self.acknowledge(rows, code, severity, message, after);
        self.pass(60.0 * minutes);
        self.alarm(rows, code, severity, message, AlarmState::Cleared, None);
        self.state(rows, LineStateKind::Running, None);
    }

    /// A test weight on every scale the line's recipes use.
    pub(super) fn calibrate(&mut self, rows: &mut Rows) {
        let mut scales: Vec<String> = self
            .recipes
            .iter()
            .flat_map(|r| r.ingredients.iter().map(|i| i.scale.clone()))
            .collect();
        scales.sort();
        scales.dedup();
        for code in scales {
            let s = recipes::scale(&code);
            let test = s.coarse_kg_s * 10.0;
            let error = self.noise(s.resolution_kg);
            let c = Calibration {
                id: self.id(),
                time: self.t,
                scale_id: code.clone(),
                test_weight_kg: test,
                reading_kg: test + error,
                error_kg: error,
                passed: error.abs() <= s.resolution_kg * 2.0,
                by: Some("backfill".into()),
            };
            rows.calibration.push((self.line.clone(), c));
            self.pass(30.0);
        }
    }
}
