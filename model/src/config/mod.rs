//! Plant configuration as data: one static [`Entity`] descriptor per configuration entity
//! (table, scope, fields with kind, limits, required, unique, shown-in-list, filter, reference).
//! The descriptors drive validation ([`check`]), the generic SQL of `db::config`, the api's
//! routes, and — served as JSON — the web's lists and forms. Adding an entity is one entry in
//! [`entities`].

pub mod check;
pub mod entities;
mod fields;
pub mod shift_window;

use serde::Serialize;

use crate::{AccessRule, Role};

pub use entities::{ENTITIES, by_key};

/// What a field holds; each kind has one column type (see [`Kind::sql_type`]).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, utoipa::ToSchema)]
#[serde(tag = "type", rename_all = "camelCase")]
pub enum Kind {
    /// Free text of at most `max` characters.
    Text {
        max: usize,
    },
    /// A short identifier: letters, digits, `-`, `_`, `.`; at most 32 characters.
    Code,
    Int {
        min: i64,
        max: i64,
    },
    Decimal {
        min: f64,
        max: f64,
    },
    Bool {
        default: bool,
    },
    /// One of `options`.
    Choice {
        options: &'static [&'static str],
    },
    /// A time of day, `HH:MM` (24 h).
    Time,
    /// An IANA time-zone name known to the database (`Europe/Berlin`).
    TimeZone,
    /// The `_id` of a record of `entity`, on the same line.
    Ref {
        entity: &'static str,
    },
    /// `_id`s of records of `entity`, on the same line.
    RefList {
        entity: &'static str,
    },
    /// `_id`s of records of the entity that the value of the field `by` picks from `targets`
    /// (`(value, entity)` pairs), on the same line: a parameter group's parameters are of the
    /// kind its `groupType` names.
    IdList {
        by: &'static str,
        #[schema(value_type = Vec<Vec<String>>)]
        targets: &'static [(&'static str, &'static str)],
    },
    /// Several of `options` (or free texts when `options` is empty).
    TextList {
        options: &'static [&'static str],
    },
    /// A list of small records, stored as JSON; references inside are checked like [`Kind::Ref`].
    Items {
        // A reference to `Field`, not its schema again: item fields nest.
        #[schema(no_recursion)]
        fields: &'static [Field],
    },
}

impl Kind {
    /// For an id list: the entity its ids are of, given the record's value of the field `by`.
    pub fn id_list_target(&self, by_value: &str) -> Option<&'static str> {
        match self {
            Kind::IdList { targets, .. } => targets
                .iter()
                .find(|(value, _)| *value == by_value)
                .map(|(_, entity)| *entity),
            _ => None,
        }
    }

    /// The Postgres type of the column (as `information_schema.columns.data_type` names it,
    /// arrays as `ARRAY`).
    pub fn sql_type(&self) -> &'static str {
        match self {
            Kind::Text { .. } | Kind::Code | Kind::Choice { .. } | Kind::Time | Kind::TimeZone => {
                "text"
            }
            Kind::Int { .. } => "bigint",
            Kind::Decimal { .. } => "double precision",
            Kind::Bool { .. } => "boolean",
            Kind::Ref { .. } => "uuid",
            Kind::RefList { .. } | Kind::IdList { .. } | Kind::TextList { .. } => "ARRAY",
            Kind::Items { .. } => "jsonb",
        }
    }
}

/// One field: its JSON name, its column, and the rules it must meet.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Field {
    pub name: &'static str,
    #[serde(skip)]
    pub column: &'static str,
    pub kind: Kind,
    pub required: bool,
    /// Unique among the line's records that are not deleted (case-insensitive).
    pub unique: bool,
    /// Shown as a column of the list screen.
    pub list: bool,
    /// Usable as a query filter of the list call (`?isDownstream=true`).
    pub filter: bool,
    pub unit: Option<&'static str>,
}

impl Field {
    pub const fn new(name: &'static str, column: &'static str, kind: Kind) -> Field {
        Field {
            name,
            column,
            kind,
            required: false,
            unique: false,
            list: false,
            filter: false,
            unit: None,
        }
    }
    pub const fn required(mut self) -> Field {
        self.required = true;
        self
    }
    pub const fn unique(mut self) -> Field {
        self.unique = true;
        self
    }
    pub const fn list(mut self) -> Field {
        self.list = true;
        self
    }
    pub const fn filter(mut self) -> Field {
        self.filter = true;
        self
    }
    pub const fn unit(mut self, unit: &'static str) -> Field {
        self.unit = Some(unit);
        self
    }
    /// The name of the partial unique index that enforces [`Field::unique`].
    pub fn unique_index(&self, table: &str) -> String {
        format!("{table}_{}_key", self.column)
    }
}

/// Who may read and change an entity (spec §6, with the choices in docs/decisions.md).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum Access {
    /// Lines: everyone reads; `_LINE_CREATE` / `_LINE_UPDATE` / `_LINE_DELETE` change.
    Lines,
    /// Configurator entities: `_LINE_*` or `CONFIGURATOR_*` read; `CONFIGURATOR_CREATE` …
    Configurator,
    /// Material directory: configurator or recipe privileges read; `RECIPE_*` change.
    Recipes,
    /// iRam and other `_SUPER`/`ADMIN`-only settings.
    Admins,
    /// Stop-time groups: list for `_SUPER`/ADMIN, new with `_LINE_CREATE`, view/edit with
    /// `_LINE_UPDATE` (§6).
    StopTimeGroups,
    /// Stop reasons: everyone reads (reports name them); only `_SUPER` changes (§6 menu).
    StopReasons,
    /// Suppliers and customers (issue 33): any `LOT_*` privilege reads; `LOT_CREATE` …
    Lots,
    /// Shifts: as the configurator entities, and shift log writers read them too (to name the
    /// shift an entry is for, issue 34).
    Shifts,
}

/// The operations of the configuration pattern.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Op {
    List,
    Get,
    Create,
    Update,
    Delete,
}

impl Op {
    pub const ALL: [Op; 5] = [Op::List, Op::Get, Op::Create, Op::Update, Op::Delete];
}

const EVERYONE: &[Role] = &[Role::Super, Role::Admin, Role::Privilege];
const SUPER: &[Role] = &[Role::Super];

impl Access {
    pub const ALL: [Access; 8] = [
        Access::Lines,
        Access::Configurator,
        Access::Recipes,
        Access::Admins,
        Access::StopTimeGroups,
        Access::StopReasons,
        Access::Lots,
        Access::Shifts,
    ];

    /// The access rule of `op`.
    pub fn rule(self, op: Op) -> AccessRule {
        use Op::*;
        let p = AccessRule::privileges;
        match (self, op) {
            (Access::Lines, List | Get) => AccessRule::ANY,
            (Access::Lines, Create) => p(SUPER, &["_LINE_CREATE"]),
            (Access::Lines, Update) => p(EVERYONE, &["_LINE_UPDATE"]),
            (Access::Lines, Delete) => p(SUPER, &["_LINE_DELETE"]),
            // Recipe editors read the line's equipment, materials and parameters; report readers
            // too, for the shift, material, scale and bin filters of their reports; and goods-in
            // (`LOT_*`), for the bins a lot goes into.
            (Access::Configurator, List | Get) => p(
                EVERYONE,
                &["_LINE_", "CONFIGURATOR_", "RECIPE_", "REPORTS_", "LOT_"],
            ),
            (Access::Shifts, List | Get) => p(
                EVERYONE,
                &[
                    "_LINE_",
                    "CONFIGURATOR_",
                    "RECIPE_",
                    "REPORTS_",
                    "LOT_",
                    "SHIFTLOG_",
                ],
            ),
            (Access::Shifts, op) => Access::Configurator.rule(op),
            (Access::Configurator, Create) => p(EVERYONE, &["CONFIGURATOR_CREATE"]),
            (Access::Configurator, Update) => p(EVERYONE, &["CONFIGURATOR_UPDATE"]),
            (Access::Configurator, Delete) => p(EVERYONE, &["CONFIGURATOR_DELETE"]),
            // The material directory: report readers too (decision 63), for the material pickers
            // of their reports (SPC, consumption).
            (Access::Recipes, List | Get) => p(
                EVERYONE,
                &["_LINE_", "CONFIGURATOR_", "RECIPE_", "REPORTS_", "LOT_"],
            ),
            (Access::Recipes, Create) => p(EVERYONE, &["RECIPE_CREATE"]),
            (Access::Recipes, Update) => p(EVERYONE, &["RECIPE_UPDATE"]),
            (Access::Recipes, Delete) => p(EVERYONE, &["RECIPE_DELETE"]),
            (Access::Admins, _) => AccessRule::ADMINS,
            (Access::StopTimeGroups, List) => AccessRule::ADMINS,
            (Access::StopTimeGroups, Get | Update) => p(EVERYONE, &["_LINE_UPDATE"]),
            (Access::StopTimeGroups, Create) => p(SUPER, &["_LINE_CREATE"]),
            (Access::StopTimeGroups, Delete) => p(SUPER, &["_LINE_DELETE"]),
            (Access::StopReasons, List | Get) => AccessRule::ANY,
            (Access::StopReasons, _) => AccessRule::roles(SUPER),
            (Access::Lots, List | Get) => AccessRule::LOTS,
            (Access::Lots, Create) => AccessRule::LOT_CREATE,
            (Access::Lots, Update) => AccessRule::LOT_UPDATE,
            (Access::Lots, Delete) => AccessRule::LOT_DELETE,
        }
    }
}

/// How an entity's calls are spelled (§7): most follow the configuration pattern; shifts and
/// stop time have their own paths.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum Routes {
    /// `GET|POST /api/{key}`, `GET /api/{key}/{id}`, `POST /api/{key}/add`,
    /// `POST /api/{key}/edit/{id}`, `POST /api/{key}/delete`.
    Pattern,
    /// `POST /api/shifts/add`, `PUT /api/shifts/update/{id}`, `GET /api/shifts`, …
    Shifts,
    /// `GET /api/stoptimereasongroup`, `GET …/{id}`, `POST …/add`, `PUT …/edit/{id}`,
    /// `DELETE …/delete/{id}`.
    StopTimeGroups,
    /// `GET /api/stopreasons`, `GET|POST|DELETE /api/stopreasons/{id}`, `POST /api/stopreason`.
    StopReasons,
}

/// One configuration entity.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Entity {
    /// The path segment of its calls (`scales`) and its id in the descriptor list.
    pub key: &'static str,
    #[serde(skip)]
    pub table: &'static str,
    /// Its name in the web's message catalogue (`web.screen.{screen}`) and the server's
    /// (`entity.{screen}`).
    pub screen: &'static str,
    /// Per line (`lineId` on every record) or installation-wide (lines themselves).
    pub scoped: bool,
    pub fields: &'static [Field],
    /// The JSON key of the list form of add (`{actionParameters: [...], lineId}`), for the
    /// entities §7 gives `/add/bulk`.
    pub bulk: Option<&'static str>,
    pub access: Access,
    pub routes: Routes,
    /// The field that names a record in messages (`code`, else `name`).
    pub title: &'static str,
}

impl Entity {
    pub fn field(&self, name: &str) -> Option<&'static Field> {
        self.fields.iter().find(|f| f.name == name)
    }

    /// Whether records of this entity can be imported from a spreadsheet: per-line records
    /// of the configuration pattern whose fields are all plain cells (references by code).
    pub fn importable(&self) -> bool {
        self.scoped
            && self.routes == Routes::Pattern
            && self
                .fields
                .iter()
                .all(|f| !matches!(f.kind, Kind::Items { .. } | Kind::IdList { .. }))
    }

    /// Whether records can be copied line to line as they are: the parameter types, which
    /// refer to nothing else of their line.
    pub fn copyable(&self) -> bool {
        self.bulk.is_some()
            && self.fields.iter().all(|f| {
                !matches!(
                    f.kind,
                    Kind::Ref { .. }
                        | Kind::RefList { .. }
                        | Kind::Items { .. }
                        | Kind::IdList { .. }
                )
            })
    }

    /// The API path of the entity's calls.
    pub fn base_path(&self) -> String {
        format!("/api/{}", self.key)
    }
}

/// A place that can refer to a record: a field of an entity (or a field inside its items).
#[derive(Debug, Clone, Copy)]
pub struct Referrer {
    pub entity: &'static Entity,
    pub field: &'static Field,
    /// For references inside [`Kind::Items`]: the item field's name.
    pub item_field: Option<&'static str>,
}

/// Every field of every entity that refers to `target` (the delete check).
pub fn referrers(target: &str) -> Vec<Referrer> {
    let mut out = Vec::new();
    for entity in ENTITIES {
        for field in entity.fields {
            match field.kind {
                Kind::Ref { entity: t } | Kind::RefList { entity: t } if t == target => {
                    out.push(Referrer {
                        entity,
                        field,
                        item_field: None,
                    });
                }
                Kind::IdList { targets, .. } if targets.iter().any(|(_, t)| *t == target) => {
                    out.push(Referrer {
                        entity,
                        field,
                        item_field: None,
                    });
                }
                Kind::Items { fields } => {
                    for inner in fields {
                        if matches!(inner.kind, Kind::Ref { entity: t } if t == target) {
                            out.push(Referrer {
                                entity,
                                field,
                                item_field: Some(inner.name),
                            });
                        }
                    }
                }
                _ => {}
            }
        }
    }
    out
}
