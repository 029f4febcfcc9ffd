//! The OpenAPI schemas of the configuration entities, made from their descriptors like
//! everything else about them: a record as the api answers it (`<Name>Record`) and as a client
//! sends it (`<Name>Input`), and the request and answer of each call of the entity's routes.

use model::config::check::{CODE_PATTERN, TIME_PATTERN};
use model::config::{ENTITIES, Entity, Field, Kind, Op};
use serde_json::{Value, json};

/// `Line`, `MaterialDirectory`: the component name stem of an entity.
pub fn name(e: &Entity) -> String {
    let mut chars = e.screen.chars();
    chars
        .next()
        .map(|c| c.to_ascii_uppercase().to_string() + chars.as_str())
        .unwrap_or_default()
}

fn reference(e: &Entity, suffix: &str) -> Value {
    json!({"$ref": format!("#/components/schemas/{}{suffix}", name(e))})
}

/// The schema of one value of `kind`, as stored and answered (inputs take the same).
fn value(kind: &Kind) -> Value {
    let id = json!({"type": "string", "format": "uuid"});
    match kind {
        Kind::Text { max } => json!({"type": "string", "maxLength": max}),
        Kind::Code => json!({"type": "string", "pattern": CODE_PATTERN}),
        Kind::Int { min, max } => json!({"type": "integer", "minimum": min, "maximum": max}),
        Kind::Decimal { min, max } => json!({"type": "number", "minimum": min, "maximum": max}),
        Kind::Bool { .. } => json!({"type": "boolean"}),
        Kind::Choice { options } => json!({"type": "string", "enum": options}),
        Kind::Time => json!({"type": "string", "pattern": TIME_PATTERN}),
        Kind::TimeZone => json!({"type": "string", "description": "an IANA time-zone name"}),
        Kind::Ref { entity } => {
            json!({"type": "string", "format": "uuid", "description": format!("the _id of a {entity} record of the same line")})
        }
        Kind::RefList { entity } => {
            json!({"type": "array", "items": id, "description": format!("_ids of {entity} records of the same line")})
        }
        Kind::IdList { by, .. } => {
            json!({"type": "array", "items": id, "description": format!("_ids of the records of the kind `{by}` names")})
        }
        Kind::TextList { options: [] } => json!({"type": "array", "items": {"type": "string"}}),
        Kind::TextList { options } => {
            json!({"type": "array", "items": {"type": "string", "enum": options}})
        }
        // Stored items keep null for their optional values.
        Kind::Items { fields } => json!({"type": "array", "items": object(fields, true, true)}),
    }
}

/// An object of `fields`: `required` ones are listed as such when `enforce` is set; optional
/// values may be null when `nullable` is set (as records store them).
fn object(fields: &[Field], enforce: bool, nullable: bool) -> Value {
    let mut properties = serde_json::Map::new();
    for f in fields {
        let mut schema = value(&f.kind);
        if nullable && !f.required {
            schema = json!({"oneOf": [schema, {"type": "null"}]});
        }
        if let Some(unit) = f.unit {
            schema["x-unit"] = json!(unit);
        }
        properties.insert(f.name.into(), schema);
    }
    let required: Vec<&str> = fields
        .iter()
        .filter(|f| enforce && f.required)
        .map(|f| f.name)
        .collect();
    json!({"type": "object", "properties": properties, "required": required})
}

/// A stored record: `_id`, `lineId` when per line, every field, and the audit stamps.
fn record(e: &Entity) -> Value {
    let mut schema = object(e.fields, true, true);
    let props = schema["properties"].as_object_mut().expect("an object");
    let stamp = json!({"type": "string", "format": "date-time"});
    let who = json!({"oneOf": [{"type": "string"}, {"type": "null"}], "description": "email of the acting user"});
    props.insert("_id".into(), json!({"type": "string", "format": "uuid"}));
    let mut required = vec!["_id"];
    if e.scoped {
        props.insert("lineId".into(), json!({"type": "string", "format": "uuid"}));
        required.push("lineId");
    }
    for (k, v) in [
        ("createdAt", &stamp),
        ("createdBy", &who),
        ("updatedAt", &stamp),
        ("updatedBy", &who),
    ] {
        props.insert(k.into(), v.clone());
    }
    let fields = schema["required"].as_array_mut().expect("a list");
    fields.extend(required.into_iter().map(Value::from));
    schema
}

/// What add takes: the record less `_id` and the server-kept stamps (`createdBy` and the like
/// are ignored when sent: the token says who acts).
fn input(e: &Entity) -> Value {
    let mut schema = object(e.fields, true, false);
    if e.scoped {
        schema["properties"]["lineId"] = json!({"type": "string", "format": "uuid"});
        schema["required"]
            .as_array_mut()
            .expect("a list")
            .push("lineId".into());
    }
    schema
}

/// Every entity's `<Name>Record` and `<Name>Input` schema.
pub fn components() -> Vec<(String, Value)> {
    ENTITIES
        .iter()
        .flat_map(|e| {
            [
                (format!("{}Record", name(e)), record(e)),
                (format!("{}Input", name(e)), input(e)),
            ]
        })
        .collect()
}

/// The answer envelope with `data` of the given schema.
pub fn envelope(data: Value) -> Value {
    json!({
        "type": "object",
        "required": ["success", "data"],
        "properties": {
            "success": {"type": "boolean"},
            "message": {"type": "string"},
            "data": data,
        },
    })
}

/// What a call of `e` answers: the record, the list of records, or the deleted `_id`.
pub fn answer(e: &Entity, op: Op, bulk: bool) -> Value {
    envelope(match op {
        Op::List => json!({"type": "array", "items": reference(e, "Record")}),
        Op::Create if bulk || e.bulk.is_some() => json!({"oneOf": [
            reference(e, "Record"),
            {"type": "array", "items": reference(e, "Record")},
        ]}),
        Op::Get | Op::Create | Op::Update => reference(e, "Record"),
        Op::Delete => json!({
            "type": "object",
            "required": ["_id"],
            "properties": {"_id": {"type": "string", "format": "uuid"}},
        }),
    })
}

/// What a call of `e` takes as its body, if anything.
pub fn request(e: &Entity, op: Op, bulk: bool) -> Option<Value> {
    let list_form = |key: &str| {
        json!({
            "type": "object",
            "required": [key, "lineId"],
            "properties": {
                key: {"type": "array", "items": reference(e, "Input")},
                "lineId": {"type": "string", "format": "uuid"},
            },
        })
    };
    match op {
        Op::List => {
            let mut filters = serde_json::Map::new();
            if e.scoped {
                filters.insert("lineId".into(), json!({"type": "string", "format": "uuid"}));
            }
            for f in e.fields.iter().filter(|f| f.filter) {
                filters.insert(f.name.into(), value(&f.kind));
            }
            Some(json!({"type": "object", "properties": filters}))
        }
        Op::Create => Some(match (bulk, e.bulk) {
            (true, Some(key)) => json!({"oneOf": [
                {"type": "array", "items": reference(e, "Input")},
                list_form(key),
            ]}),
            (false, Some(key)) => json!({"oneOf": [reference(e, "Input"), list_form(key)]}),
            _ => reference(e, "Input"),
        }),
        // Edit lays the body over the stored record: every field is optional, and `updatedAt`
        // names the record the edit started from (decision 97).
        Op::Update => {
            let mut schema = object(e.fields, false, false);
            schema["properties"]["updatedAt"] = json!({
                "type": "string",
                "format": "date-time",
                "description": "the record's `updatedAt` as the edit started from it; 409 on `updatedAt` naming who and when if someone saved it since",
            });
            Some(schema)
        }
        Op::Delete => Some(json!({
            "type": "object",
            "required": ["id"],
            "properties": {
                "id": {"type": "string", "format": "uuid"},
                "deletedBy": {"type": "string", "description": "ignored: the token says who deletes"},
            },
        })),
        Op::Get => None,
    }
}

/// The query parameters of a list call: `lineId` and the entity's filters.
pub fn list_query(e: &Entity) -> Vec<(String, Value)> {
    let mut out = Vec::new();
    if e.scoped {
        out.push(("lineId".into(), json!({"type": "string", "format": "uuid"})));
    }
    for f in e.fields.iter().filter(|f| f.filter) {
        let schema = match f.kind {
            // `?scaleId=` (one id) filters the list `scaleIds`.
            Kind::RefList { .. } => json!({"type": "string", "format": "uuid"}),
            kind => value(&kind),
        };
        let name = match f.kind {
            Kind::RefList { .. } => f.name.strip_suffix('s').unwrap_or(f.name),
            _ => f.name,
        };
        out.push((name.into(), schema));
    }
    out
}

/// `page` and `limit` of a list call, in the query for either method (decision 94): without
/// them the whole list, at most its maximum.
pub fn paging() -> [(&'static str, Value); 2] {
    [
        (
            "page",
            json!({"type": "integer", "minimum": 1, "maximum": 1_000_000, "description": "a page of the list, from 1; with `limit` or alone (100 rows)"}),
        ),
        (
            "limit",
            json!({"type": "integer", "minimum": 1, "maximum": 1000, "description": "rows per page; without `page` and `limit` the whole list, at most 10,000 records"}),
        ),
    ]
}

/// The answers of the configuration calls outside the entity pattern whose `data` is made of
/// records, by operation id: typed from the same descriptors.
pub fn record_answers() -> Vec<(&'static str, Value)> {
    let bin = model::config::by_key("bins").expect("bins");
    let scale = model::config::by_key("scales").expect("scales");
    let list = |e: &Entity| envelope(json!({"type": "array", "items": reference(e, "Record")}));
    vec![
        (
            "bins_with_scale",
            envelope(json!({"type": "array", "items": {"allOf": [
                reference(bin, "Record"),
                {"type": "object", "properties": {"scale": {"oneOf": [
                    {"type": "object", "properties": {
                        "_id": {"type": "string", "format": "uuid"},
                        "name": {"type": "string"},
                        "code": {"type": "string"},
                        "type": {"type": "string"},
                    }},
                    {"type": "null"},
                ]}}},
            ]}})),
        ),
        ("add_material", list(bin)),
        ("category_scales", list(scale)),
    ]
}
