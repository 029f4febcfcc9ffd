//! Material categories and materials, each material with the bin (or tank) that holds it and
//! the scale that weighs it; every bin gets a dosing point.

use crate::Names;

/// Code, names, the scales its materials may be weighed on.
pub const CATEGORIES: [(&str, Names, &[&str]); 5] = [
    (
        "GRAINS",
        ["Grains", "Getreide", "Granen", "Céréales", "Cereales"],
        &["S-MAJOR"],
    ),
    (
        "PROTEINS",
        [
            "Proteins",
            "Eiweißträger",
            "Eiwitbronnen",
            "Protéines",
            "Proteínas",
        ],
        &["S-MAJOR"],
    ),
    (
        "MINERALS",
        [
            "Minerals",
            "Mineralstoffe",
            "Mineralen",
            "Minéraux",
            "Minerales",
        ],
        &["S-MINOR", "S-MICRO"],
    ),
    (
        "LIQUIDS",
        [
            "Liquids",
            "Flüssigkeiten",
            "Vloeistoffen",
            "Liquides",
            "Líquidos",
        ],
        &["S-LIQUID"],
    ),
    (
        "PREMIXES",
        [
            "Premixes",
            "Vormischungen",
            "Premixen",
            "Prémélanges",
            "Premezclas",
        ],
        &["S-MICRO", "S-HAND"],
    ),
];

/// A material with the bin (or tank) that holds it, on the scale that weighs it.
pub struct MaterialSpec {
    pub code: &'static str,
    pub names: Names,
    pub category: &'static str,
    pub scale: &'static str,
    pub bin: &'static str,
    pub bin_kg: f64,
    pub density: f64,
    pub cost_per_kg: f64,
    pub medicated: bool,
    pub lot_tracked: bool,
}

/// A material: code, names, category, (scale, bin, bin capacity kg), (density, cost per kg).
pub const fn material(
    code: &'static str,
    names: Names,
    category: &'static str,
    (scale, bin, bin_kg): (&'static str, &'static str, f64),
    (density, cost_per_kg): (f64, f64),
) -> MaterialSpec {
    MaterialSpec {
        code,
        names,
        category,
        scale,
        bin,
        bin_kg,
        density,
        cost_per_kg,
        medicated: false,
        lot_tracked: false,
    }
}

/// `m`, its lots tracked (its bin holds a lot number).
pub const fn lot_tracked(mut m: MaterialSpec) -> MaterialSpec {
    m.lot_tracked = true;
    m
}

/// `m`, a medicated material.
pub const fn medicated(mut m: MaterialSpec) -> MaterialSpec {
    m.medicated = true;
    m
}

/// The materials in bin order, each on a scale its category allows (the position numbers the
/// lot of a lot-tracked material's bin).
pub const MATERIALS: [MaterialSpec; 15] = [
    material(
        "CORN",
        ["Maize", "Mais", "Maïs", "Maïs", "Maíz"],
        "GRAINS",
        ("S-MAJOR", "BIN-01", 40_000.0),
        (720.0, 0.22),
    ),
    material(
        "SOYBEAN_MEAL",
        [
            "Soybean meal",
            "Sojaextraktionsschrot",
            "Sojaschroot",
            "Tourteau de soja",
            "Harina de soja",
        ],
        "PROTEINS",
        ("S-MAJOR", "BIN-02", 30_000.0),
        (650.0, 0.42),
    ),
    material(
        "WHEAT_BRAN",
        [
            "Wheat bran",
            "Weizenkleie",
            "Tarwezemelen",
            "Son de blé",
            "Salvado de trigo",
        ],
        "GRAINS",
        ("S-MAJOR", "BIN-03", 20_000.0),
        (350.0, 0.17),
    ),
    material(
        "BARLEY",
        ["Barley", "Gerste", "Gerst", "Orge", "Cebada"],
        "GRAINS",
        ("S-MAJOR", "BIN-04", 30_000.0),
        (620.0, 0.20),
    ),
    material(
        "WHEAT",
        ["Wheat", "Weizen", "Tarwe", "Blé", "Trigo"],
        "GRAINS",
        ("S-MAJOR", "BIN-05", 40_000.0),
        (780.0, 0.23),
    ),
    material(
        "RAPESEED_MEAL",
        [
            "Rapeseed meal",
            "Rapsextraktionsschrot",
            "Raapzaadschroot",
            "Tourteau de colza",
            "Harina de colza",
        ],
        "PROTEINS",
        ("S-MAJOR", "BIN-06", 20_000.0),
        (600.0, 0.30),
    ),
    material(
        "LIMESTONE",
        [
            "Limestone",
            "Futterkalk",
            "Voederkalk",
            "Carbonate de calcium",
            "Carbonato cálcico",
        ],
        "MINERALS",
        ("S-MINOR", "BIN-20", 5_000.0),
        (1300.0, 0.05),
    ),
    material(
        "DCP",
        [
            "Dicalcium phosphate",
            "Dicalciumphosphat",
            "Dicalciumfosfaat",
            "Phosphate bicalcique",
            "Fosfato bicálcico",
        ],
        "MINERALS",
        ("S-MINOR", "BIN-21", 3_000.0),
        (900.0, 0.65),
    ),
    lot_tracked(material(
        "PREMIX_BROILER",
        [
            "Broiler premix",
            "Vormischung Masthähnchen",
            "Premix vleeskuikens",
            "Prémélange poulets de chair",
            "Premezcla pollos de engorde",
        ],
        "PREMIXES",
        ("S-MICRO", "BIN-30", 500.0),
        (700.0, 2.40),
    )),
    material(
        "SALT",
        ["Salt", "Viehsalz", "Zout", "Sel", "Sal"],
        "MINERALS",
        ("S-MICRO", "BIN-31", 500.0),
        (1200.0, 0.10),
    ),
    lot_tracked(material(
        "PREMIX_LAYER",
        [
            "Layer premix",
            "Vormischung Legehennen",
            "Premix leghennen",
            "Prémélange pondeuses",
            "Premezcla ponedoras",
        ],
        "PREMIXES",
        ("S-MICRO", "BIN-32", 500.0),
        (700.0, 2.20),
    )),
    lot_tracked(material(
        "PREMIX_PIG",
        [
            "Pig premix",
            "Vormischung Schweine",
            "Premix varkens",
            "Prémélange porcs",
            "Premezcla cerdos",
        ],
        "PREMIXES",
        ("S-MICRO", "BIN-33", 500.0),
        (700.0, 2.10),
    )),
    material(
        "SOYBEAN_OIL",
        [
            "Soybean oil",
            "Sojaöl",
            "Sojaolie",
            "Huile de soja",
            "Aceite de soja",
        ],
        "LIQUIDS",
        ("S-LIQUID", "TANK-01", 10_000.0),
        (920.0, 1.10),
    ),
    material(
        "MOLASSES",
        [
            "Cane molasses",
            "Zuckerrohrmelasse",
            "Rietmelasse",
            "Mélasse de canne",
            "Melaza de caña",
        ],
        "LIQUIDS",
        ("S-LIQUID", "TANK-02", 15_000.0),
        (1400.0, 0.18),
    ),
    medicated(lot_tracked(material(
        "COCCIDIOSTAT",
        [
            "Medicated premix (coccidiostat)",
            "Arzneimittel-Vormischung (Kokzidiostatikum)",
            "Gemedicineerde premix (coccidiostaticum)",
            "Prémélange médicamenteux (coccidiostatique)",
            "Premezcla medicamentosa (coccidiostato)",
        ],
        "PREMIXES",
        ("S-HAND", "HAND-01", 100.0),
        (650.0, 8.50),
    ))),
];

/// A dosing point is named this word and its material's name.
pub const DOSING: Names = ["Dosing", "Dosierung", "Dosering", "Dosage", "Dosificación"];
