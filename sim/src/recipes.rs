//! What the simulated line doses: the control recipes of its orders ([`from_control`]), else
//! the simulator's own feed-mill recipes ([`builtin`]); and how its scales feed.

/// A scale's feeder behaviour.
pub struct Scale {
    pub id: &'static str,
    pub coarse_kg_s: f64,
    pub fine_kg_s: f64,
    /// Material still falling when the feeder stops.
    pub inflight_kg: f64,
    pub resolution_kg: f64,
}

pub const SCALES: [Scale; 5] = [
    Scale {
        id: "S-MAJOR",
        coarse_kg_s: 45.0,
        fine_kg_s: 6.0,
        inflight_kg: 4.0,
        resolution_kg: 0.5,
    },
    Scale {
        id: "S-MINOR",
        coarse_kg_s: 6.0,
        fine_kg_s: 0.8,
        inflight_kg: 0.4,
        resolution_kg: 0.05,
    },
    Scale {
        id: "S-MICRO",
        coarse_kg_s: 0.8,
        fine_kg_s: 0.1,
        inflight_kg: 0.03,
        resolution_kg: 0.005,
    },
    Scale {
        id: "S-LIQUID",
        coarse_kg_s: 4.0,
        fine_kg_s: 0.6,
        inflight_kg: 0.2,
        resolution_kg: 0.05,
    },
    // Hand additions: a person tips bags onto a small platform scale.
    Scale {
        id: "S-HAND",
        coarse_kg_s: 0.5,
        fine_kg_s: 0.05,
        inflight_kg: 0.0,
        resolution_kg: 0.01,
    },
];

pub fn scale(id: &str) -> &'static Scale {
    SCALES.iter().find(|s| s.id == id).unwrap_or(&SCALES[0])
}

/// One material of a recipe: what to dose, from where, how much.
#[derive(Debug, Clone, PartialEq)]
pub struct Ingredient {
    /// Codes, as production data names them.
    pub material: String,
    pub scale: String,
    pub bin: String,
    pub setpoint_kg: f64,
    pub tolerance_kg: f64,
}

/// A recipe the simulated line doses: an order's control recipe, or one of the simulator's own
/// ([`builtin`]) on a line without a board.
#[derive(Debug, Clone, PartialEq)]
pub struct Recipe {
    /// The recipe version's id (batches carry it).
    pub id: String,
    pub code: String,
    pub name: String,
    pub version: i32,
    pub batch_kg: f64,
    /// Seconds of mixing.
    pub mix_s: f64,
    /// The mixing steps: action code and planned seconds (together `mix_s`).
    pub steps: Vec<(String, f64)>,
    pub ingredients: Vec<Ingredient>,
}

/// (material, scale, bin, percent of the batch, tolerance percent of the setpoint).
type Share = (&'static str, &'static str, &'static str, f64, f64);

fn recipe(id: &str, code: &str, name: &str, batch_kg: f64, mix_s: f64, shares: &[Share]) -> Recipe {
    Recipe {
        id: id.into(),
        code: code.into(),
        name: name.into(),
        version: 1,
        batch_kg,
        mix_s,
        steps: vec![("DRY_MIX".into(), mix_s)],
        ingredients: shares
            .iter()
            .map(|(material, scale, bin, pct, tol)| {
                let setpoint_kg = batch_kg * pct / 100.0;
                Ingredient {
                    material: material.to_string(),
                    scale: scale.to_string(),
                    bin: bin.to_string(),
                    setpoint_kg,
                    tolerance_kg: setpoint_kg * tol / 100.0,
                }
            })
            .collect(),
    }
}

/// The simulator's own recipes, for lines without released recipes (benchmarks, `L1..Ln`).
pub fn builtin() -> Vec<Recipe> {
    vec![
        recipe(
            "R-BROILER-GROWER",
            "BRG-01",
            "Broiler grower",
            3000.0,
            150.0,
            &[
                ("CORN", "S-MAJOR", "BIN-01", 55.0, 0.5),
                ("SOYBEAN_MEAL", "S-MAJOR", "BIN-02", 30.0, 0.5),
                ("WHEAT_BRAN", "S-MAJOR", "BIN-03", 8.0, 1.0),
                ("LIMESTONE", "S-MINOR", "BIN-20", 1.5, 2.0),
                ("DCP", "S-MINOR", "BIN-21", 1.0, 2.0),
                ("PREMIX_BROILER", "S-MICRO", "BIN-30", 1.0, 2.0),
                ("SALT", "S-MICRO", "BIN-31", 0.5, 3.0),
                ("SOYBEAN_OIL", "S-LIQUID", "TANK-01", 3.0, 2.0),
            ],
        ),
        recipe(
            "R-LAYER-MASH",
            "LAY-02",
            "Layer mash",
            2500.0,
            120.0,
            &[
                ("CORN", "S-MAJOR", "BIN-01", 60.0, 0.5),
                ("SOYBEAN_MEAL", "S-MAJOR", "BIN-02", 22.0, 0.5),
                ("WHEAT_BRAN", "S-MAJOR", "BIN-03", 6.5, 1.0),
                ("LIMESTONE", "S-MINOR", "BIN-20", 9.0, 1.0),
                ("PREMIX_LAYER", "S-MICRO", "BIN-32", 1.0, 2.0),
                ("SOYBEAN_OIL", "S-LIQUID", "TANK-01", 1.5, 2.0),
            ],
        ),
        recipe(
            "R-PIG-FINISHER",
            "PFN-03",
            "Pig finisher",
            4000.0,
            180.0,
            &[
                ("BARLEY", "S-MAJOR", "BIN-04", 45.0, 0.5),
                ("WHEAT", "S-MAJOR", "BIN-05", 25.0, 0.5),
                ("SOYBEAN_MEAL", "S-MAJOR", "BIN-02", 20.0, 0.5),
                ("RAPESEED_MEAL", "S-MAJOR", "BIN-06", 6.0, 1.0),
                ("PREMIX_PIG", "S-MICRO", "BIN-33", 2.5, 2.0),
                ("SOYBEAN_OIL", "S-LIQUID", "TANK-01", 1.5, 2.0),
            ],
        ),
    ]
}

/// The mixer's power (kW, before noise) `t` seconds into mixing a batch of `batch_kg`: it rises
/// to a peak as the mash wets, then settles to a plateau.
pub fn mixer_power(batch_kg: f64, t: f64) -> f64 {
    let (peak, plateau) = (batch_kg / 60.0, batch_kg / 90.0);
    plateau + (peak - plateau) * (t / 6.0).min(1.0) * (-(t - 6.0).max(0.0) / 25.0).exp()
}

/// The mash's temperature (°C, before noise) `t` of `mix_s` seconds into mixing, from `start`;
/// a `hot` batch warms 12 °C more.
pub fn mixer_temp(start: f64, t: f64, mix_s: f64, hot: bool) -> f64 {
    start + 9.0 * t / mix_s + if hot { 12.0 * t / mix_s } else { 0.0 }
}

/// The line state and alarm severity of a stop: a critical one is a fault.
pub fn stop_state(critical: bool) -> (model::wire::LineStateKind, model::wire::Severity) {
    use model::wire::{LineStateKind, Severity};
    if critical {
        (LineStateKind::Fault, Severity::Critical)
    } else {
        (LineStateKind::Stopped, Severity::Warning)
    }
}

/// Reasons a line stops: (stop reason id, alarm code, severity is critical, message).
pub const STOPS: [(&str, &str, bool, &str); 4] = [
    (
        "SR-BLOCKAGE",
        "CONVEYOR_BLOCKED",
        false,
        "Conveyor below the mixer is blocked",
    ),
    (
        "SR-SHORTAGE",
        "BIN_EMPTY",
        false,
        "Bin ran empty during dosing",
    ),
    (
        "SR-CLEANING",
        "PLANNED_CLEANING",
        false,
        "Planned cleaning of the mixer",
    ),
    (
        "SR-ELECTRICAL",
        "MOTOR_OVERLOAD",
        true,
        "Mixer motor overload tripped",
    ),
];

/// A control recipe as the simulated line doses it: codes and kilograms as frozen at release;
/// a recipe without mixing steps (a flush) mixes for 30 s.
pub fn from_control(c: &model::schedule::control::ControlRecipe) -> Recipe {
    let mix_s = c.mixing_s();
    Recipe {
        id: c
            .recipe_id
            .map_or_else(|| c.recipe_code.clone(), |id| id.to_string()),
        code: c.recipe_code.clone(),
        name: c.recipe_name.clone(),
        version: c.recipe_version,
        batch_kg: c.batch_size_kg,
        mix_s: if mix_s > 0.0 { mix_s } else { 30.0 },
        steps: {
            let mut steps: Vec<_> = c.mixing.iter().filter(|m| m.duration_s > 0.0).collect();
            steps.sort_by_key(|m| m.sequence);
            let steps: Vec<(String, f64)> = steps
                .iter()
                .map(|m| (m.action_code.clone(), m.duration_s))
                .collect();
            if steps.is_empty() {
                vec![("DRY_MIX".into(), 30.0)]
            } else {
                steps
            }
        },
        ingredients: c
            .weighings
            .iter()
            .map(|w| Ingredient {
                material: w.material_code.clone(),
                scale: w.scale_code.clone(),
                bin: w.bin_code.clone().unwrap_or_default(),
                setpoint_kg: w.setpoint_kg,
                tolerance_kg: w.tolerance_kg,
            })
            .collect(),
    }
}
