//! Checks a record's JSON against its entity's descriptor and turns it into typed values, one
//! per field in descriptor order. Every failing field gets one message (keyed by its JSON
//! name; fields inside items as `field[i].inner`), so a form can show them all at once.

use std::collections::BTreeMap;
use std::sync::OnceLock;

use regex::Regex;
use serde_json::{Map, Value as Json};
use uuid::Uuid;

use super::{Entity, Field, Kind};
use crate::Msg;

/// A checked value, ready to bind to the field's column.
#[derive(Debug, Clone, PartialEq)]
pub enum Value {
    Text(Option<String>),
    Int(Option<i64>),
    Decimal(Option<f64>),
    Bool(bool),
    Id(Option<Uuid>),
    Ids(Vec<Uuid>),
    Texts(Vec<String>),
    /// Items, normalised (only known keys, checked values).
    Items(Json),
}

pub type Errors = BTreeMap<String, Msg>;

/// Pairs of fields where the first must not exceed the second.
const ORDERED: &[(&str, &str)] = &[
    ("min", "max"),
    ("lowLimit", "highLimit"),
    ("minWeighKg", "capacityKg"),
    ("minLevelKg", "capacityKg"),
];

/// Checks `record` (the request body, or the stored record with the body laid over it).
pub fn check(
    entity: &Entity,
    record: &Map<String, Json>,
) -> Result<Vec<(&'static Field, Value)>, Errors> {
    let (values, mut errors) = check_fields(entity.fields, record, "");
    for (lo, hi) in ORDERED {
        let num = |n: &str| {
            values.iter().find_map(|(f, v)| match v {
                Value::Decimal(Some(x)) if f.name == n => Some(*x),
                _ => None,
            })
        };
        if let (Some(a), Some(b)) = (num(lo), num(hi))
            && a > b
            && !errors.contains_key(*lo)
        {
            errors.insert(
                lo.to_string(),
                Msg::new("validation.notAbove").arg("max", b),
            );
        }
    }
    if errors.is_empty() {
        Ok(values)
    } else {
        Err(errors)
    }
}

fn check_fields(
    fields: &'static [Field],
    record: &Map<String, Json>,
    prefix: &str,
) -> (Vec<(&'static Field, Value)>, Errors) {
    let mut values = Vec::with_capacity(fields.len());
    let mut errors = Errors::new();
    for field in fields {
        let raw = record.get(field.name).filter(|v| !is_blank(v));
        match one(field, raw, prefix, &mut errors) {
            Ok(v) => values.push((field, v)),
            Err(msg) => {
                errors
                    .entry(format!("{prefix}{}", field.name))
                    .or_insert(msg);
            }
        }
    }
    (values, errors)
}

fn is_blank(v: &Json) -> bool {
    match v {
        Json::Null => true,
        Json::String(s) => s.trim().is_empty(),
        _ => false,
    }
}

fn one(
    field: &'static Field,
    raw: Option<&Json>,
    prefix: &str,
    errors: &mut Errors,
) -> Result<Value, Msg> {
    let required = || Msg::new("validation.required");
    let Some(raw) = raw else {
        if field.required {
            return Err(required());
        }
        return Ok(empty(&field.kind));
    };
    let value = match field.kind {
        Kind::Text { max } => {
            let s = text(raw)?;
            if s.chars().count() > max {
                return Err(Msg::new("validation.textTooLong").arg("max", max));
            }
            Value::Text(Some(s))
        }
        Kind::Code => {
            let s = text(raw)?;
            if !re(&CODE, CODE_PATTERN).is_match(&s) {
                return Err(Msg::new("validation.code"));
            }
            Value::Text(Some(s))
        }
        Kind::Time => {
            let s = text(raw)?;
            if !re(&TIME, TIME_PATTERN).is_match(&s) {
                return Err(Msg::new("validation.time"));
            }
            Value::Text(Some(s))
        }
        Kind::TimeZone => {
            let s = text(raw)?;
            if !re(&ZONE, r"^[A-Za-z][A-Za-z0-9_+\-]*(/[A-Za-z0-9_+\-]+)*$").is_match(&s) {
                return Err(Msg::new("validation.timeZone"));
            }
            Value::Text(Some(s))
        }
        Kind::Choice { options } => {
            let s = text(raw)?.to_uppercase();
            if !options.contains(&s.as_str()) {
                return Err(Msg::new("validation.choice").arg("options", options.join(", ")));
            }
            Value::Text(Some(s))
        }
        Kind::Int { min, max } => {
            let n = number(raw).ok_or(Msg::new("validation.notInteger"))?;
            if n.fract() != 0.0 {
                return Err(Msg::new("validation.notInteger"));
            }
            if n < min as f64 || n > max as f64 {
                return Err(range(min, max));
            }
            Value::Int(Some(n as i64))
        }
        Kind::Decimal { min, max } => {
            let n = number(raw).ok_or(Msg::new("validation.notNumber"))?;
            if n < min || n > max {
                return Err(range(min, max));
            }
            Value::Decimal(Some(n))
        }
        Kind::Bool { .. } => match raw {
            Json::Bool(b) => Value::Bool(*b),
            Json::String(s) if s == "true" || s == "false" => Value::Bool(s == "true"),
            _ => return Err(Msg::new("validation.bool")),
        },
        Kind::Ref { .. } => Value::Id(Some(id(raw)?)),
        Kind::RefList { .. } | Kind::IdList { .. } => {
            let mut ids = list(raw)?.iter().map(id).collect::<Result<Vec<_>, _>>()?;
            dedup(&mut ids);
            if field.required && ids.is_empty() {
                return Err(required());
            }
            Value::Ids(ids)
        }
        Kind::TextList { options } => {
            let mut texts = list(raw)?.iter().map(text).collect::<Result<Vec<_>, _>>()?;
            if !options.is_empty() {
                for t in texts.iter_mut() {
                    *t = t.to_uppercase();
                    if !options.contains(&t.as_str()) {
                        return Err(
                            Msg::new("validation.choice").arg("options", options.join(", "))
                        );
                    }
                }
            }
            dedup(&mut texts);
            if field.required && texts.is_empty() {
                return Err(required());
            }
            Value::Texts(texts)
        }
        Kind::Items { fields } => {
            let rows = list(raw)?;
            if field.required && rows.is_empty() {
                return Err(required());
            }
            let mut out = Vec::with_capacity(rows.len());
            for (i, row) in rows.iter().enumerate() {
                let Json::Object(row) = row else {
                    return Err(Msg::new("validation.list"));
                };
                let (values, inner) =
                    check_fields(fields, row, &format!("{prefix}{}[{i}].", field.name));
                errors.extend(inner);
                out.push(Json::Object(
                    values
                        .into_iter()
                        .map(|(f, v)| (f.name.to_string(), to_json(&v)))
                        .collect(),
                ));
            }
            Value::Items(Json::Array(out))
        }
    };
    Ok(value)
}

/// The value of an absent optional field.
fn empty(kind: &Kind) -> Value {
    match kind {
        Kind::Int { .. } => Value::Int(None),
        Kind::Decimal { .. } => Value::Decimal(None),
        Kind::Bool { default } => Value::Bool(*default),
        Kind::Ref { .. } => Value::Id(None),
        Kind::RefList { .. } | Kind::IdList { .. } => Value::Ids(Vec::new()),
        Kind::TextList { .. } => Value::Texts(Vec::new()),
        Kind::Items { .. } => Value::Items(Json::Array(Vec::new())),
        _ => Value::Text(None),
    }
}

/// The JSON form of a checked value (as the api answers it).
pub fn to_json(v: &Value) -> Json {
    match v {
        Value::Text(s) => s.clone().map_or(Json::Null, Json::String),
        Value::Int(n) => n.map_or(Json::Null, Json::from),
        Value::Decimal(n) => n.map_or(Json::Null, Json::from),
        Value::Bool(b) => Json::Bool(*b),
        Value::Id(id) => id.map_or(Json::Null, |i| Json::String(i.to_string())),
        Value::Ids(ids) => ids.iter().map(|i| Json::String(i.to_string())).collect(),
        Value::Texts(t) => t.iter().cloned().map(Json::String).collect(),
        Value::Items(j) => j.clone(),
    }
}

fn text(v: &Json) -> Result<String, Msg> {
    match v {
        Json::String(s) => Ok(s.trim().to_string()),
        Json::Number(n) => Ok(n.to_string()),
        _ => Err(Msg::new("validation.text")),
    }
}

fn number(v: &Json) -> Option<f64> {
    let n = match v {
        Json::Number(n) => n.as_f64()?,
        Json::String(s) => s.trim().replace(',', ".").parse().ok()?,
        _ => return None,
    };
    n.is_finite().then_some(n)
}

fn id(v: &Json) -> Result<Uuid, Msg> {
    v.as_str()
        .and_then(|s| Uuid::parse_str(s.trim()).ok())
        .ok_or(Msg::new("config.refMissing"))
}

fn list(v: &Json) -> Result<&Vec<Json>, Msg> {
    v.as_array().ok_or(Msg::new("validation.list"))
}

fn dedup<T: PartialEq + Clone>(v: &mut Vec<T>) {
    let mut seen = Vec::with_capacity(v.len());
    v.retain(|x| {
        let new = !seen.contains(x);
        if new {
            seen.push(x.clone());
        }
        new
    });
}

fn range(min: impl ToString, max: impl ToString) -> Msg {
    Msg::new("validation.numberRange")
        .arg("min", min)
        .arg("max", max)
}

/// The longest code [`CODE_PATTERN`] allows.
pub const CODE_MAX_LEN: usize = crate::limits::CODE;
/// A code: a short identifier of letters, digits, `_`, `.` and `-`, at most 32 characters.
pub const CODE_PATTERN: &str = r"^[A-Za-z0-9][A-Za-z0-9_.\-]{0,31}$";
/// A time of day, `HH:MM` (24 h).
pub const TIME_PATTERN: &str = r"^([01][0-9]|2[0-3]):[0-5][0-9]$";

static CODE: OnceLock<Regex> = OnceLock::new();
static TIME: OnceLock<Regex> = OnceLock::new();
static ZONE: OnceLock<Regex> = OnceLock::new();

fn re(cell: &'static OnceLock<Regex>, pattern: &str) -> &'static Regex {
    cell.get_or_init(|| Regex::new(pattern).expect("valid pattern"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::by_key;
    use serde_json::json;

    fn obj(v: Json) -> Map<String, Json> {
        v.as_object().unwrap().clone()
    }

    #[test]
    fn a_good_scale_is_typed_and_defaults_fill_the_rest() {
        let scales = by_key("scales").unwrap();
        let v = check(scales, &obj(json!({"name": " Major scale ", "code": "S1", "type": "major", "capacityKg": "2000"}))).unwrap();
        let get = |n: &str| v.iter().find(|(f, _)| f.name == n).unwrap().1.clone();
        assert_eq!(get("name"), Value::Text(Some("Major scale".into())));
        assert_eq!(get("type"), Value::Text(Some("MAJOR".into())));
        assert_eq!(get("capacityKg"), Value::Decimal(Some(2000.0)));
        assert_eq!(get("minWeighKg"), Value::Decimal(None));
    }

    #[test]
    fn every_bad_field_gets_its_own_message() {
        let scales = by_key("scales").unwrap();
        let e = check(
            scales,
            &obj(json!({"code": "a b", "type": "HUGE", "capacityKg": "x", "tolerancePct": 150})),
        )
        .unwrap_err();
        assert_eq!(e["name"].code, "validation.required");
        assert_eq!(e["code"].code, "validation.code");
        assert_eq!(e["type"].code, "validation.choice");
        assert_eq!(e["capacityKg"].code, "validation.notNumber");
        assert_eq!(e["tolerancePct"].code, "validation.numberRange");
    }

    #[test]
    fn items_are_checked_row_by_row_and_min_may_not_exceed_max() {
        let bins = by_key("bins").unwrap();
        let e = check(bins, &obj(json!({"name": "B", "code": "B1", "scaleId": Uuid::nil().to_string(), "capacityKg": 10, "minLevelKg": 20,
            "binMaterials": [{"materialId": "nope", "priority": 1}]}))).unwrap_err();
        assert_eq!(e["binMaterials[0].materialId"].code, "config.refMissing");
        assert_eq!(e["minLevelKg"].code, "validation.notAbove");
    }

    #[test]
    fn shift_times_and_days_are_checked() {
        let shifts = by_key("shifts").unwrap();
        let e = check(shifts, &obj(json!({"name": "Night", "startTime": "22:00", "endTime": "24:00", "days": ["MON", "XYZ"]}))).unwrap_err();
        assert_eq!(e["endTime"].code, "validation.time");
        assert_eq!(e["days"].code, "validation.choice");
        let ok = check(shifts, &obj(json!({"name": "Night", "startTime": "22:00", "endTime": "06:00", "days": ["mon", "MON", "tue"]}))).unwrap();
        assert!(
            ok.iter()
                .any(|(f, v)| f.name == "days"
                    && *v == Value::Texts(vec!["MON".into(), "TUE".into()]))
        );
    }

    #[test]
    fn every_reference_names_an_entity_that_exists_and_columns_are_unique() {
        for e in crate::config::ENTITIES {
            let mut columns: Vec<_> = e.fields.iter().map(|f| f.column).collect();
            columns.sort();
            columns.dedup();
            assert_eq!(columns.len(), e.fields.len(), "{}", e.key);
            assert!(e.field(e.title).is_some(), "{}", e.key);
            for f in e.fields {
                if let Kind::Ref { entity } | Kind::RefList { entity } = f.kind {
                    assert!(
                        by_key(entity).is_some_and(|t| t.scoped),
                        "{}.{}",
                        e.key,
                        f.name
                    );
                }
            }
        }
    }
}

#[cfg(test)]
mod pattern_tests {
    use super::*;

    #[test]
    fn the_code_pattern_allows_exactly_code_max_len_characters() {
        let re = Regex::new(CODE_PATTERN).unwrap();
        assert!(re.is_match(&"A".repeat(CODE_MAX_LEN)));
        assert!(!re.is_match(&"A".repeat(CODE_MAX_LEN + 1)));
    }
}
