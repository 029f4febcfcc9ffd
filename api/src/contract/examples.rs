//! Examples for the OpenAPI document: a body a handler did not give an example for gets one
//! made from its schema (every value valid for the schema), so each operation shows the shape
//! of what it takes and answers.

use model::config::check::{CODE_PATTERN, TIME_PATTERN};
use serde_json::{Map, Value, json};

/// Gives each media type of `content` that has a schema but no example one made from it.
pub fn add_to_content(content: &mut Value, components: &Value) {
    let Some(types) = content.as_object_mut() else {
        return;
    };
    for media in types.values_mut() {
        if media.get("example").is_some() || media.get("examples").is_some() {
            continue;
        }
        if let Some(schema) = media.get("schema") {
            let example = of(schema, components, 0);
            media["example"] = example;
        }
    }
}

/// A value valid for `schema` (`$ref`s resolved in `components`).
pub fn of(schema: &Value, components: &Value, depth: usize) -> Value {
    if depth > 12 {
        return Value::Null;
    }
    let next = |s: &Value| of(s, components, depth + 1);
    if let Some(r) = schema.get("$ref").and_then(Value::as_str) {
        let name = r.rsplit('/').next().unwrap_or_default();
        return next(&components["schemas"][name]);
    }
    if let Some(e) = schema.get("example") {
        return e.clone();
    }
    if let Some(c) = schema.get("const") {
        return c.clone();
    }
    if let Some(first) = schema.get("enum").and_then(|e| e.get(0)) {
        return first.clone();
    }
    for key in ["oneOf", "anyOf"] {
        if let Some(options) = schema.get(key).and_then(Value::as_array) {
            let pick = options
                .iter()
                .find(|o| o["type"] != "null")
                .or(options.first());
            return pick.map_or(Value::Null, next);
        }
    }
    if let Some(parts) = schema.get("allOf").and_then(Value::as_array) {
        let mut merged = Map::new();
        for p in parts {
            if let Value::Object(o) = next(p) {
                merged.extend(o);
            }
        }
        return Value::Object(merged);
    }
    let ty = match &schema["type"] {
        Value::String(t) => t.as_str(),
        Value::Array(ts) => ts
            .iter()
            .filter_map(Value::as_str)
            .find(|t| *t != "null")
            .unwrap_or("null"),
        _ if schema.get("properties").is_some() => "object",
        _ => "",
    };
    match ty {
        "object" => {
            let props = schema["properties"].as_object();
            Value::Object(
                props
                    .into_iter()
                    .flatten()
                    .map(|(k, s)| (k.clone(), next(s)))
                    .collect(),
            )
        }
        "array" => json!([next(&schema["items"])]),
        "string" => string(schema),
        "integer" => json!(number(schema).round() as i64),
        "number" => json!(number(schema)),
        "boolean" => json!(true),
        "null" => Value::Null,
        _ => json!({}),
    }
}

fn string(schema: &Value) -> Value {
    let s = match (
        schema["format"].as_str().unwrap_or_default(),
        schema["pattern"].as_str().unwrap_or_default(),
    ) {
        ("uuid", _) => "0193a4b2-7c1e-7d3a-9f00-2b5e8c1d4a10",
        ("date-time", _) => "2026-11-23T06:00:00Z",
        ("email", _) => "operator@mill.example",
        (_, CODE_PATTERN) => "MAIZE",
        (_, TIME_PATTERN) => "06:00",
        _ => "Maize",
    };
    json!(s)
}

/// 1, moved into `[minimum, maximum]`.
fn number(schema: &Value) -> f64 {
    let lo = schema["minimum"].as_f64().unwrap_or(f64::MIN);
    let hi = schema["maximum"].as_f64().unwrap_or(f64::MAX);
    1f64.clamp(lo, hi.max(lo))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn examples_follow_refs_choices_and_limits() {
        let components = json!({"schemas": {"Line": {"type": "object", "properties": {
            "_id": {"type": "string", "format": "uuid"},
            "code": {"type": "string", "pattern": CODE_PATTERN},
            "size": {"type": "integer", "minimum": 10, "maximum": 20},
            "note": {"type": ["string", "null"]},
            "kind": {"type": "string", "enum": ["MAJOR", "MINOR"]},
        }}}});
        let e = of(
            &json!({"type": "array", "items": {"$ref": "#/components/schemas/Line"}}),
            &components,
            0,
        );
        assert_eq!(
            e,
            json!([{"_id": "0193a4b2-7c1e-7d3a-9f00-2b5e8c1d4a10", "code": "MAIZE", "size": 10, "note": "Maize", "kind": "MAJOR"}])
        );
    }
}
