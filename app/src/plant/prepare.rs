//! Turns a request body into a record ready to write: the line (scoped entities), every
//! field checked by its descriptor, every reference resolved on the same line, time zones
//! known, and codes free on the line. All problems of a record are reported together.

use std::collections::BTreeMap;

use model::Msg;
use model::config::check::{Value, check};
use model::config::{Entity, Field, Kind, by_key};
use serde_json::{Map, Value as Json};
use sqlx::PgConnection;
use uuid::Uuid;

use crate::{Error, Result as AppResult};

/// A record that passed every check.
pub struct Prepared {
    pub line: Option<Uuid>,
    pub values: Vec<(&'static Field, Value)>,
}

/// Problems found so far: 400 (`invalid`) and 409 (`taken`) field messages.
#[derive(Default)]
pub struct Problems {
    pub invalid: BTreeMap<String, Msg>,
    pub taken: BTreeMap<String, Msg>,
}

impl Problems {
    pub fn is_empty(&self) -> bool {
        self.invalid.is_empty() && self.taken.is_empty()
    }

    /// Adds another record's problems under `prefix` (`3.` for the fourth row of a bulk).
    pub fn absorb(&mut self, prefix: &str, other: Problems) {
        let re = |m: BTreeMap<String, Msg>| m.into_iter().map(|(k, v)| (format!("{prefix}{k}"), v));
        self.invalid.extend(re(other.invalid));
        self.taken.extend(re(other.taken));
    }

    /// Bad input wins over conflicts: a form fixes those first.
    pub fn into_error(self) -> Error {
        if self.invalid.is_empty() {
            Error::Conflicts(self.taken)
        } else {
            Error::Invalid(self.invalid)
        }
    }
}

/// Checks `body` for `e`. For an edit, `existing` is the stored record: the body is laid over
/// it (fields left out keep their values) and its line cannot change. `except` is the record's
/// own id, left out of the uniqueness check.
pub async fn prepare(
    db: &mut PgConnection,
    e: &'static Entity,
    existing: Option<&Json>,
    body: &Map<String, Json>,
) -> AppResult<Result<Prepared, Problems>> {
    let mut problems = Problems::default();
    let mut record = existing
        .and_then(Json::as_object)
        .cloned()
        .unwrap_or_default();
    for (k, v) in body {
        record.insert(k.clone(), v.clone());
    }
    let line = if e.scoped {
        line_of(db, existing, body, &mut problems).await?
    } else {
        None
    };
    let values = match check(e, &record) {
        Ok(values) => values,
        Err(errors) => {
            problems.invalid.extend(errors);
            return Ok(Err(problems));
        }
    };
    references(db, line, &values, &mut problems).await?;
    for (field, value) in &values {
        if let (Kind::TimeZone, Value::Text(Some(zone))) = (field.kind, value)
            && !db::config::time_zone_exists(&mut *db, zone).await?
        {
            problems
                .invalid
                .insert(field.name.into(), Msg::new("validation.timeZone"));
        }
    }
    let own_id = existing
        .and_then(|r| r["_id"].as_str())
        .and_then(|s| Uuid::parse_str(s).ok());
    for (field, value) in values.iter().filter(|(f, _)| f.unique) {
        if let Value::Text(Some(text)) = value
            && db::config::taken(&mut *db, e, field, line, text, own_id).await?
        {
            problems
                .taken
                .insert(field.name.into(), Msg::new("config.taken"));
        }
    }
    Ok(if problems.is_empty() {
        Ok(Prepared { line, values })
    } else {
        Err(problems)
    })
}

async fn line_of(
    db: &mut PgConnection,
    existing: Option<&Json>,
    body: &Map<String, Json>,
    problems: &mut Problems,
) -> AppResult<Option<Uuid>> {
    let stored = existing
        .and_then(|r| r["lineId"].as_str())
        .map(str::to_string);
    let asked = body
        .get("lineId")
        .and_then(Json::as_str)
        .map(str::trim)
        .filter(|s| !s.is_empty());
    let raw = match (asked, stored.as_deref()) {
        (Some(a), Some(s)) if a != s => {
            problems
                .invalid
                .insert("lineId".into(), Msg::new("config.lineChange"));
            return Ok(None);
        }
        (Some(a), _) => a.to_string(),
        (None, Some(s)) => s.to_string(),
        (None, None) => {
            problems
                .invalid
                .insert("lineId".into(), Msg::new("config.lineRequired"));
            return Ok(None);
        }
    };
    let lines = by_key("lines").expect("lines entity");
    let found = match Uuid::parse_str(&raw) {
        Ok(id) => db::config::lines_of(&mut *db, lines, &[id])
            .await?
            .first()
            .map(|(id, _)| *id),
        Err(_) => None,
    };
    if found.is_none() {
        problems
            .invalid
            .insert("lineId".into(), Msg::new("config.lineNotFound"));
    }
    Ok(found)
}

/// Every id a record refers to, with the entity it must be of and the error key to report.
fn wanted(values: &[(&'static Field, Value)]) -> Vec<(&'static str, Uuid, String)> {
    let mut out = Vec::new();
    for (field, value) in values {
        match (field.kind, value) {
            (Kind::Ref { entity }, Value::Id(Some(id))) => {
                out.push((entity, *id, field.name.to_string()))
            }
            (Kind::RefList { entity }, Value::Ids(ids)) => {
                out.extend(ids.iter().map(|id| (entity, *id, field.name.to_string())));
            }
            (Kind::IdList { by, .. }, Value::Ids(ids)) => {
                let picked = values.iter().find_map(|(f, v)| match v {
                    Value::Text(Some(t)) if f.name == by => field.kind.id_list_target(t),
                    _ => None,
                });
                if let Some(entity) = picked {
                    out.extend(ids.iter().map(|id| (entity, *id, field.name.to_string())));
                }
            }
            (Kind::Items { fields }, Value::Items(Json::Array(rows))) => {
                for (i, row) in rows.iter().enumerate() {
                    for inner in fields {
                        if let (Kind::Ref { entity }, Some(id)) = (
                            inner.kind,
                            row[inner.name]
                                .as_str()
                                .and_then(|s| Uuid::parse_str(s).ok()),
                        ) {
                            out.push((entity, id, format!("{}[{i}].{}", field.name, inner.name)));
                        }
                    }
                }
            }
            _ => {}
        }
    }
    out
}

async fn references(
    db: &mut PgConnection,
    line: Option<Uuid>,
    values: &[(&'static Field, Value)],
    problems: &mut Problems,
) -> AppResult<()> {
    let wanted = wanted(values);
    let mut targets: Vec<&str> = wanted.iter().map(|(t, _, _)| *t).collect();
    targets.sort();
    targets.dedup();
    for target in targets {
        let entity = by_key(target).expect("descriptors refer to known entities");
        let ids: Vec<Uuid> = wanted
            .iter()
            .filter(|(t, _, _)| *t == target)
            .map(|(_, id, _)| *id)
            .collect();
        let found = db::config::lines_of(&mut *db, entity, &ids).await?;
        for (_, id, key) in wanted.iter().filter(|(t, _, _)| *t == target) {
            let msg = match found.iter().find(|(f, _)| f == id) {
                None => Msg::new("config.refMissing"),
                Some((_, their_line)) if line.is_some() && *their_line != line => {
                    Msg::new("config.refOtherLine")
                }
                Some(_) => continue,
            };
            problems.invalid.entry(key.clone()).or_insert(msg);
        }
    }
    Ok(())
}
