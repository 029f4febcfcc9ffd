//! The comparison of two recipe versions, item by item, for approval: what was added, removed
//! and changed, with old → new values. Weighing items are matched by scale and material, mixing
//! steps by position in the sequence, miscellaneous values by parameter; item ids and sequence
//! renumbering alone are not changes.

use serde::Serialize;
use serde_json::{Map, Value, json};
use utoipa::ToSchema;

use super::Content;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "UPPERCASE")]
pub enum ChangeKind {
    Added,
    Removed,
    Changed,
}

/// One value that differs.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FieldChange {
    pub field: String,
    #[schema(value_type = Value)]
    pub old: Value,
    #[schema(value_type = Value)]
    pub new: Value,
}

/// An item present in only one of the versions, or in both with different values.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ItemChange {
    pub change: ChangeKind,
    /// What matches the item across versions: `scaleId/materialId`, the sequence number, or the
    /// parameter id.
    pub key: String,
    /// The item in the old version (removed, changed).
    #[schema(value_type = Option<Object>)]
    pub old: Option<Value>,
    /// The item in the new version (added, changed).
    #[schema(value_type = Option<Object>)]
    pub new: Option<Value>,
    /// The values that differ (changed items only).
    pub fields: Vec<FieldChange>,
}

/// Everything that differs between two versions.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Diff {
    pub header: Vec<FieldChange>,
    pub weighing_items: Vec<ItemChange>,
    pub mixing_items: Vec<ItemChange>,
    pub miscellaneous_items: Vec<ItemChange>,
}

impl Diff {
    pub fn is_empty(&self) -> bool {
        self.header.is_empty()
            && self.weighing_items.is_empty()
            && self.mixing_items.is_empty()
            && self.miscellaneous_items.is_empty()
    }
}

const HEADER: [&str; 6] = [
    "name",
    "description",
    "product",
    "batchSizeKg",
    "medicationClass",
    "mixingModeId",
];

/// The fields of an item that count: all but its id (and the sequence of a mixing step, which
/// is its key).
fn values(item: &Value, skip: &[&str]) -> Map<String, Value> {
    let mut m = item.as_object().cloned().unwrap_or_default();
    m.remove("_id");
    for s in skip {
        m.remove(*s);
    }
    m
}

fn field_changes(old: &Map<String, Value>, new: &Map<String, Value>) -> Vec<FieldChange> {
    let mut keys: Vec<&String> = old.keys().chain(new.keys()).collect();
    keys.sort();
    keys.dedup();
    keys.into_iter()
        .filter_map(|k| {
            let (a, b) = (
                old.get(k).cloned().unwrap_or(Value::Null),
                new.get(k).cloned().unwrap_or(Value::Null),
            );
            (a != b).then(|| FieldChange {
                field: k.clone(),
                old: a,
                new: b,
            })
        })
        .collect()
}

/// Matches the items of two lists by `key` and reports the differences, in the new list's
/// order then the removed ones.
fn items(
    old: &[Value],
    new: &[Value],
    key: impl Fn(&Value) -> String,
    skip: &[&str],
) -> Vec<ItemChange> {
    let mut out = Vec::new();
    for n in new {
        let k = key(n);
        match old.iter().find(|o| key(o) == k) {
            None => out.push(ItemChange {
                change: ChangeKind::Added,
                key: k,
                old: None,
                new: Some(n.clone()),
                fields: Vec::new(),
            }),
            Some(o) => {
                let fields = field_changes(&values(o, skip), &values(n, skip));
                if !fields.is_empty() {
                    out.push(ItemChange {
                        change: ChangeKind::Changed,
                        key: k,
                        old: Some(o.clone()),
                        new: Some(n.clone()),
                        fields,
                    });
                }
            }
        }
    }
    for o in old {
        let k = key(o);
        if !new.iter().any(|n| key(n) == k) {
            out.push(ItemChange {
                change: ChangeKind::Removed,
                key: k,
                old: Some(o.clone()),
                new: None,
                fields: Vec::new(),
            });
        }
    }
    out
}

fn list(v: &Value, name: &str) -> Vec<Value> {
    v[name].as_array().cloned().unwrap_or_default()
}

/// What changed from `old` to `new`.
pub fn diff(old: &Content, new: &Content) -> Diff {
    let (a, b) = (json!(old), json!(new));
    let header = field_changes(
        &HEADER
            .iter()
            .map(|k| (k.to_string(), a[*k].clone()))
            .collect(),
        &HEADER
            .iter()
            .map(|k| (k.to_string(), b[*k].clone()))
            .collect(),
    );
    let text = |v: &Value| v.as_str().unwrap_or("-").to_string();
    Diff {
        header,
        weighing_items: items(
            &list(&a, "weighingItems"),
            &list(&b, "weighingItems"),
            |w| format!("{}/{}", text(&w["scaleId"]), text(&w["materialId"])),
            &[],
        ),
        mixing_items: items(
            &list(&a, "mixingItems"),
            &list(&b, "mixingItems"),
            |m| m["sequence"].to_string(),
            &["sequence"],
        ),
        miscellaneous_items: items(
            &list(&a, "miscellaneousItems"),
            &list(&b, "miscellaneousItems"),
            |m| text(&m["miscellaneousParameterId"]),
            &[],
        ),
    }
}

#[cfg(test)]
mod tests {
    use uuid::Uuid;

    use super::*;
    use crate::recipe::{MiscellaneousItem, Unit, WeighingItem};

    fn weighing(material: u128, setpoint: f64) -> WeighingItem {
        WeighingItem {
            id: Some(Uuid::now_v7()),
            sequence: 1,
            scale_id: Some(Uuid::from_u128(1)),
            material_id: Some(Uuid::from_u128(material)),
            bin_id: None,
            setpoint: Some(setpoint),
            setpoint_unit: Unit::Kg,
            tolerance: Some(1.0),
            tolerance_unit: Unit::Kg,
            feeding_point_id: None,
        }
    }

    fn content(weighings: Vec<WeighingItem>) -> Content {
        Content {
            name: "Grower".into(),
            description: None,
            product: None,
            batch_size_kg: 1000.0,
            medication_class: "NONE".into(),
            mixing_mode_id: None,
            weighing_items: weighings,
            mixing_items: vec![],
            miscellaneous_items: vec![],
        }
    }

    #[test]
    fn identical_versions_with_other_item_ids_do_not_differ() {
        let a = content(vec![weighing(10, 600.0), weighing(11, 400.0)]);
        let mut b = a.clone();
        for w in b.weighing_items.iter_mut() {
            w.id = Some(Uuid::now_v7());
        }
        assert!(diff(&a, &b).is_empty());
    }

    #[test]
    fn added_removed_and_changed_items_are_reported_with_old_and_new_values() {
        let a = content(vec![weighing(10, 600.0), weighing(11, 400.0)]);
        let mut b = content(vec![weighing(10, 550.0), weighing(12, 450.0)]);
        b.batch_size_kg = 1000.0;
        b.name = "Grower 2".into();
        b.miscellaneous_items.push(MiscellaneousItem {
            id: None,
            miscellaneous_parameter_id: Some(Uuid::from_u128(7)),
            value: json!(82),
        });
        let d = diff(&a, &b);
        assert_eq!(d.header.len(), 1);
        assert_eq!(d.header[0].field, "name");
        assert_eq!(d.header[0].new, json!("Grower 2"));
        let kinds: Vec<ChangeKind> = d.weighing_items.iter().map(|c| c.change).collect();
        assert_eq!(
            kinds,
            [ChangeKind::Changed, ChangeKind::Added, ChangeKind::Removed]
        );
        let changed = &d.weighing_items[0];
        assert_eq!(changed.fields.len(), 1);
        assert_eq!(changed.fields[0].field, "setpoint");
        assert_eq!(
            (changed.fields[0].old.clone(), changed.fields[0].new.clone()),
            (json!(600.0), json!(550.0))
        );
        assert_eq!(d.miscellaneous_items[0].change, ChangeKind::Added);
    }
}
