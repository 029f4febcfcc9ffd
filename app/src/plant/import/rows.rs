//! One data row as the body of an add call: cells by their field's kind, codes of referenced
//! records looked up on the line (each entity's codes loaded once per file).

use std::collections::{BTreeMap, HashMap};

use model::Msg;
use model::config::{Field, Kind, by_key};
use serde_json::{Map, Value as Json};
use sqlx::PgConnection;
use uuid::Uuid;

use crate::Result;

/// Codes of the line's records per referenced entity, loaded once per import.
#[derive(Default)]
pub(super) struct Codes(HashMap<&'static str, BTreeMap<String, String>>);

impl Codes {
    async fn id(
        &mut self,
        db: &mut PgConnection,
        entity: &'static str,
        line: Uuid,
        code: &str,
    ) -> Result<Option<String>> {
        if !self.0.contains_key(entity) {
            let e = by_key(entity).expect("descriptors refer to known entities");
            let rows = db::config::list(&mut *db, e, Some(line), &[]).await?;
            let map = rows
                .iter()
                .filter_map(|r| {
                    Some((
                        r[e.title].as_str()?.to_lowercase(),
                        r["_id"].as_str()?.to_string(),
                    ))
                })
                .collect();
            self.0.insert(entity, map);
        }
        Ok(self.0[entity].get(&code.to_lowercase()).cloned())
    }
}

fn split(cell: &str) -> impl Iterator<Item = &str> {
    cell.split([';', '|', ','])
        .map(str::trim)
        .filter(|s| !s.is_empty())
}

/// One data row as the body of an add call, and the codes in it that name no record.
pub(super) async fn record(
    db: &mut PgConnection,
    line: Uuid,
    columns: &[Option<&'static Field>],
    cells: &[String],
    codes: &mut Codes,
) -> Result<(Map<String, Json>, Vec<(String, Msg)>)> {
    let mut unknown = Vec::new();
    let mut out = Map::from_iter([("lineId".to_string(), Json::String(line.to_string()))]);
    for (field, cell) in columns.iter().zip(cells) {
        let (Some(field), false) = (field, cell.is_empty()) else {
            continue;
        };
        let value = match field.kind {
            Kind::Bool { .. } => match cell.to_lowercase().as_str() {
                "true" | "yes" | "1" | "x" | "ja" | "oui" | "sí" | "si" => Json::Bool(true),
                "false" | "no" | "0" | "nein" | "nee" | "non" => Json::Bool(false),
                _ => Json::String(cell.clone()),
            },
            Kind::TextList { .. } => split(cell).map(|s| Json::String(s.into())).collect(),
            Kind::Ref { entity } | Kind::RefList { entity } => {
                let mut ids = Vec::new();
                for code in split(cell) {
                    match codes.id(db, entity, line, code).await? {
                        Some(id) => ids.push(Json::String(id)),
                        None => unknown.push((
                            field.name.to_string(),
                            Msg::new("import.unknownCode").arg("code", code),
                        )),
                    }
                }
                match field.kind {
                    Kind::Ref { .. } => ids.into_iter().next().unwrap_or(Json::Null),
                    _ => Json::Array(ids),
                }
            }
            _ => Json::String(cell.clone()),
        };
        out.insert(field.name.into(), value);
    }
    Ok((out, unknown))
}
