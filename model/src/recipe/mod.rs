//! Recipes (docs/domain.md "Recipes"): the items of a recipe version as the api stores, answers
//! and takes them, the plant a recipe is checked against ([`Plant`]), the checks themselves
//! ([`check`]) and the comparison of two versions ([`diff`]). Pure: the api loads the plant and
//! the versions, this module judges them.

pub mod check;
pub mod diff;
mod placement;
mod plant;
pub mod transfer;
mod values;

use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;
use uuid::Uuid;

pub use plant::{Bin, Category, Material, Parameter, ParameterOwner, Plant, Records, Scale, Step};

/// How a setpoint or tolerance is given: in kilograms, or in percent (of the batch size for a
/// setpoint, of the setpoint for a tolerance).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "UPPERCASE")]
pub enum Unit {
    #[default]
    Kg,
    Percent,
}

/// The medication classes as spelled, weakest first: [`crate::choice::MedicationClass`], the
/// one list, as text for the carry-over guard and the recipe check.
pub const MEDICATION_CLASSES: &[&str] = crate::choice::MedicationClass::NAMES;

/// Where a recipe version stands, from its own values and its releases.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "UPPERCASE")]
pub enum Status {
    /// Never released, not (or no longer) validated: editable.
    Draft,
    /// Never released, and its last validation passed with nothing changed since.
    Validated,
    /// Holds at least one release level; locked.
    Released,
    /// Was released, holds no level now; stays locked.
    Withdrawn,
}

impl Status {
    pub fn of(locked: bool, holds_level: bool, validated: bool) -> Status {
        match (locked, holds_level, validated) {
            (_, true, _) => Status::Released,
            (true, false, _) => Status::Withdrawn,
            (false, false, true) => Status::Validated,
            (false, false, false) => Status::Draft,
        }
    }
}

/// One material dosed on one scale.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WeighingItem {
    /// Kept across edits; given by the server when missing.
    #[serde(rename = "_id", default)]
    pub id: Option<Uuid>,
    /// Dosing order on its scale (1, 2, …); renumbered by the server in list order when 0.
    #[serde(default)]
    pub sequence: u32,
    pub scale_id: Option<Uuid>,
    pub material_id: Option<Uuid>,
    /// The bin to dose from; any bin of the scale holding the material when null.
    #[serde(default)]
    pub bin_id: Option<Uuid>,
    pub setpoint: Option<f64>,
    #[serde(default)]
    pub setpoint_unit: Unit,
    pub tolerance: Option<f64>,
    #[serde(default)]
    pub tolerance_unit: Unit,
    #[serde(default)]
    pub feeding_point_id: Option<Uuid>,
}

impl WeighingItem {
    /// The setpoint in kg for a batch of `batch_kg`.
    pub fn setpoint_kg(&self, batch_kg: f64) -> f64 {
        let v = self.setpoint.unwrap_or(0.0);
        match self.setpoint_unit {
            Unit::Kg => v,
            Unit::Percent => batch_kg * v / 100.0,
        }
    }

    /// The tolerance in kg (a percentage is of the setpoint).
    pub fn tolerance_kg(&self, batch_kg: f64) -> f64 {
        let v = self.tolerance.unwrap_or(0.0);
        match self.tolerance_unit {
            Unit::Kg => v,
            Unit::Percent => self.setpoint_kg(batch_kg) * v / 100.0,
        }
    }
}

/// A value given to a mixing action's or mode's parameter, or to a miscellaneous parameter:
/// a number, true/false or text, as the parameter's data type says.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ParameterValue {
    pub parameter_id: Option<Uuid>,
    #[schema(value_type = Value)]
    pub value: Value,
}

/// One step of the mixing sequence.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MixingItem {
    #[serde(rename = "_id", default)]
    pub id: Option<Uuid>,
    /// Position in the sequence (1, 2, …); the server renumbers in list order.
    #[serde(default)]
    pub sequence: u32,
    pub mixing_action_id: Option<Uuid>,
    #[serde(default)]
    pub mixing_mode_id: Option<Uuid>,
    pub duration_s: Option<f64>,
    /// Values of the action's and the mode's parameters.
    #[serde(default)]
    pub parameters: Vec<ParameterValue>,
}

/// A miscellaneous parameter's value for the whole recipe (conditioning temperature, …).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MiscellaneousItem {
    #[serde(rename = "_id", default)]
    pub id: Option<Uuid>,
    pub miscellaneous_parameter_id: Option<Uuid>,
    #[schema(value_type = Value)]
    pub value: Value,
}

/// What a recipe version holds that the checks and the comparison look at.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Content {
    pub name: String,
    #[serde(default)]
    pub description: Option<String>,
    #[serde(default)]
    pub product: Option<String>,
    pub batch_size_kg: f64,
    #[schema(value_type = crate::choice::MedicationClass)]
    pub medication_class: String,
    #[serde(default)]
    pub mixing_mode_id: Option<Uuid>,
    #[serde(default)]
    pub weighing_items: Vec<WeighingItem>,
    #[serde(default)]
    pub mixing_items: Vec<MixingItem>,
    #[serde(default)]
    pub miscellaneous_items: Vec<MiscellaneousItem>,
}

impl Content {
    /// Gives every item an id and numbers the sequences: weighing items per scale and mixing
    /// items in list order, keeping the given numbers' order (ties keep list order).
    pub fn normalise(&mut self) {
        let fresh = |id: &mut Option<Uuid>, seen: &mut Vec<Uuid>| {
            if id.is_none_or(|i| seen.contains(&i)) {
                *id = Some(Uuid::now_v7());
            }
            seen.extend(*id);
        };
        let mut seen = Vec::new();
        // Scales keep the order they first appear in.
        let mut scales: Vec<Option<Uuid>> = Vec::new();
        for w in &self.weighing_items {
            if !scales.contains(&w.scale_id) {
                scales.push(w.scale_id);
            }
        }
        self.weighing_items.sort_by_key(|w| {
            let rank = scales.iter().position(|s| *s == w.scale_id);
            (
                rank,
                if w.sequence == 0 {
                    u32::MAX
                } else {
                    w.sequence
                },
            )
        });
        let mut last_scale = None;
        let mut n = 0;
        for w in self.weighing_items.iter_mut() {
            fresh(&mut w.id, &mut seen);
            if w.scale_id != last_scale {
                last_scale = w.scale_id;
                n = 0;
            }
            n += 1;
            w.sequence = n;
        }
        self.mixing_items.sort_by_key(|m| {
            if m.sequence == 0 {
                u32::MAX
            } else {
                m.sequence
            }
        });
        for (i, m) in self.mixing_items.iter_mut().enumerate() {
            fresh(&mut m.id, &mut seen);
            m.sequence = i as u32 + 1;
        }
        for m in self.miscellaneous_items.iter_mut() {
            fresh(&mut m.id, &mut seen);
        }
        for text in [&mut self.description, &mut self.product] {
            if text.as_deref().is_some_and(|t| t.trim().is_empty()) {
                *text = None;
            }
        }
        self.name = self.name.trim().to_string();
    }

    /// The sum of the weighing setpoints in kg.
    pub fn total_kg(&self) -> f64 {
        self.weighing_items
            .iter()
            .map(|w| w.setpoint_kg(self.batch_size_kg))
            .sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn weighing(scale: u128, seq: u32) -> WeighingItem {
        WeighingItem {
            id: None,
            sequence: seq,
            scale_id: Some(Uuid::from_u128(scale)),
            material_id: Some(Uuid::from_u128(100 + seq as u128)),
            bin_id: None,
            setpoint: Some(10.0),
            setpoint_unit: Unit::Percent,
            tolerance: Some(1.0),
            tolerance_unit: Unit::Percent,
            feeding_point_id: None,
        }
    }

    #[test]
    fn percent_setpoints_are_of_the_batch_and_percent_tolerances_of_the_setpoint() {
        let w = weighing(1, 1);
        assert_eq!(w.setpoint_kg(3000.0), 300.0);
        assert_eq!(w.tolerance_kg(3000.0), 3.0);
    }

    #[test]
    fn normalise_numbers_weighings_per_scale_and_mixing_in_order() {
        let mut c = Content {
            name: " Layer ".into(),
            description: Some("  ".into()),
            product: None,
            batch_size_kg: 1000.0,
            medication_class: "NONE".into(),
            mixing_mode_id: None,
            weighing_items: vec![
                weighing(2, 5),
                weighing(1, 0),
                weighing(1, 3),
                weighing(2, 1),
            ],
            mixing_items: vec![],
            miscellaneous_items: vec![],
        };
        c.normalise();
        let seq: Vec<(u128, u32)> = c
            .weighing_items
            .iter()
            .map(|w| (w.scale_id.unwrap().as_u128(), w.sequence))
            .collect();
        assert_eq!(seq, [(2, 1), (2, 2), (1, 1), (1, 2)]);
        assert!(c.weighing_items.iter().all(|w| w.id.is_some()));
        assert_eq!(c.name, "Layer");
        assert_eq!(c.description, None);
    }

    #[test]
    fn status_follows_lock_levels_and_validation() {
        assert_eq!(Status::of(false, false, false), Status::Draft);
        assert_eq!(Status::of(false, false, true), Status::Validated);
        assert_eq!(Status::of(true, true, true), Status::Released);
        assert_eq!(Status::of(true, false, true), Status::Withdrawn);
    }
}
