//! The field lists of the configuration entities (domain.md, "Plant configuration"). Units:
//! kg, s, %, kg/m³; limits are what a real plant could hold, so a typo (a scale of 5,000 t) is
//! caught.

use super::{Field, Kind};

const fn text(name: &'static str, column: &'static str, max: usize) -> Field {
    Field::new(name, column, Kind::Text { max })
}
const fn decimal(name: &'static str, column: &'static str, min: f64, max: f64) -> Field {
    Field::new(name, column, Kind::Decimal { min, max })
}
const fn int(name: &'static str, column: &'static str, min: i64, max: i64) -> Field {
    Field::new(name, column, Kind::Int { min, max })
}
const fn flag(name: &'static str, column: &'static str, default: bool) -> Field {
    Field::new(name, column, Kind::Bool { default })
}
const fn choice(
    name: &'static str,
    column: &'static str,
    options: &'static [&'static str],
) -> Field {
    Field::new(name, column, Kind::Choice { options })
}
const fn reference(name: &'static str, column: &'static str, entity: &'static str) -> Field {
    Field::new(name, column, Kind::Ref { entity })
}
const fn references(name: &'static str, column: &'static str, entity: &'static str) -> Field {
    Field::new(name, column, Kind::RefList { entity })
}

pub(super) const NAME: Field = text("name", "name", 80).required().list();
pub(super) const CODE: Field = Field::new("code", "code", Kind::Code)
    .required()
    .unique()
    .list();
pub(super) const DESCRIPTION: Field = text("description", "description", 500);
pub(super) const MAX_KG: f64 = 1_000_000.0;

pub(super) const DATA_TYPES: &[&str] = &["INT", "DECIMAL", "BOOL", "TEXT", "ENUM"];
/// Action, mode and miscellaneous parameters share one shape.
pub(super) const TYPED_PARAMETER: &[Field] = &[
    NAME,
    CODE,
    choice("dataType", "data_type", DATA_TYPES)
        .required()
        .list(),
    text("unit", "unit", 16).list(),
    decimal("min", "min_value", -1e9, 1e9),
    decimal("max", "max_value", -1e9, 1e9),
    text("default", "default_value", 80),
    Field::new("options", "options", Kind::TextList { options: &[] }),
];

pub(super) const LINE_FIELDS: &[Field] = &[
    NAME,
    CODE,
    DESCRIPTION,
    flag("active", "active", true).list(),
    Field::new("timezone", "timezone", Kind::TimeZone)
        .required()
        .list(),
    decimal("batchSizeKg", "batch_size_kg", 0.0, MAX_KG)
        .unit("kg")
        .list(),
    decimal("mixerCapacityKg", "mixer_capacity_kg", 0.0, MAX_KG).unit("kg"),
    // A batch's time at the ideal rate: with the mixer capacity, the line's default ideal rate
    // for OEE (decision 112).
    decimal("nominalBatchTimeS", "nominal_batch_time_s", 0.0, 86_400.0).unit("s"),
    // Signed releases (issue 35): the approver differs from the last editor and holds
    // RECIPE_APPROVE.
    flag("twoPersonRule", "two_person_rule", false),
];

/// The ideal rate of a recipe on a line, for OEE's performance (decision 112): a recipe without
/// one is made at the line's mixer capacity per nominal batch time.
pub(super) const IDEALRATES_FIELDS: &[Field] = &[
    Field::new("recipeCode", "recipe_code", Kind::Code)
        .required()
        .unique()
        .list(),
    decimal("kgPerHour", "kg_per_hour", 0.001, MAX_KG)
        .required()
        .unit("kg/h")
        .list(),
    DESCRIPTION,
];

pub(super) const SHIFTS_FIELDS: &[Field] = &[
    text("name", "name", 80).required().unique().list(),
    Field::new("startTime", "start_time", Kind::Time)
        .required()
        .list(),
    Field::new("endTime", "end_time", Kind::Time)
        .required()
        .list(),
    Field::new(
        "days",
        "days",
        Kind::TextList {
            options: &["MON", "TUE", "WED", "THU", "FRI", "SAT", "SUN"],
        },
    )
    .required()
    .list(),
    flag("active", "active", true).list(),
];

pub(super) const MATERIALCATEGORIES_FIELDS: &[Field] = &[
    NAME,
    CODE,
    DESCRIPTION,
    references("allowedScaleIds", "allowed_scale_ids", "scales"),
];

pub(super) const SCALES_FIELDS: &[Field] = &[
    NAME,
    CODE,
    choice(
        "type",
        "scale_type",
        &["MAJOR", "MINOR", "MICRO", "LIQUID", "HAND_ADD"],
    )
    .required()
    .list()
    .filter(),
    decimal("capacityKg", "capacity_kg", 0.001, MAX_KG)
        .unit("kg")
        .required()
        .list(),
    decimal("minWeighKg", "min_weigh_kg", 0.0, MAX_KG).unit("kg"),
    decimal("resolutionKg", "resolution_kg", 0.0, 1000.0).unit("kg"),
    decimal("tolerancePct", "tolerance_pct", 0.0, 100.0).unit("%"),
    decimal("settleTimeS", "settle_time_s", 0.0, 600.0).unit("s"),
];

pub(super) const BIN_MATERIALS_ITEM_FIELDS: &[Field] = &[
    reference("materialId", "material_id", "materialdirectory").required(),
    int("priority", "priority", 1, 99),
    text("lot", "lot", crate::limits::BIN_LOT),
];

pub(super) const BINS_FIELDS: &[Field] = &[
    NAME,
    CODE,
    reference("scaleId", "scale_id", "scales")
        .required()
        .list()
        .filter(),
    decimal("capacityKg", "capacity_kg", 0.001, MAX_KG)
        .unit("kg")
        .required()
        .list(),
    decimal("minLevelKg", "min_level_kg", 0.0, MAX_KG).unit("kg"),
    Field::new(
        "binMaterials",
        "bin_materials",
        Kind::Items {
            fields: BIN_MATERIALS_ITEM_FIELDS,
        },
    )
    .list(),
    // How the bin gives out its lots (issue 33): oldest first, or all in proportion.
    choice("contentModel", "content_model", &["FIFO", "MIXED"]),
];

pub(super) const DOSINGPOINTS_FIELDS: &[Field] = &[
    NAME,
    CODE,
    reference("binId", "bin_id", "bins")
        .required()
        .list()
        .filter(),
    reference("scaleId", "scale_id", "scales")
        .required()
        .list()
        .filter(),
    choice(
        "feederType",
        "feeder_type",
        &["SCREW", "SLIDE_GATE", "VALVE", "PUMP", "VIBRATOR"],
    )
    .required()
    .list(),
    decimal("coarseRateKgS", "coarse_rate_kg_s", 0.0, 1000.0).unit("kg/s"),
    decimal("fineRateKgS", "fine_rate_kg_s", 0.0, 1000.0).unit("kg/s"),
    decimal("fineSwitchKg", "fine_switch_kg", 0.0, MAX_KG).unit("kg"),
    decimal("inflightKg", "inflight_kg", 0.0, 1000.0).unit("kg"),
    flag("adaptiveInflight", "adaptive_inflight", true),
];

pub(super) const FEEDINGPOINTS_FIELDS: &[Field] = &[
    NAME,
    CODE,
    choice(
        "type",
        "feeding_type",
        &["SCALE_DISCHARGE", "HAND_ADD", "LIQUID", "MANUAL"],
    )
    .required()
    .list(),
    reference("scaleId", "scale_id", "scales").list().filter(),
    int("sequence", "sequence", 1, 999).list(),
];

pub(super) const MIXINGACTIONS_FIELDS: &[Field] = &[
    NAME,
    CODE,
    DESCRIPTION,
    references("parameters", "parameter_ids", "actionparameters"),
];

pub(super) const ACTIONS_ITEM_FIELDS: &[Field] = &[
    reference("mixingActionId", "mixing_action_id", "mixingactions").required(),
    int("sequence", "sequence", 1, 999).required(),
];

pub(super) const MIXINGMODES_FIELDS: &[Field] = &[
    NAME,
    CODE,
    DESCRIPTION,
    Field::new(
        "actions",
        "actions",
        Kind::Items {
            fields: ACTIONS_ITEM_FIELDS,
        },
    )
    .list(),
    references("parameters", "parameter_ids", "modeparameters"),
];

pub(super) const ENGINEERINGPARAMETERS_FIELDS: &[Field] = &[
    NAME,
    CODE,
    choice("dataType", "data_type", DATA_TYPES)
        .required()
        .list(),
    text("unit", "unit", 16).list(),
    decimal("min", "min_value", -1e9, 1e9),
    decimal("max", "max_value", -1e9, 1e9),
    text("value", "value", 80).list(),
];

pub(super) const REPORTPARAMETERS_FIELDS: &[Field] = &[
    NAME,
    CODE,
    text("unit", "unit", 16).list(),
    choice("source", "source", &["MIXER", "DOWNSTREAM", "PRESSURE"])
        .required()
        .list(),
    flag("isDownstream", "is_downstream", false).list().filter(),
    decimal("lowLimit", "low_limit", -1e9, 1e9),
    decimal("highLimit", "high_limit", -1e9, 1e9),
];

pub(super) const SETTINGS_ITEM_FIELDS: &[Field] = &[
    Field::new("key", "key", Kind::Code).required(),
    text("value", "value", 200),
    text("unit", "unit", 16),
];

pub(super) const IRAMS_FIELDS: &[Field] = &[
    NAME,
    CODE,
    flag("enabled", "enabled", false).list(),
    Field::new(
        "settings",
        "settings",
        Kind::Items {
            fields: SETTINGS_ITEM_FIELDS,
        },
    ),
];

pub(super) const MATERIALDIRECTORY_FIELDS: &[Field] = &[
    CODE,
    NAME,
    reference(
        "materialCategoryId",
        "material_category_id",
        "materialcategories",
    )
    .required()
    .list()
    .filter(),
    references("scaleIds", "scale_ids", "scales").filter(),
    decimal("densityKgM3", "density_kg_m3", 0.0, 25_000.0).unit("kg/m³"),
    decimal("costPerKg", "cost_per_kg", 0.0, 1_000_000.0),
    flag("medicated", "medicated", false).list(),
    flag("lotTracked", "lot_tracked", false),
    flag("active", "active", true).list(),
];

pub(super) const PARAMETERGROUPS_FIELDS: &[Field] = &[
    choice(
        "groupType",
        "group_type",
        &["ACTION", "MODE", "MISC", "ENGINEERING", "REPORT"],
    )
    .required()
    .list()
    .filter(),
    text("name", "name", 80).required().unique().list(),
    Field::new(
        "parameterIds",
        "parameter_ids",
        Kind::IdList {
            by: "groupType",
            targets: &[
                ("ACTION", "actionparameters"),
                ("MODE", "modeparameters"),
                ("MISC", "miscellaneousparameters"),
                ("ENGINEERING", "engineeringparameters"),
                ("REPORT", "reportparameters"),
            ],
        },
    ),
];

pub(super) const STOPTIMEREASONGROUP_FIELDS: &[Field] =
    &[NAME, CODE, flag("planned", "planned", false).list()];

pub(super) const STOPREASONS_FIELDS: &[Field] = &[
    reference(
        "stopTimeGroupId",
        "stop_time_group_id",
        "stoptimereasongroup",
    )
    .required()
    .list()
    .filter(),
    NAME,
    CODE,
    flag("planned", "planned", false).list(),
];

/// Suppliers of raw materials (issue 33), installation-wide.
pub(super) const SUPPLIERS_FIELDS: &[Field] = &[
    CODE,
    NAME,
    text("address", "address", 500),
    choice(
        "approval",
        "approval",
        &["APPROVED", "CONDITIONAL", "SUSPENDED"],
    )
    .required()
    .list()
    .filter(),
];

/// The meanings a plant's signatures may have besides the built-in REVIEWED and APPROVED
/// (issue 35), installation-wide.
pub(super) const SIGNATUREMEANINGS_FIELDS: &[Field] = &[CODE, NAME];

/// Customers deliveries go to (issue 33), installation-wide.
pub(super) const CUSTOMERS_FIELDS: &[Field] = &[CODE, NAME, text("address", "address", 500)];
