//! Stop-time reason groups and the stop reasons in them.

use crate::Names;

/// Code, names, planned.
pub const STOP_GROUPS: [(&str, Names, bool); 3] = [
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
pub const STOP_REASONS: [(&str, &str, Names); 7] = [
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
