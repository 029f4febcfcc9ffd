//! The control recipe: what a line runs for an order, frozen when the order is released. It is
//! the pinned recipe version scaled to the order's batch size — setpoints and tolerances in kg,
//! the bin of every weighing chosen, codes next to ids so a line controller needs no lookup —
//! so a later change of the master recipe or the configuration never reaches a released order.

use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;
use uuid::Uuid;

use crate::recipe::check::{Problem, Scope, check};
use crate::recipe::{Content, Plant, Unit};

/// One dose.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ControlWeighing {
    pub sequence: u32,
    pub scale_id: Option<Uuid>,
    pub scale_code: String,
    pub material_id: Option<Uuid>,
    pub material_code: String,
    pub material_name: String,
    pub bin_id: Option<Uuid>,
    pub bin_code: Option<String>,
    pub setpoint_kg: f64,
    pub tolerance_kg: f64,
    /// Set on the order board when the bin holds a lot that is not released (issue 33): the
    /// controller must not dose from it until the mark is gone. Never part of the frozen
    /// control recipe.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub held_lot: Option<HeldLot>,
}

/// A lot in a bin that is not released, as the order board marks the bin's doses.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HeldLot {
    pub lot_number: String,
    pub status: crate::trace::LotStatus,
}

/// A parameter's value, with its code.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ControlValue {
    pub parameter_id: Option<Uuid>,
    pub code: String,
    #[schema(value_type = Value)]
    pub value: Value,
    pub unit: Option<String>,
}

/// One mixing step.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ControlMixing {
    pub sequence: u32,
    pub action_code: String,
    pub mode_code: Option<String>,
    pub duration_s: f64,
    pub parameters: Vec<ControlValue>,
}

/// What the line runs for every batch of an order.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ControlRecipe {
    /// The recipe version's `_id` (none for a flush).
    pub recipe_id: Option<Uuid>,
    /// `FLUSH` for a flush.
    pub recipe_code: String,
    pub recipe_name: String,
    /// 0 for a flush.
    pub recipe_version: i32,
    pub medication_class: String,
    pub batch_size_kg: f64,
    pub weighings: Vec<ControlWeighing>,
    pub mixing: Vec<ControlMixing>,
    pub miscellaneous: Vec<ControlValue>,
}

impl ControlRecipe {
    /// Seconds of mixing in all.
    pub fn mixing_s(&self) -> f64 {
        self.mixing.iter().map(|m| m.duration_s).sum()
    }

    /// The sum of the setpoints.
    pub fn total_kg(&self) -> f64 {
        self.weighings.iter().map(|w| w.setpoint_kg).sum()
    }
}

/// `c` for batches of `batch_kg`: setpoints given in kg grow with the batch, percentages stay;
/// tolerances given in kg stay (a scale's accuracy does not grow with the batch).
pub fn scaled(c: &Content, batch_kg: f64) -> Content {
    let factor = if c.batch_size_kg > 0.0 {
        batch_kg / c.batch_size_kg
    } else {
        1.0
    };
    let mut out = c.clone();
    out.batch_size_kg = batch_kg;
    for w in out.weighing_items.iter_mut() {
        if w.setpoint_unit == Unit::Kg {
            w.setpoint = w.setpoint.map(|s| s * factor);
        }
    }
    out
}

/// The recipe version `c` as a control recipe for batches of `batch_kg` on `plant`, or every
/// problem the version has at that size on the line as it is configured now.
pub fn build(
    recipe_id: Uuid,
    code: &str,
    version: i32,
    c: &Content,
    plant: &Plant,
    batch_kg: f64,
) -> Result<ControlRecipe, Vec<Problem>> {
    let s = scaled(c, batch_kg);
    let problems = check(&s, plant, Scope::All);
    if !problems.is_empty() {
        return Err(problems);
    }
    let code_of = |id: Option<Uuid>| {
        id.and_then(|i| plant.code_of(i))
            .unwrap_or_default()
            .to_string()
    };
    let value = |p: Option<Uuid>, v: &Value| ControlValue {
        parameter_id: p,
        code: code_of(p),
        value: v.clone(),
        unit: p
            .and_then(|p| plant.parameters.get(&p))
            .and_then(|p| p.unit.clone()),
    };
    let weighings = s
        .weighing_items
        .iter()
        .map(|w| {
            let bin = w
                .bin_id
                .or_else(|| choose_bin(plant, w.scale_id, w.material_id));
            ControlWeighing {
                sequence: w.sequence,
                scale_id: w.scale_id,
                scale_code: code_of(w.scale_id),
                material_id: w.material_id,
                material_code: code_of(w.material_id),
                material_name: w
                    .material_id
                    .and_then(|m| plant.materials.get(&m))
                    .map(|m| m.name.clone())
                    .unwrap_or_default(),
                bin_id: bin,
                bin_code: bin.map(|b| code_of(Some(b))),
                setpoint_kg: round(w.setpoint_kg(batch_kg)),
                tolerance_kg: round(w.tolerance_kg(batch_kg)),
                held_lot: None,
            }
        })
        .collect();
    let mixing = s
        .mixing_items
        .iter()
        .map(|m| ControlMixing {
            sequence: m.sequence,
            action_code: code_of(m.mixing_action_id),
            mode_code: m.mixing_mode_id.map(|id| code_of(Some(id))),
            duration_s: m.duration_s.unwrap_or(0.0),
            parameters: m
                .parameters
                .iter()
                .map(|p| value(p.parameter_id, &p.value))
                .collect(),
        })
        .collect();
    let miscellaneous = s
        .miscellaneous_items
        .iter()
        .map(|m| value(m.miscellaneous_parameter_id, &m.value))
        .collect();
    Ok(ControlRecipe {
        recipe_id: Some(recipe_id),
        recipe_code: code.into(),
        recipe_name: s.name.clone(),
        recipe_version: version,
        medication_class: s.medication_class.clone(),
        batch_size_kg: batch_kg,
        weighings,
        mixing,
        miscellaneous,
    })
}

/// Grams are the finest a feed line doses.
fn round(kg: f64) -> f64 {
    (kg * 1000.0).round() / 1000.0
}

/// The bin (lowest code first) of `scale` holding `material`.
fn choose_bin(plant: &Plant, scale: Option<Uuid>, material: Option<Uuid>) -> Option<Uuid> {
    let mut held: Vec<(&String, Uuid)> = plant
        .bins
        .iter()
        .filter(|(_, b)| {
            scale.is_some_and(|s| b.scale_id == Some(s))
                && material.is_some_and(|m| b.material_ids.contains(&m))
        })
        .map(|(id, b)| (&b.code, *id))
        .collect();
    held.sort();
    held.first().map(|(_, id)| *id)
}

/// The flush of a line: `kg` of `material` from a bin holding it, on that bin's scale, with a
/// 2 % tolerance and no mixing step (the line discharges at once). `None` when no bin of the
/// line holds the material.
pub fn flush(plant: &Plant, material: Uuid, kg: f64, name: &str) -> Option<ControlRecipe> {
    let mut bins: Vec<(&String, Uuid, Uuid)> = plant
        .bins
        .iter()
        .filter(|(_, b)| b.material_ids.contains(&material))
        .filter_map(|(id, b)| Some((&b.code, *id, b.scale_id?)))
        .collect();
    bins.sort();
    let (bin_code, bin, scale) = bins.first().cloned()?;
    let m = plant.materials.get(&material)?;
    Some(ControlRecipe {
        recipe_id: None,
        recipe_code: "FLUSH".into(),
        recipe_name: name.into(),
        recipe_version: 0,
        medication_class: "NONE".into(),
        batch_size_kg: kg,
        weighings: vec![ControlWeighing {
            sequence: 1,
            scale_id: Some(scale),
            scale_code: plant.code_of(scale).unwrap_or_default().into(),
            material_id: Some(material),
            material_code: m.code.clone(),
            material_name: m.name.clone(),
            bin_id: Some(bin),
            bin_code: Some(bin_code.clone()),
            setpoint_kg: round(kg),
            tolerance_kg: round(kg * 0.02),
            held_lot: None,
        }],
        mixing: Vec::new(),
        miscellaneous: Vec::new(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::recipe::{Bin, Material, Scale, WeighingItem};

    fn plant() -> (Plant, Uuid, Uuid, Uuid) {
        let (scale, corn, bin) = (Uuid::from_u128(1), Uuid::from_u128(2), Uuid::from_u128(3));
        let mut p = Plant {
            mixer_capacity_kg: Some(5000.0),
            ..Plant::default()
        };
        p.scales.insert(
            scale,
            Scale {
                code: "S-MAJOR".into(),
                capacity_kg: 3000.0,
                ..Scale::default()
            },
        );
        p.materials.insert(
            corn,
            Material {
                code: "CORN".into(),
                name: "Maize".into(),
                active: true,
                ..Material::default()
            },
        );
        p.bins.insert(
            bin,
            Bin {
                code: "BIN-01".into(),
                scale_id: Some(scale),
                material_ids: vec![corn, Uuid::from_u128(4)],
                ..Bin::default()
            },
        );
        p.materials.insert(
            Uuid::from_u128(4),
            Material {
                code: "WHEAT".into(),
                name: "Wheat".into(),
                active: true,
                ..Material::default()
            },
        );
        (p, scale, corn, bin)
    }

    fn content(scale: Uuid, corn: Uuid) -> Content {
        let w = |setpoint: f64, unit: Unit, material: Uuid| WeighingItem {
            id: None,
            sequence: 1,
            scale_id: Some(scale),
            material_id: Some(material),
            bin_id: None,
            setpoint: Some(setpoint),
            setpoint_unit: unit,
            tolerance: Some(1.0),
            tolerance_unit: Unit::Percent,
            feeding_point_id: None,
        };
        Content {
            name: "Broiler".into(),
            description: None,
            product: None,
            batch_size_kg: 4000.0,
            medication_class: "NONE".into(),
            mixing_mode_id: None,
            weighing_items: vec![
                w(50.0, Unit::Percent, corn),
                w(2000.0, Unit::Kg, Uuid::from_u128(4)),
            ],
            mixing_items: vec![],
            miscellaneous_items: vec![],
        }
    }

    #[test]
    fn a_version_is_scaled_to_the_order_with_bins_chosen() {
        let (p, scale, corn, bin) = plant();
        let c = content(scale, corn);
        let r = build(Uuid::from_u128(9), "BRG-01", 3, &c, &p, 3000.0).unwrap();
        assert_eq!(r.batch_size_kg, 3000.0);
        let set: Vec<f64> = r.weighings.iter().map(|w| w.setpoint_kg).collect();
        assert_eq!(set, [1500.0, 1500.0]);
        assert_eq!(r.weighings[0].tolerance_kg, 15.0);
        assert_eq!(r.weighings[0].bin_id, Some(bin));
        assert_eq!(r.weighings[0].bin_code.as_deref(), Some("BIN-01"));
        assert_eq!(r.weighings[1].material_code, "WHEAT");
        assert!((r.total_kg() - 3000.0).abs() < 1e-9);
    }

    #[test]
    fn a_size_the_line_cannot_take_is_refused_with_the_problems() {
        let (p, scale, corn, _) = plant();
        let c = content(scale, corn);
        // 7000 kg is above the mixer; each dose of 3500 kg above the scale's 3000 kg.
        let problems = build(Uuid::from_u128(9), "BRG-01", 3, &c, &p, 7000.0).unwrap_err();
        let fields: Vec<&str> = problems.iter().map(|p| p.field.as_str()).collect();
        assert!(fields.contains(&"batchSizeKg"), "{fields:?}");
        assert!(fields.contains(&"weighingItems[0].setpoint"), "{fields:?}");
    }

    #[test]
    fn a_flush_doses_the_material_from_its_bin() {
        let (p, scale, corn, bin) = plant();
        let f = flush(&p, corn, 300.0, "Flush").unwrap();
        assert_eq!(f.recipe_code, "FLUSH");
        assert_eq!(f.weighings.len(), 1);
        assert_eq!(
            (
                f.weighings[0].scale_id,
                f.weighings[0].bin_id,
                f.weighings[0].setpoint_kg
            ),
            (Some(scale), Some(bin), 300.0)
        );
        assert_eq!(flush(&p, Uuid::from_u128(77), 300.0, "Flush"), None);
    }
}
