//! The demo recipes: feeds a mill makes every day, each passing every recipe check on both
//! lines and released to production. Shares are percent of the line's batch size, tolerances
//! percent of the setpoint; the medicated starter is made only on the pellet line.

use crate::Names;

/// Material code, share of the batch (%), tolerance (% of the setpoint).
pub type Share = (&'static str, f64, f64);

pub struct RecipeSpec {
    pub code: &'static str,
    pub names: Names,
    pub product: &'static str,
    /// NONE, ADDITIVE, COCCIDIOSTAT or MEDICATED.
    pub class: &'static str,
    /// Only on pellet lines.
    pub pellets_only: bool,
    pub shares: &'static [Share],
    /// Seconds of dry and of wet mixing.
    pub mix_s: (f64, f64),
}

pub const RECIPES: [RecipeSpec; 4] = [
    RecipeSpec {
        code: "BRG-01",
        names: [
            "Broiler grower",
            "Broilermast",
            "Vleeskuikengroeivoer",
            "Croissance poulet",
            "Crecimiento broiler",
        ],
        product: "Broiler grower crumble",
        class: "NONE",
        pellets_only: false,
        shares: &[
            ("CORN", 55.0, 0.5),
            ("SOYBEAN_MEAL", 30.0, 0.5),
            ("WHEAT_BRAN", 8.0, 1.0),
            ("LIMESTONE", 1.5, 2.0),
            ("DCP", 1.0, 2.0),
            ("PREMIX_BROILER", 1.0, 2.0),
            ("SALT", 0.5, 3.0),
            ("SOYBEAN_OIL", 3.0, 2.0),
        ],
        mix_s: (90.0, 60.0),
    },
    RecipeSpec {
        code: "LAY-02",
        names: [
            "Layer mash",
            "Legehennenmehl",
            "Legmeel",
            "Farine pondeuse",
            "Harina ponedoras",
        ],
        product: "Layer mash",
        class: "NONE",
        pellets_only: false,
        shares: &[
            ("CORN", 60.0, 0.5),
            ("SOYBEAN_MEAL", 22.0, 0.5),
            ("WHEAT_BRAN", 6.5, 1.0),
            ("LIMESTONE", 9.0, 1.0),
            ("PREMIX_LAYER", 1.0, 2.0),
            ("SOYBEAN_OIL", 1.5, 2.0),
        ],
        mix_s: (75.0, 45.0),
    },
    RecipeSpec {
        code: "PFN-03",
        names: [
            "Pig finisher",
            "Schweinemast Endmast",
            "Varkens afmestvoer",
            "Porc finition",
            "Cerdo acabado",
        ],
        product: "Pig finisher pellets",
        class: "NONE",
        pellets_only: false,
        shares: &[
            ("BARLEY", 45.0, 0.5),
            ("WHEAT", 25.0, 0.5),
            ("SOYBEAN_MEAL", 20.0, 0.5),
            ("RAPESEED_MEAL", 6.0, 1.0),
            ("PREMIX_PIG", 1.0, 2.0),
            ("SOYBEAN_OIL", 1.5, 2.0),
            ("MOLASSES", 1.5, 2.0),
        ],
        mix_s: (100.0, 60.0),
    },
    RecipeSpec {
        code: "MST-04",
        names: [
            "Medicated broiler starter",
            "Broilerstarter mit Kokzidiostatikum",
            "Vleeskuikenstart met coccidiostaticum",
            "Démarrage poulet avec coccidiostatique",
            "Iniciación broiler con coccidiostático",
        ],
        product: "Broiler starter crumble, coccidiostat",
        class: "COCCIDIOSTAT",
        pellets_only: true,
        shares: &[
            ("CORN", 52.0, 0.5),
            ("SOYBEAN_MEAL", 35.0, 0.5),
            ("WHEAT_BRAN", 5.0, 1.0),
            ("LIMESTONE", 1.5, 2.0),
            ("DCP", 1.5, 2.0),
            ("PREMIX_BROILER", 1.0, 2.0),
            ("SALT", 0.5, 3.0),
            ("SOYBEAN_OIL", 3.0, 2.0),
            ("COCCIDIOSTAT", 0.5, 1.0),
        ],
        mix_s: (120.0, 60.0),
    },
];
