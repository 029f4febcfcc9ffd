//! The demo feed mill of `batchline seed`: two lines (a pellet line and a mash line), each with
//! shifts, one scale of every type, material categories and materials in bins, dosing and
//! feeding points, mixing actions and modes with their parameters, engineering and report
//! parameters, an iRam, parameter groups and stop reasons. Every record goes through
//! [`super::create`], the checks of the add calls. Codes follow the simulator's
//! (`sim::recipes`: `S-MAJOR`, `BIN-01`, `CORN`, `SR-BLOCKAGE`, `DRY_MIX`, `MIXER_POWER_KW`)
//! so production data and configuration name the same things; names come in the seed language.
//!
//! Seeding is skipped when any line is configured: the demo never mixes into a real plant, and
//! a second `batchline seed` creates nothing.

use std::collections::{BTreeMap, HashMap};
use std::fmt;

use anyhow::Context;
use model::Lang;
use serde_json::{Value as Json, json};

use super::create;
use super::records::entity;
use crate::AppState;

/// A name in every language, in the order of [`Lang::ALL`]: en, de, nl, fr, es.
type Names = [&'static str; 5];

/// What a seed did.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Summary {
    /// A plant was configured already; nothing was created.
    pub skipped: bool,
    /// Records created, per entity key.
    pub created: BTreeMap<&'static str, usize>,
}

impl fmt::Display for Summary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.skipped {
            return f.write_str("skipped (a plant is configured)");
        }
        let parts: Vec<String> = self
            .created
            .iter()
            .map(|(k, n)| format!("{k} {n}"))
            .collect();
        f.write_str(&parts.join(", "))
    }
}

struct LineSpec {
    code: &'static str,
    names: Names,
    batch_kg: f64,
    mixer_kg: f64,
    /// Pellet lines have a conditioner and press downstream of the mixer.
    pellets: bool,
}

const LINES: [LineSpec; 2] = [
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
        pellets: false,
    },
];

const TIME_ZONE: &str = "Europe/Amsterdam";

/// Name, start, end (an end before the start crosses midnight), days.
const SHIFTS: [(Names, &str, &str, &[&str]); 3] = [
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

struct ScaleSpec {
    code: &'static str,
    names: Names,
    kind: &'static str,
    capacity_kg: f64,
    min_weigh_kg: f64,
    resolution_kg: f64,
    tolerance_pct: f64,
    settle_s: f64,
    /// The feeder of this scale's dosing points: type, coarse and fine kg/s, fine switch and
    /// in-flight kg.
    feeder: (&'static str, f64, f64, f64, f64),
}

const SCALES: [ScaleSpec; 5] = [
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

/// Code, names, the scales its materials may be weighed on.
const CATEGORIES: [(&str, Names, &[&str]); 5] = [
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
struct MaterialSpec {
    code: &'static str,
    names: Names,
    category: &'static str,
    scale: &'static str,
    bin: &'static str,
    bin_kg: f64,
    density: f64,
    cost_per_kg: f64,
    medicated: bool,
    lot_tracked: bool,
}

/// A material: code, names, category, (scale, bin, bin capacity kg), (density, cost per kg).
const fn material(
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

const fn lot_tracked(mut m: MaterialSpec) -> MaterialSpec {
    m.lot_tracked = true;
    m
}

const MATERIALS: [MaterialSpec; 15] = [
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
    MaterialSpec {
        medicated: true,
        ..lot_tracked(material(
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
        ))
    },
];

const DOSING: Names = ["Dosing", "Dosierung", "Dosering", "Dosage", "Dosificación"];

/// Code, names, type, scale, sequence.
const FEEDING_POINTS: [(&str, Names, &str, &str, i64); 5] = [
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

/// An action, mode or miscellaneous parameter: code, names, data type, unit, min, max,
/// default, options.
type Typed = (
    &'static str,
    Names,
    &'static str,
    &'static str,
    Option<(f64, f64)>,
    &'static str,
    &'static [&'static str],
);

const ACTION_PARAMETERS: [Typed; 4] = [
    (
        "DURATION_S",
        ["Duration", "Dauer", "Duur", "Durée", "Duración"],
        "DECIMAL",
        "s",
        Some((0.0, 900.0)),
        "60",
        &[],
    ),
    (
        "SPEED_PCT",
        [
            "Mixer speed",
            "Mischerdrehzahl",
            "Mengertoerental",
            "Vitesse du mélangeur",
            "Velocidad de la mezcladora",
        ],
        "INT",
        "%",
        Some((10.0, 100.0)),
        "100",
        &[],
    ),
    (
        "DIRECTION",
        [
            "Rotation",
            "Drehrichtung",
            "Draairichting",
            "Sens de rotation",
            "Sentido de giro",
        ],
        "ENUM",
        "",
        None,
        "FORWARD",
        &["FORWARD", "REVERSE"],
    ),
    (
        "WAIT_LIQUIDS",
        [
            "Wait for liquids",
            "Auf Flüssigkeiten warten",
            "Wachten op vloeistoffen",
            "Attendre les liquides",
            "Esperar a los líquidos",
        ],
        "BOOL",
        "",
        None,
        "true",
        &[],
    ),
];

/// Code, names, action parameters.
const MIXING_ACTIONS: [(&str, Names, &[&str]); 3] = [
    (
        "DRY_MIX",
        [
            "Dry mix",
            "Trockenmischen",
            "Droog mengen",
            "Mélange à sec",
            "Mezcla en seco",
        ],
        &["DURATION_S", "SPEED_PCT", "DIRECTION"],
    ),
    (
        "WET_MIX",
        [
            "Wet mix",
            "Nassmischen",
            "Nat mengen",
            "Mélange humide",
            "Mezcla húmeda",
        ],
        &["DURATION_S", "SPEED_PCT", "WAIT_LIQUIDS"],
    ),
    (
        "DISCHARGE",
        ["Discharge", "Entleeren", "Lossen", "Vidange", "Descarga"],
        &["DURATION_S"],
    ),
];

const MODE_PARAMETERS: [Typed; 3] = [
    (
        "TOTAL_MIX_S",
        [
            "Total mixing time",
            "Gesamtmischzeit",
            "Totale mengtijd",
            "Temps de mélange total",
            "Tiempo total de mezcla",
        ],
        "DECIMAL",
        "s",
        Some((0.0, 1200.0)),
        "240",
        &[],
    ),
    (
        "LIQUID_START_S",
        [
            "Liquid start delay",
            "Verzögerung Flüssigzugabe",
            "Vertraging vloeistofdosering",
            "Délai d'ajout des liquides",
            "Retardo de adición de líquidos",
        ],
        "DECIMAL",
        "s",
        Some((0.0, 600.0)),
        "30",
        &[],
    ),
    (
        "FLUSH_BATCH",
        [
            "Flush batch afterwards",
            "Spülcharge danach",
            "Spoelcharge na afloop",
            "Charge de rinçage après",
            "Carga de lavado posterior",
        ],
        "BOOL",
        "",
        None,
        "false",
        &[],
    ),
];

/// Code, names, actions in sequence, mode parameters.
const MIXING_MODES: [(&str, Names, &[&str], &[&str]); 3] = [
    (
        "STANDARD",
        ["Standard", "Standard", "Standaard", "Standard", "Estándar"],
        &["DRY_MIX", "WET_MIX", "DISCHARGE"],
        &["TOTAL_MIX_S", "LIQUID_START_S"],
    ),
    (
        "DRY_ONLY",
        [
            "Dry only",
            "Nur trocken",
            "Alleen droog",
            "À sec uniquement",
            "Solo en seco",
        ],
        &["DRY_MIX", "DISCHARGE"],
        &["TOTAL_MIX_S"],
    ),
    (
        "MEDICATED",
        [
            "Medicated with flush batch",
            "Medikiert mit Spülcharge",
            "Gemedicineerd met spoelcharge",
            "Médicamenteux avec rinçage",
            "Medicado con lavado",
        ],
        &["DRY_MIX", "WET_MIX", "DISCHARGE"],
        &["TOTAL_MIX_S", "FLUSH_BATCH"],
    ),
];

const MISCELLANEOUS_PARAMETERS: [Typed; 3] = [
    (
        "BATCH_TOL_PCT",
        [
            "Batch weight tolerance",
            "Chargengewichtstoleranz",
            "Tolerantie chargegewicht",
            "Tolérance de poids de charge",
            "Tolerancia de peso de carga",
        ],
        "DECIMAL",
        "%",
        Some((0.0, 10.0)),
        "1",
        &[],
    ),
    (
        "PRINT_REPORT",
        [
            "Print batch report",
            "Chargenprotokoll drucken",
            "Chargerapport afdrukken",
            "Imprimer le rapport de charge",
            "Imprimir informe de carga",
        ],
        "BOOL",
        "",
        None,
        "true",
        &[],
    ),
    (
        "LOT_PREFIX",
        [
            "Lot number prefix",
            "Präfix Chargennummer",
            "Voorvoegsel lotnummer",
            "Préfixe du numéro de lot",
            "Prefijo del número de lote",
        ],
        "TEXT",
        "",
        None,
        "FM",
        &[],
    ),
];

/// Code, names, data type, unit, min and max, the value on each line.
type Engineering = (
    &'static str,
    Names,
    &'static str,
    &'static str,
    Option<(f64, f64)>,
    [&'static str; 2],
);

const ENGINEERING_PARAMETERS: [Engineering; 3] = [
    (
        "MIXER_MOTOR_KW",
        [
            "Mixer motor power",
            "Mischermotorleistung",
            "Vermogen mengermotor",
            "Puissance du moteur du mélangeur",
            "Potencia del motor de la mezcladora",
        ],
        "DECIMAL",
        "kW",
        Some((0.0, 500.0)),
        ["90", "75"],
    ),
    (
        "LOADCELL_FILTER_MS",
        [
            "Load cell filter",
            "Wägezellenfilter",
            "Loadcelfilter",
            "Filtre des capteurs de pesage",
            "Filtro de las células de carga",
        ],
        "INT",
        "ms",
        Some((0.0, 2000.0)),
        ["200", "250"],
    ),
    (
        "PLC_ADDRESS",
        [
            "PLC address",
            "SPS-Adresse",
            "PLC-adres",
            "Adresse de l'automate",
            "Dirección del PLC",
        ],
        "TEXT",
        "",
        None,
        ["10.20.1.10", "10.20.2.10"],
    ),
];

/// Code, names, unit, source, downstream, low and high limit, pellet lines only.
type Report = (
    &'static str,
    Names,
    &'static str,
    &'static str,
    bool,
    f64,
    f64,
    bool,
);

const REPORT_PARAMETERS: [Report; 5] = [
    (
        "MIXER_POWER_KW",
        [
            "Mixer power",
            "Mischerleistung",
            "Mengervermogen",
            "Puissance du mélangeur",
            "Potencia de la mezcladora",
        ],
        "kW",
        "MIXER",
        false,
        0.0,
        90.0,
        false,
    ),
    (
        "MIXER_TEMP_C",
        [
            "Mixer temperature",
            "Mischertemperatur",
            "Mengertemperatuur",
            "Température du mélangeur",
            "Temperatura de la mezcladora",
        ],
        "°C",
        "MIXER",
        false,
        5.0,
        45.0,
        false,
    ),
    (
        "CONDITIONER_TEMP_C",
        [
            "Conditioner temperature",
            "Konditioniertemperatur",
            "Conditionertemperatuur",
            "Température du conditionneur",
            "Temperatura del acondicionador",
        ],
        "°C",
        "DOWNSTREAM",
        true,
        60.0,
        90.0,
        true,
    ),
    (
        "PRESS_LOAD_A",
        [
            "Pellet press load",
            "Pressenlast",
            "Belasting pelletpers",
            "Charge de la presse à granulés",
            "Carga de la granuladora",
        ],
        "A",
        "DOWNSTREAM",
        true,
        0.0,
        400.0,
        true,
    ),
    (
        "STEAM_BAR",
        [
            "Steam pressure",
            "Dampfdruck",
            "Stoomdruk",
            "Pression de vapeur",
            "Presión de vapor",
        ],
        "bar",
        "PRESSURE",
        true,
        1.0,
        10.0,
        true,
    ),
];

const IRAM: Names = [
    "iRam controller",
    "iRam-Steuerung",
    "iRam-besturing",
    "Contrôleur iRam",
    "Controlador iRam",
];

/// Group type, names, the entity whose parameters it groups.
const PARAMETER_GROUPS: [(&str, Names, &str); 5] = [
    (
        "ACTION",
        [
            "Mixing action parameters",
            "Parameter der Mischaktionen",
            "Parameters mengacties",
            "Paramètres des actions de mélange",
            "Parámetros de las acciones de mezcla",
        ],
        "actionparameters",
    ),
    (
        "MODE",
        [
            "Mixing mode parameters",
            "Parameter der Mischmodi",
            "Parameters mengmodi",
            "Paramètres des modes de mélange",
            "Parámetros de los modos de mezcla",
        ],
        "modeparameters",
    ),
    (
        "MISC",
        [
            "General settings",
            "Allgemeine Einstellungen",
            "Algemene instellingen",
            "Réglages généraux",
            "Ajustes generales",
        ],
        "miscellaneousparameters",
    ),
    (
        "ENGINEERING",
        [
            "Engineering",
            "Technik",
            "Engineering",
            "Ingénierie",
            "Ingeniería",
        ],
        "engineeringparameters",
    ),
    (
        "REPORT",
        [
            "Process values",
            "Prozesswerte",
            "Proceswaarden",
            "Valeurs de process",
            "Valores de proceso",
        ],
        "reportparameters",
    ),
];

/// Code, names, planned.
const STOP_GROUPS: [(&str, Names, bool); 3] = [
    (
        "SG-PLANNED",
        [
            "Planned stops",
            "Geplante Stillstände",
            "Geplande stilstand",
            "Arrêts planifiés",
            "Paradas planificadas",
        ],
        true,
    ),
    (
        "SG-TECHNICAL",
        [
            "Technical faults",
            "Technische Störungen",
            "Technische storingen",
            "Pannes techniques",
            "Averías técnicas",
        ],
        false,
    ),
    (
        "SG-SUPPLY",
        [
            "Material supply",
            "Materialversorgung",
            "Materiaalaanvoer",
            "Approvisionnement",
            "Suministro de material",
        ],
        false,
    ),
];

/// Code, group, names (the group says whether it is planned).
const STOP_REASONS: [(&str, &str, Names); 7] = [
    (
        "SR-CLEANING",
        "SG-PLANNED",
        [
            "Planned cleaning",
            "Geplante Reinigung",
            "Geplande reiniging",
            "Nettoyage planifié",
            "Limpieza planificada",
        ],
    ),
    (
        "SR-MAINTENANCE",
        "SG-PLANNED",
        [
            "Scheduled maintenance",
            "Geplante Wartung",
            "Gepland onderhoud",
            "Maintenance planifiée",
            "Mantenimiento programado",
        ],
    ),
    (
        "SR-CHANGEOVER",
        "SG-PLANNED",
        [
            "Product changeover",
            "Produktwechsel",
            "Productwissel",
            "Changement de produit",
            "Cambio de producto",
        ],
    ),
    (
        "SR-BLOCKAGE",
        "SG-TECHNICAL",
        [
            "Conveyor blocked",
            "Förderer verstopft",
            "Transporteur verstopt",
            "Bourrage du convoyeur",
            "Atasco del transportador",
        ],
    ),
    (
        "SR-ELECTRICAL",
        "SG-TECHNICAL",
        [
            "Motor overload",
            "Motorüberlast",
            "Motoroverbelasting",
            "Surcharge moteur",
            "Sobrecarga del motor",
        ],
    ),
    (
        "SR-SHORTAGE",
        "SG-SUPPLY",
        [
            "Bin ran empty",
            "Zelle leer",
            "Silo leeg",
            "Cellule vide",
            "Silo vacío",
        ],
    ),
    (
        "SR-OUTPUT_FULL",
        "SG-SUPPLY",
        [
            "Finished-product bin full",
            "Fertigwarenzelle voll",
            "Eindproductsilo vol",
            "Cellule de produit fini pleine",
            "Silo de producto terminado lleno",
        ],
    ),
];

/// Seeds the demo plant with names in `language` (en, de, nl, fr, es), unless a line is
/// configured already. Records are created as the super user (`system` without one).
pub async fn seed(state: &AppState, language: &str) -> anyhow::Result<Summary> {
    let lang = Lang::ALL
        .iter()
        .position(|l| l.code() == language)
        .with_context(|| format!("no demo names in {language:?} (en, de, nl, fr, es)"))?;
    let configured = db::config::list(&state.pool, entity("lines"), None, &[]).await?;
    if !configured.is_empty() {
        tracing::info!(
            lines = configured.len(),
            "lines are configured; the demo plant is not seeded"
        );
        return Ok(Summary {
            skipped: true,
            ..Summary::default()
        });
    }
    let actor = db::users::super_user(&state.pool)
        .await?
        .map_or_else(|| "system".to_string(), |u| u.email);
    let mut seeder = Seeder {
        state,
        actor,
        lang,
        line: Json::Null,
        ids: HashMap::new(),
        summary: Summary::default(),
    };
    for (i, spec) in LINES.iter().enumerate() {
        seeder.line(i, spec).await?;
    }
    tracing::info!(language, created = %seeder.summary, "demo plant seeded");
    Ok(seeder.summary)
}

struct Seeder<'a> {
    state: &'a AppState,
    actor: String,
    lang: usize,
    /// The id of the line being seeded.
    line: Json,
    /// The ids of this line's records by entity key and code.
    ids: HashMap<(&'static str, &'static str), Json>,
    summary: Summary,
}

impl Seeder<'_> {
    fn name(&self, names: &Names) -> &'static str {
        names[self.lang]
    }

    /// Creates a record of `key` on the current line; remembers its id under `code`.
    async fn add(
        &mut self,
        key: &'static str,
        code: &'static str,
        body: Json,
    ) -> anyhow::Result<()> {
        let mut body = body;
        if entity(key).scoped {
            body["lineId"] = self.line.clone();
        }
        let record = create(self.state, &self.actor, key, body).await?;
        let id = record["_id"].clone();
        anyhow::ensure!(id.is_string(), "{key} {code}: created without an id");
        self.ids.insert((key, code), id);
        *self.summary.created.entry(key).or_default() += 1;
        Ok(())
    }

    /// The id of a record of this line; the tables only name records made before.
    fn id(&self, key: &'static str, code: &'static str) -> Json {
        self.ids
            .get(&(key, code))
            .cloned()
            .unwrap_or_else(|| panic!("demo plant: no {key} {code}"))
    }

    fn ids(&self, key: &'static str, codes: &[&'static str]) -> Json {
        Json::Array(codes.iter().map(|c| self.id(key, c)).collect())
    }

    /// Every id of `key` on the current line.
    fn all(&self, key: &'static str) -> Json {
        let mut ids: Vec<(&str, Json)> = self
            .ids
            .iter()
            .filter(|((k, _), _)| *k == key)
            .map(|((_, c), id)| (*c, id.clone()))
            .collect();
        ids.sort_by(|a, b| a.0.cmp(b.0));
        Json::Array(ids.into_iter().map(|(_, id)| id).collect())
    }

    async fn typed(&mut self, key: &'static str, params: &[Typed]) -> anyhow::Result<()> {
        for (code, names, data_type, unit, range, default, options) in params {
            let (min, max) = range.map_or((Json::Null, Json::Null), |(a, b)| (json!(a), json!(b)));
            let body = json!({
                "name": self.name(names), "code": code, "dataType": data_type, "unit": unit,
                "min": min, "max": max, "default": default, "options": options,
            });
            self.add(key, code, body).await?;
        }
        Ok(())
    }

    async fn line(&mut self, index: usize, spec: &LineSpec) -> anyhow::Result<()> {
        self.ids.clear();
        self.line = Json::Null;
        self.add(
            "lines",
            spec.code,
            json!({
                "name": self.name(&spec.names), "code": spec.code, "timezone": TIME_ZONE,
                "active": true, "batchSizeKg": spec.batch_kg, "mixerCapacityKg": spec.mixer_kg,
            }),
        )
        .await?;
        self.line = self.id("lines", spec.code);

        for (names, start, end, days) in &SHIFTS {
            let body = json!({"name": self.name(names), "startTime": start, "endTime": end, "days": days, "active": true});
            self.add("shifts", names[0], body).await?;
        }
        for s in &SCALES {
            let body = json!({
                "name": self.name(&s.names), "code": s.code, "type": s.kind,
                "capacityKg": s.capacity_kg, "minWeighKg": s.min_weigh_kg,
                "resolutionKg": s.resolution_kg, "tolerancePct": s.tolerance_pct,
                "settleTimeS": s.settle_s,
            });
            self.add("scales", s.code, body).await?;
        }
        for (code, names, scales) in &CATEGORIES {
            let body = json!({"name": self.name(names), "code": code, "allowedScaleIds": self.ids("scales", scales)});
            self.add("materialcategories", code, body).await?;
        }
        for m in &MATERIALS {
            let body = json!({
                "code": m.code, "name": self.name(&m.names),
                "materialCategoryId": self.id("materialcategories", m.category),
                "scaleIds": [self.id("scales", m.scale)], "densityKgM3": m.density,
                "costPerKg": m.cost_per_kg, "medicated": m.medicated, "lotTracked": m.lot_tracked,
                "active": true,
            });
            self.add("materialdirectory", m.code, body).await?;
        }
        for (n, m) in MATERIALS.iter().enumerate() {
            let mut held =
                json!({"materialId": self.id("materialdirectory", m.code), "priority": 1});
            if m.lot_tracked {
                held["lot"] = json!(format!("{}-2611-{:02}", spec.code, n + 1));
            }
            let body = json!({
                "name": format!("{} – {}", m.bin, self.name(&m.names)), "code": m.bin,
                "scaleId": self.id("scales", m.scale), "capacityKg": m.bin_kg,
                "minLevelKg": m.bin_kg * 0.05, "binMaterials": [held],
            });
            self.add("bins", m.bin, body).await?;
        }
        for m in &MATERIALS {
            let scale = SCALES.iter().find(|s| s.code == m.scale).expect("scale");
            let (feeder, coarse, fine, switch, inflight) = scale.feeder;
            let body = json!({
                "name": format!("{} {}", self.name(&DOSING), self.name(&m.names)),
                "code": format!("DP-{}", m.bin), "binId": self.id("bins", m.bin),
                "scaleId": self.id("scales", m.scale), "feederType": feeder,
                "coarseRateKgS": coarse, "fineRateKgS": fine, "fineSwitchKg": switch,
                "inflightKg": inflight, "adaptiveInflight": true,
            });
            self.add("dosingpoints", m.bin, body).await?;
        }
        for (code, names, kind, scale, sequence) in &FEEDING_POINTS {
            let body = json!({
                "name": self.name(names), "code": code, "type": kind,
                "scaleId": self.id("scales", scale), "sequence": sequence,
            });
            self.add("feedingpoints", code, body).await?;
        }
        self.typed("actionparameters", &ACTION_PARAMETERS).await?;
        for (code, names, params) in &MIXING_ACTIONS {
            let body = json!({"name": self.name(names), "code": code, "parameters": self.ids("actionparameters", params)});
            self.add("mixingactions", code, body).await?;
        }
        self.typed("modeparameters", &MODE_PARAMETERS).await?;
        for (code, names, actions, params) in &MIXING_MODES {
            let actions: Vec<Json> = actions
                .iter()
                .enumerate()
                .map(|(i, a)| json!({"mixingActionId": self.id("mixingactions", a), "sequence": (i + 1) * 10}))
                .collect();
            let body = json!({
                "name": self.name(names), "code": code, "actions": actions,
                "parameters": self.ids("modeparameters", params),
            });
            self.add("mixingmodes", code, body).await?;
        }
        self.typed("miscellaneousparameters", &MISCELLANEOUS_PARAMETERS)
            .await?;
        for (code, names, data_type, unit, range, values) in &ENGINEERING_PARAMETERS {
            let (min, max) = range.map_or((Json::Null, Json::Null), |(a, b)| (json!(a), json!(b)));
            let body = json!({
                "name": self.name(names), "code": code, "dataType": data_type, "unit": unit,
                "min": min, "max": max, "value": values[index % values.len()],
            });
            self.add("engineeringparameters", code, body).await?;
        }
        for (code, names, unit, source, downstream, low, high, pellets_only) in &REPORT_PARAMETERS {
            if *pellets_only && !spec.pellets {
                continue;
            }
            let body = json!({
                "name": self.name(names), "code": code, "unit": unit, "source": source,
                "isDownstream": downstream, "lowLimit": low, "highLimit": high,
            });
            self.add("reportparameters", code, body).await?;
        }
        let body = json!({
            "name": self.name(&IRAM), "code": "IRAM-01", "enabled": true,
            "settings": [
                {"key": "HOST", "value": format!("10.20.{}.50", index + 1)},
                {"key": "POLL_INTERVAL", "value": "500", "unit": "ms"},
                {"key": "TIMEOUT", "value": "3", "unit": "s"},
            ],
        });
        self.add("irams", "IRAM-01", body).await?;
        for (group, names, key) in &PARAMETER_GROUPS {
            let body = json!({"groupType": group, "name": self.name(names), "parameterIds": self.all(key)});
            self.add("parametergroups", group, body).await?;
        }
        for (code, names, planned) in &STOP_GROUPS {
            let body = json!({"name": self.name(names), "code": code, "planned": planned});
            self.add("stoptimereasongroup", code, body).await?;
        }
        for (code, group, names) in &STOP_REASONS {
            let planned = STOP_GROUPS.iter().any(|(g, _, p)| g == group && *p);
            let body = json!({
                "stopTimeGroupId": self.id("stoptimereasongroup", group),
                "name": self.name(names), "code": code, "planned": planned,
            });
            self.add("stopreasons", code, body).await?;
        }
        Ok(())
    }
}
