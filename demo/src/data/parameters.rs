//! The parameters of a line: action, mode and miscellaneous parameters (typed settings with a
//! default), engineering parameters (a value per line) and report parameters (process values
//! with limits).

use crate::Names;

/// An action, mode or miscellaneous parameter: code, names, data type, unit, min, max,
/// default, options.
pub type Typed = (
    &'static str,
    Names,
    &'static str,
    &'static str,
    Option<(f64, f64)>,
    &'static str,
    &'static [&'static str],
);

pub const ACTION_PARAMETERS: [Typed; 4] = [
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

pub const MODE_PARAMETERS: [Typed; 3] = [
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

pub const MISCELLANEOUS_PARAMETERS: [Typed; 3] = [
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
pub type Engineering = (
    &'static str,
    Names,
    &'static str,
    &'static str,
    Option<(f64, f64)>,
    [&'static str; 2],
);

pub const ENGINEERING_PARAMETERS: [Engineering; 3] = [
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
pub type Report = (
    &'static str,
    Names,
    &'static str,
    &'static str,
    bool,
    f64,
    f64,
    bool,
);

pub const REPORT_PARAMETERS: [Report; 5] = [
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
