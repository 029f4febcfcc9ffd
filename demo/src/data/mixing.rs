//! Mixing actions and modes (built from the action and mode parameters), the iRam and the
//! parameter groups.

use crate::Names;

/// Code, names, action parameters.
pub const MIXING_ACTIONS: [(&str, Names, &[&str]); 3] = [
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

/// Code, names, actions in sequence, mode parameters.
pub const MIXING_MODES: [(&str, Names, &[&str], &[&str]); 3] = [
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

pub const IRAM: Names = [
    "iRam controller",
    "iRam-Steuerung",
    "iRam-besturing",
    "Contrôleur iRam",
    "Controlador iRam",
];

/// Group type, names, the entity whose parameters it groups.
pub const PARAMETER_GROUPS: [(&str, Names, &str); 5] = [
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
