//! The equipment of each demo line: the line itself, its shifts, one scale of every type (with
//! the feeder its dosing points use) and the feeding points where the scales discharge into the
//! mixer.

use crate::Names;

/// A demo line.
pub struct LineSpec {
    pub code: &'static str,
    pub names: Names,
    /// Batch size and mixer capacity, kg.
    pub batch_kg: f64,
    pub mixer_kg: f64,
    /// A full mixer's batch time at the ideal rate, s: the line's default ideal rate for OEE
    /// (a batch cycle of the simulated lines is about five minutes).
    pub nominal_batch_s: f64,
    /// Pellet lines have a conditioner and press downstream of the mixer.
    pub pellets: bool,
}

/// A pellet line and a mash line.
pub const LINES: [LineSpec; 2] = [
    LineSpec {
        code: "L1",
        names: [
            "Line 1 – Pellet mill",
            "Linie 1 – Pelletierung",
            "Lijn 1 – Pelleteerlijn",
            "Ligne 1 – Granulation",
            "Línea 1 – Granulación",
        ],
        batch_kg: 4000.0,
        mixer_kg: 5000.0,
        nominal_batch_s: 270.0,
        pellets: true,
    },
    LineSpec {
        code: "L2",
        names: [
            "Line 2 – Mash line",
            "Linie 2 – Mehlfutter",
            "Lijn 2 – Meellijn",
            "Ligne 2 – Farine",
            "Línea 2 – Harina",
        ],
        batch_kg: 3000.0,
        mixer_kg: 4000.0,
        nominal_batch_s: 240.0,
        pellets: false,
    },
];

/// The time zone of every demo line.
pub const TIME_ZONE: &str = "Europe/Amsterdam";

/// Name, start, end (an end before the start crosses midnight), days.
pub const SHIFTS: [(Names, &str, &str, &[&str]); 3] = [
    (
        [
            "Early shift",
            "Frühschicht",
            "Vroege dienst",
            "Équipe du matin",
            "Turno de mañana",
        ],
        "06:00",
        "14:00",
        &["MON", "TUE", "WED", "THU", "FRI", "SAT"],
    ),
    (
        [
            "Late shift",
            "Spätschicht",
            "Late dienst",
            "Équipe d'après-midi",
            "Turno de tarde",
        ],
        "14:00",
        "22:00",
        &["MON", "TUE", "WED", "THU", "FRI"],
    ),
    (
        [
            "Night shift",
            "Nachtschicht",
            "Nachtdienst",
            "Équipe de nuit",
            "Turno de noche",
        ],
        "22:00",
        "06:00",
        &["SUN", "MON", "TUE", "WED", "THU"],
    ),
];

/// A scale: capacity, minimum weighment and resolution in kg, tolerance in %, settle time in s.
pub struct ScaleSpec {
    pub code: &'static str,
    pub names: Names,
    pub kind: &'static str,
    pub capacity_kg: f64,
    pub min_weigh_kg: f64,
    pub resolution_kg: f64,
    pub tolerance_pct: f64,
    pub settle_s: f64,
    /// The feeder of this scale's dosing points: type, coarse and fine kg/s, fine switch and
    /// in-flight kg.
    pub feeder: (&'static str, f64, f64, f64, f64),
}

/// One scale of every type.
pub const SCALES: [ScaleSpec; 5] = [
    ScaleSpec {
        code: "S-MAJOR",
        names: [
            "Major scale",
            "Großkomponentenwaage",
            "Hoofdweger",
            "Bascule principale",
            "Báscula de macros",
        ],
        kind: "MAJOR",
        capacity_kg: 5000.0,
        min_weigh_kg: 20.0,
        resolution_kg: 0.5,
        tolerance_pct: 0.5,
        settle_s: 3.0,
        feeder: ("SCREW", 45.0, 6.0, 60.0, 4.0),
    },
    ScaleSpec {
        code: "S-MINOR",
        names: [
            "Minor scale",
            "Kleinkomponentenwaage",
            "Kleinweger",
            "Bascule secondaire",
            "Báscula de minoritarios",
        ],
        kind: "MINOR",
        capacity_kg: 500.0,
        min_weigh_kg: 2.0,
        resolution_kg: 0.05,
        tolerance_pct: 1.0,
        settle_s: 2.0,
        feeder: ("SCREW", 6.0, 0.8, 8.0, 0.4),
    },
    ScaleSpec {
        code: "S-MICRO",
        names: [
            "Micro scale",
            "Mikrowaage",
            "Microweger",
            "Bascule micro",
            "Báscula de micros",
        ],
        kind: "MICRO",
        capacity_kg: 50.0,
        min_weigh_kg: 0.2,
        resolution_kg: 0.005,
        tolerance_pct: 2.0,
        settle_s: 2.0,
        feeder: ("VIBRATOR", 0.8, 0.1, 0.8, 0.03),
    },
    ScaleSpec {
        code: "S-LIQUID",
        names: [
            "Liquid scale",
            "Flüssigwaage",
            "Vloeistofweger",
            "Bascule liquides",
            "Báscula de líquidos",
        ],
        kind: "LIQUID",
        capacity_kg: 300.0,
        min_weigh_kg: 1.0,
        resolution_kg: 0.05,
        tolerance_pct: 1.5,
        settle_s: 1.0,
        feeder: ("PUMP", 4.0, 0.6, 5.0, 0.2),
    },
    ScaleSpec {
        code: "S-HAND",
        names: [
            "Hand-add station",
            "Handzugabestation",
            "Handstortstation",
            "Poste d'ajout manuel",
            "Puesto de adición manual",
        ],
        kind: "HAND_ADD",
        capacity_kg: 25.0,
        min_weigh_kg: 0.05,
        resolution_kg: 0.001,
        tolerance_pct: 2.0,
        settle_s: 1.0,
        feeder: ("SLIDE_GATE", 0.5, 0.05, 0.2, 0.01),
    },
];

/// Code, names, type, scale, sequence.
pub const FEEDING_POINTS: [(&str, Names, &str, &str, i64); 5] = [
    (
        "FP-MAJOR",
        [
            "Major scale discharge",
            "Entleerung Großkomponentenwaage",
            "Lossen hoofdweger",
            "Vidange bascule principale",
            "Descarga báscula de macros",
        ],
        "SCALE_DISCHARGE",
        "S-MAJOR",
        10,
    ),
    (
        "FP-MINOR",
        [
            "Minor scale discharge",
            "Entleerung Kleinkomponentenwaage",
            "Lossen kleinweger",
            "Vidange bascule secondaire",
            "Descarga báscula de minoritarios",
        ],
        "SCALE_DISCHARGE",
        "S-MINOR",
        20,
    ),
    (
        "FP-MICRO",
        [
            "Micro scale discharge",
            "Entleerung Mikrowaage",
            "Lossen microweger",
            "Vidange bascule micro",
            "Descarga báscula de micros",
        ],
        "SCALE_DISCHARGE",
        "S-MICRO",
        30,
    ),
    (
        "FP-LIQUID",
        [
            "Liquid injection",
            "Flüssigeindüsung",
            "Vloeistofinjectie",
            "Injection de liquides",
            "Inyección de líquidos",
        ],
        "LIQUID",
        "S-LIQUID",
        40,
    ),
    (
        "FP-HAND",
        [
            "Hand-add hatch",
            "Handzugabeklappe",
            "Handstortluik",
            "Trappe d'ajout manuel",
            "Tolva de adición manual",
        ],
        "HAND_ADD",
        "S-HAND",
        50,
    ),
];
