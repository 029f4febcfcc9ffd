//! The mixing of a batch: the mixer's power curve and temperature, the pellet press's
//! pressure, an over-temperature alarm now and then, and the mixing record.

use model::wire::*;
use rand::Rng;

use super::{Line, base};
use crate::recipes::{Recipe, mixer_power, mixer_temp};

impl Line {
    /// Dry mix: power rises to a peak as the mash wets and settles to a plateau; the mash warms.
    pub(super) async fn mix(&mut self, recipe: &Recipe) {
        let temp0 = 18.0 + self.noise(1.0);
        let (mut energy, mut peak_seen) = (0.0, 0.0f64);
        let hot = self.rng.random_bool(0.05);
        let steps = recipe.mix_s as usize;
        for t in 0..steps {
            let t = t as f64;
            let power = mixer_power(recipe.batch_kg, t) + self.noise(0.8);
            let temp = mixer_temp(temp0, t, recipe.mix_s, hot) + self.noise(0.15);
            energy += power / 3600.0;
            peak_seen = peak_seen.max(power);
            self.process(&[("MIXER_POWER_KW", power), ("MIXER_TEMP_C", temp)])
                .await;
            if (t as usize).is_multiple_of(2) {
                let pressure = 2.5 + self.noise(0.08);
                let batch_id = self.batch.clone();
                let p = base(|id, time| Pressure {
                    id,
                    time,
                    batch_id,
                    material_code: Some(recipe.code.clone()),
                    sensor: "PCS-1".into(),
                    pressure_bar: pressure,
                    setpoint_bar: 2.5,
                });
                self.send(vec![p]).await;
            }
            if hot && t as usize == steps * 3 / 4 {
                self.alarm(
                    "MIXER_TEMP_HIGH",
                    Severity::Warning,
                    "Mixer temperature above 35 °C",
                    AlarmState::Raised,
                )
                .await;
            }
            self.wait(1.0).await;
        }
        if hot {
            self.alarm(
                "MIXER_TEMP_HIGH",
                Severity::Warning,
                "Mixer temperature above 35 °C",
                AlarmState::Cleared,
            )
            .await;
        }
        let batch_id = self.batch.clone().unwrap_or_default();
        let actual_s = recipe.mix_s + self.noise(1.0).abs();
        let m = base(|id, time| Mixing {
            id,
            time,
            batch_id,
            mixing_action_id: "DRY_MIX".into(),
            planned_s: recipe.mix_s,
            actual_s,
            energy_kwh: energy,
            peak_power_kw: peak_seen,
        });
        self.send(vec![m]).await;
    }
}
