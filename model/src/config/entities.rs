//! The configuration entities of a feed mill: each one's key, table, scope, fields (in
//! `fields.rs`), bulk form, access family and path style.

use super::fields::*;
use super::{Access, Entity, Field, Routes};

const fn pattern(
    key: &'static str,
    table: &'static str,
    screen: &'static str,
    fields: &'static [Field],
) -> Entity {
    Entity {
        key,
        table,
        screen,
        scoped: true,
        fields,
        bulk: None,
        access: Access::Configurator,
        routes: Routes::Pattern,
        title: "code",
    }
}

const fn with_bulk(mut e: Entity, key: &'static str) -> Entity {
    e.bulk = Some(key);
    e
}

/// Looks an entity up by its key.
pub fn by_key(key: &str) -> Option<&'static Entity> {
    ENTITIES.iter().find(|e| e.key == key)
}

/// Every configuration entity, in menu order.
pub static ENTITIES: &[Entity] = &[
    Entity {
        key: "lines",
        table: "line",
        screen: "line",
        scoped: false,
        fields: LINE_FIELDS,
        bulk: None,
        access: Access::Lines,
        routes: Routes::Pattern,
        title: "code",
    },
    Entity {
        title: "name",
        routes: Routes::Shifts,
        access: Access::Shifts,
        ..pattern("shifts", "shift", "shift", SHIFTS_FIELDS)
    },
    pattern(
        "materialcategories",
        "material_category",
        "materialCategory",
        MATERIALCATEGORIES_FIELDS,
    ),
    pattern("scales", "scale", "scale", SCALES_FIELDS),
    pattern("bins", "bin", "bin", BINS_FIELDS),
    pattern(
        "dosingpoints",
        "dosing_point",
        "dosingPoint",
        DOSINGPOINTS_FIELDS,
    ),
    pattern(
        "feedingpoints",
        "feeding_point",
        "feedingPoint",
        FEEDINGPOINTS_FIELDS,
    ),
    with_bulk(
        pattern(
            "actionparameters",
            "action_parameter",
            "actionParameter",
            TYPED_PARAMETER,
        ),
        "actionParameters",
    ),
    with_bulk(
        pattern(
            "mixingactions",
            "mixing_action",
            "mixingAction",
            MIXINGACTIONS_FIELDS,
        ),
        "mixingActions",
    ),
    with_bulk(
        pattern(
            "modeparameters",
            "mode_parameter",
            "modeParameter",
            TYPED_PARAMETER,
        ),
        "modeParameters",
    ),
    with_bulk(
        pattern(
            "mixingmodes",
            "mixing_mode",
            "mixingMode",
            MIXINGMODES_FIELDS,
        ),
        "mixingModes",
    ),
    with_bulk(
        pattern(
            "miscellaneousparameters",
            "miscellaneous_parameter",
            "miscellaneousParameter",
            TYPED_PARAMETER,
        ),
        "miscellaneousParameters",
    ),
    with_bulk(
        pattern(
            "engineeringparameters",
            "engineering_parameter",
            "engineeringParameter",
            ENGINEERINGPARAMETERS_FIELDS,
        ),
        "engineeringParameters",
    ),
    with_bulk(
        pattern(
            "reportparameters",
            "report_parameter",
            "reportParameter",
            REPORTPARAMETERS_FIELDS,
        ),
        "reportParameters",
    ),
    Entity {
        access: Access::Admins,
        ..pattern("irams", "iram", "iram", IRAMS_FIELDS)
    },
    Entity {
        access: Access::Recipes,
        ..pattern(
            "materialdirectory",
            "material",
            "materialDirectory",
            MATERIALDIRECTORY_FIELDS,
        )
    },
    Entity {
        title: "name",
        ..pattern(
            "parametergroups",
            "parameter_group",
            "parameterGroup",
            PARAMETERGROUPS_FIELDS,
        )
    },
    Entity {
        access: Access::StopTimeGroups,
        routes: Routes::StopTimeGroups,
        ..pattern(
            "stoptimereasongroup",
            "stop_time_group",
            "stopTimeGroup",
            STOPTIMEREASONGROUP_FIELDS,
        )
    },
    Entity {
        access: Access::StopReasons,
        routes: Routes::StopReasons,
        ..pattern(
            "stopreasons",
            "stop_reason",
            "stopTimeReason",
            STOPREASONS_FIELDS,
        )
    },
    // OEE's ideal rates per recipe (decision 112).
    Entity {
        title: "recipeCode",
        ..pattern("idealrates", "ideal_rate", "idealRate", IDEALRATES_FIELDS)
    },
    Entity {
        scoped: false,
        access: Access::Lots,
        ..pattern("suppliers", "supplier", "supplier", SUPPLIERS_FIELDS)
    },
    Entity {
        scoped: false,
        access: Access::Lots,
        ..pattern("customers", "customer", "customer", CUSTOMERS_FIELDS)
    },
    // The meanings of electronic signatures a plant adds (issue 35).
    Entity {
        scoped: false,
        access: Access::Admins,
        ..pattern(
            "signaturemeanings",
            "signature_meaning",
            "signatureMeaning",
            SIGNATUREMEANINGS_FIELDS,
        )
    },
];
