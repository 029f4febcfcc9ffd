//! The simulator's own demo plant: recipes of a feed mill and the scales that weigh them,
//! used until released production schedules exist.

/// A scale's feeder behaviour.
pub struct Scale {
    pub id: &'static str,
    pub coarse_kg_s: f64,
    pub fine_kg_s: f64,
    /// Material still falling when the feeder stops.
    pub inflight_kg: f64,
    pub resolution_kg: f64,
}

pub const SCALES: [Scale; 4] = [
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
];

pub fn scale(id: &str) -> &'static Scale {
    SCALES.iter().find(|s| s.id == id).unwrap_or(&SCALES[0])
}

pub struct Ingredient {
    pub material: &'static str,
    pub scale: &'static str,
    pub bin: &'static str,
    pub percent: f64,
    pub tolerance_pct: f64,
}

pub struct Recipe {
    pub id: &'static str,
    pub code: &'static str,
    pub name: &'static str,
    pub batch_kg: f64,
    pub mix_s: f64,
    pub ingredients: &'static [Ingredient],
}

macro_rules! ing {
    ($m:literal, $s:literal, $b:literal, $p:literal, $t:literal) => {
        Ingredient {
            material: $m,
            scale: $s,
            bin: $b,
            percent: $p,
            tolerance_pct: $t,
        }
    };
}

pub const RECIPES: [Recipe; 3] = [
    Recipe {
        id: "R-BROILER-GROWER",
        code: "BRG-01",
        name: "Broiler grower",
        batch_kg: 3000.0,
        mix_s: 150.0,
        ingredients: &[
            ing!("CORN", "S-MAJOR", "BIN-01", 55.0, 0.5),
            ing!("SOYBEAN_MEAL", "S-MAJOR", "BIN-02", 30.0, 0.5),
            ing!("WHEAT_BRAN", "S-MAJOR", "BIN-03", 8.0, 1.0),
            ing!("LIMESTONE", "S-MINOR", "BIN-20", 1.5, 2.0),
            ing!("DCP", "S-MINOR", "BIN-21", 1.0, 2.0),
            ing!("PREMIX_BROILER", "S-MICRO", "BIN-30", 1.0, 2.0),
            ing!("SALT", "S-MICRO", "BIN-31", 0.5, 3.0),
            ing!("SOYBEAN_OIL", "S-LIQUID", "TANK-01", 3.0, 2.0),
        ],
    },
    Recipe {
        id: "R-LAYER-MASH",
        code: "LAY-02",
        name: "Layer mash",
        batch_kg: 2500.0,
        mix_s: 120.0,
        ingredients: &[
            ing!("CORN", "S-MAJOR", "BIN-01", 60.0, 0.5),
            ing!("SOYBEAN_MEAL", "S-MAJOR", "BIN-02", 22.0, 0.5),
            ing!("WHEAT_BRAN", "S-MAJOR", "BIN-03", 6.5, 1.0),
            ing!("LIMESTONE", "S-MINOR", "BIN-20", 9.0, 1.0),
            ing!("PREMIX_LAYER", "S-MICRO", "BIN-32", 1.0, 2.0),
            ing!("SOYBEAN_OIL", "S-LIQUID", "TANK-01", 1.5, 2.0),
        ],
    },
    Recipe {
        id: "R-PIG-FINISHER",
        code: "PFN-03",
        name: "Pig finisher",
        batch_kg: 4000.0,
        mix_s: 180.0,
        ingredients: &[
            ing!("BARLEY", "S-MAJOR", "BIN-04", 45.0, 0.5),
            ing!("WHEAT", "S-MAJOR", "BIN-05", 25.0, 0.5),
            ing!("SOYBEAN_MEAL", "S-MAJOR", "BIN-02", 20.0, 0.5),
            ing!("RAPESEED_MEAL", "S-MAJOR", "BIN-06", 6.0, 1.0),
            ing!("PREMIX_PIG", "S-MICRO", "BIN-33", 2.5, 2.0),
            ing!("SOYBEAN_OIL", "S-LIQUID", "TANK-01", 1.5, 2.0),
        ],
    },
];

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
