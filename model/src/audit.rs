//! The audit trail as it is read (issue 35, item 1): an entry with its record before and after
//! and the fields that changed between them, and the values its filters can take.

use chrono::{DateTime, Utc};
use serde::Serialize;
use serde_json::Value;
use utoipa::ToSchema;

/// One audited event: who did what to which record, when, with the record before and after.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AuditEntry {
    pub id: i64,
    pub at: DateTime<Utc>,
    /// The user's email; null for what the plant or the server did by itself.
    pub actor: Option<String>,
    /// What was done (`created`, `status`, `alarmAcknowledged`, `login`, …).
    pub action: String,
    /// The kind of record (`recipe`, `productionSchedule`, `lines`, `session`, …).
    pub entity: String,
    pub entity_id: Option<String>,
    /// `action` in the requester's language.
    pub action_label: String,
    /// `entity` in the requester's language.
    pub entity_label: String,
    /// The line the record belongs to; null for what belongs to no single line.
    pub line_id: Option<String>,
    pub line_code: Option<String>,
    pub line_name: Option<String>,
    #[schema(value_type = Option<Object>)]
    pub before: Option<Value>,
    #[schema(value_type = Option<Object>)]
    pub after: Option<Value>,
    /// What else the event says (a status move, the reason of a failed sign-in, …).
    #[schema(value_type = Option<Object>)]
    pub detail: Option<Value>,
    /// Every value that differs between `before` and `after`, by path (at most
    /// [`MAX_CHANGES`]).
    pub changes: Vec<AuditChange>,
}

/// One value that differs between an entry's record before and after.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AuditChange {
    /// Where in the record: `name`, `weighingItems[2].setpointKg`.
    pub path: String,
    /// Absent before (added).
    #[schema(value_type = Option<Value>)]
    pub old: Option<Value>,
    /// Absent after (removed).
    #[schema(value_type = Option<Value>)]
    pub new: Option<Value>,
}

/// The values the trail's filters can take: every user, kind of record and action in it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AuditFacets {
    pub actors: Vec<String>,
    pub entities: Vec<AuditFacet>,
    pub actions: Vec<AuditFacet>,
}

/// A value of a filter and its name in the requester's language.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AuditFacet {
    pub value: String,
    pub label: String,
}

/// The most changes an entry lists.
pub const MAX_CHANGES: usize = 500;

/// A record's bookkeeping, which every change moves and the entry itself says (who, when):
/// not listed among the changes (still in the record before and after).
const BOOKKEEPING: [&str; 4] = ["createdAt", "createdBy", "updatedAt", "updatedBy"];

/// Every value that differs between `before` and `after`, objects key by key (in key order),
/// arrays position by position; a created record lists each of its values as added, a deleted
/// one each as removed.
pub fn changes(before: Option<&Value>, after: Option<&Value>) -> Vec<AuditChange> {
    let mut out = Vec::new();
    walk(String::new(), before, after, &mut out);
    out.truncate(MAX_CHANGES);
    out
}

fn join(path: &str, key: &str) -> String {
    if path.is_empty() {
        key.to_string()
    } else {
        format!("{path}.{key}")
    }
}

fn walk(path: String, old: Option<&Value>, new: Option<&Value>, out: &mut Vec<AuditChange>) {
    if out.len() >= MAX_CHANGES || old == new {
        return;
    }
    match (old, new) {
        (Some(Value::Object(a)), Some(Value::Object(b))) => {
            let mut keys: Vec<&String> = a.keys().chain(b.keys()).collect();
            keys.sort();
            keys.dedup();
            for k in keys {
                if path.is_empty() && BOOKKEEPING.contains(&k.as_str()) {
                    continue;
                }
                walk(join(&path, k), a.get(k), b.get(k), out);
            }
        }
        (Some(Value::Array(a)), Some(Value::Array(b))) => {
            for i in 0..a.len().max(b.len()) {
                walk(format!("{path}[{i}]"), a.get(i), b.get(i), out);
            }
        }
        (None, Some(Value::Object(b))) if !b.is_empty() => {
            walk(path, Some(&Value::Object(Default::default())), new, out);
        }
        (Some(Value::Object(a)), None) if !a.is_empty() => {
            walk(path, old, Some(&Value::Object(Default::default())), out);
        }
        _ => out.push(AuditChange {
            path,
            old: old.cloned(),
            new: new.cloned(),
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn paths(c: &[AuditChange]) -> Vec<&str> {
        c.iter().map(|c| c.path.as_str()).collect()
    }

    #[test]
    fn a_changed_record_lists_only_what_differs_by_path() {
        let before = json!({"name": "Grower", "batchSizeKg": 1000, "items": [{"kg": 10}, {"kg": 5}], "same": 1,
                            "updatedAt": "2026-12-01T10:00:00Z"});
        let after = json!({"name": "Grower 2", "batchSizeKg": 1000, "items": [{"kg": 12}], "same": 1, "notes": "x",
                           "updatedAt": "2026-12-02T10:00:00Z"});
        let c = changes(Some(&before), Some(&after));
        assert_eq!(paths(&c), ["items[0].kg", "items[1].kg", "name", "notes"]);
        assert_eq!(c[0].old, Some(json!(10)));
        assert_eq!(c[0].new, Some(json!(12)));
        assert_eq!(c[1].new, None, "an item gone is removed");
        assert_eq!(c[3].old, None, "a new key is added");
    }

    #[test]
    fn a_created_or_deleted_record_lists_each_value_and_nothing_is_no_change() {
        let r = json!({"code": "L1", "scale": {"max": 2000}, "createdBy": "a@plant.test"});
        let created = changes(None, Some(&r));
        assert_eq!(paths(&created), ["code", "scale.max"]);
        assert!(created.iter().all(|c| c.old.is_none()));
        let deleted = changes(Some(&r), None);
        assert!(deleted.iter().all(|c| c.new.is_none()));
        assert!(changes(None, None).is_empty());
        assert!(changes(Some(&r), Some(&r)).is_empty());
    }

    #[test]
    fn a_huge_change_is_cut_at_the_maximum() {
        let a: Vec<i32> = (0..2000).collect();
        let b: Vec<i32> = (1..2001).collect();
        assert_eq!(changes(Some(&json!(a)), Some(&json!(b))).len(), MAX_CHANGES);
    }
}
