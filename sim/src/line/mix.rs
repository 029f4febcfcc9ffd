//! The mixing of a batch: the mixer's power curve and temperature, the pellet press's
//! pressure, an over-temperature alarm now and then, and a mixing record per step of the
//! recipe; then the discharge through the downstream equipment (conditioner, steam, press).

use model::wire::*;
use rand::Rng;

use super::{Line, base};
use crate::recipes::{Recipe, mixer_power, mixer_temp};

impl Line {
    /// Dry mix: power rises to a peak as the mash wets and settles to a plateau; the mash warms.
    pub(super) async fn mix(&mut self, recipe: &Recipe) {
        let temp0 = 18.0 + self.noise(1.0);
        let hot = self.rng.random_bool(0.05);
        let steps = recipe.mix_s as usize;
        let mut t = 0usize;
        for (i, (action, planned_s)) in recipe.steps.iter().enumerate() {
            let (mut energy, mut peak_seen) = (0.0, 0.0f64);
            // The last step runs to the mix's end: a mix always takes `mix_s` ticks.
            let last = i + 1 == recipe.steps.len();
            let end = if last {
                steps
            } else {
                (t + *planned_s as usize).min(steps)
            };
            while t < end {
                let x = t as f64;
                let power = mixer_power(recipe.batch_kg, x) + self.noise(0.8);
                let temp = mixer_temp(temp0, x, recipe.mix_s, hot) + self.noise(0.15);
                energy += power / 3600.0;
                peak_seen = peak_seen.max(power);
                self.process(&[("MIXER_POWER_KW", power), ("MIXER_TEMP_C", temp)])
                    .await;
                if t.is_multiple_of(2) {
                    self.pressure(recipe).await;
                }
                if hot && t == steps * 3 / 4 {
                    self.alarm(
                        "MIXER_TEMP_HIGH",
                        Severity::Warning,
                        "Mixer temperature above 35 °C",
                        AlarmState::Raised,
                    )
                    .await;
                }
                self.wait(1.0).await;
                t += 1;
            }
            let batch_id = self.batch.clone().unwrap_or_default();
            // The last step's overrun is the one draw of the seeded stream a mix always made.
            let overrun = if last {
                self.noise(1.0)
            } else {
                self.extra_noise(1.0)
            };
            let actual_s = planned_s + overrun.abs();
            let mixing_action_id = action.clone();
            let m = base(|id, time| Mixing {
                id,
                time,
                batch_id,
                mixing_action_id,
                planned_s: *planned_s,
                actual_s,
                energy_kwh: energy,
                peak_power_kw: peak_seen,
            });
            self.send(vec![m]).await;
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
    }

    async fn pressure(&mut self, recipe: &Recipe) {
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

    /// Discharge: the mixer empties in about 20 s through the conditioner (steam-heated mash)
    /// into the pellet press, whose motor load follows the feed.
    pub(super) async fn discharge(&mut self) {
        let steam = 2.0 + self.extra_noise(0.05);
        for step in 0..10 {
            let feed = 1.0 - step as f64 / 10.0;
            let power = 40.0 * feed + self.noise(1.5);
            let conditioner = 78.0 + 4.0 * (1.0 - feed) + self.extra_noise(0.6);
            let steam = steam + self.extra_noise(0.03);
            let load = 120.0 + 60.0 * feed + self.extra_noise(3.0);
            self.process(&[
                ("MIXER_POWER_KW", power.max(0.0)),
                ("CONDITIONER_TEMP_C", conditioner),
                ("STEAM_BAR", steam),
                ("PRESS_LOAD_A", load),
            ])
            .await;
            self.wait(2.0).await;
        }
    }
}
