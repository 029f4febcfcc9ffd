//! Moving a recipe document to another line (save-as): every record it names is matched by
//! code on the target line; whatever has no match there is reported, and nothing is moved.

use std::collections::HashMap;

use uuid::Uuid;

use super::check::Problem;
use super::{Content, Plant};
use crate::Msg;

/// What kind of record a reference is, to find its namesake among the same kind.
#[derive(Clone, Copy)]
enum What {
    Scale,
    Material,
    Bin,
    Action,
    Mode,
    Parameter,
    FeedingPoint,
}

impl What {
    fn label(self) -> &'static str {
        match self {
            What::Scale => "recipe.what.scale",
            What::Material => "recipe.what.material",
            What::Bin => "recipe.what.bin",
            What::Action => "recipe.what.action",
            What::Mode => "recipe.what.mode",
            What::Parameter => "recipe.what.parameter",
            What::FeedingPoint => "recipe.what.feedingPoint",
        }
    }

    /// The code → id table of this kind on `p`.
    fn codes(self, p: &Plant) -> HashMap<String, Uuid> {
        let lower = |s: &String| s.to_lowercase();
        match self {
            What::Scale => p
                .scales
                .iter()
                .map(|(id, s)| (lower(&s.code), *id))
                .collect(),
            What::Material => p
                .materials
                .iter()
                .map(|(id, m)| (lower(&m.code), *id))
                .collect(),
            What::Bin => p.bins.iter().map(|(id, b)| (lower(&b.code), *id)).collect(),
            What::Action => p
                .actions
                .iter()
                .map(|(id, a)| (lower(&a.code), *id))
                .collect(),
            What::Mode => p
                .modes
                .iter()
                .map(|(id, m)| (lower(&m.code), *id))
                .collect(),
            // Parameters of the three kinds share one table: codes are matched within a kind.
            What::Parameter => p
                .parameters
                .iter()
                .map(|(id, x)| (format!("{:?}:{}", x.owner, lower(&x.code)), *id))
                .collect(),
            What::FeedingPoint => p
                .feeding_points
                .iter()
                .map(|(id, f)| (lower(&f.0), *id))
                .collect(),
        }
    }

    fn key(self, p: &Plant, id: Uuid) -> Option<String> {
        match self {
            What::Parameter => p
                .parameters
                .get(&id)
                .map(|x| format!("{:?}:{}", x.owner, x.code.to_lowercase())),
            _ => p.code_of(id).map(str::to_lowercase),
        }
    }
}

struct Mapper<'a> {
    from: &'a Plant,
    to: &'a Plant,
    problems: Vec<Problem>,
}

impl Mapper<'_> {
    fn map(&mut self, field: String, what: What, id: &mut Option<Uuid>) {
        let Some(old) = *id else { return };
        let key = what.key(self.from, old);
        let new = key
            .as_ref()
            .and_then(|k| what.codes(self.to).get(k).copied());
        match new {
            Some(new) => *id = Some(new),
            None => {
                let code = self.from.code_of(old).unwrap_or("?").to_string();
                let msg = Msg::new("recipe.missingOnLine")
                    .arg("code", code)
                    .arg("line", &self.to.line_code);
                self.problems.push(Problem {
                    field,
                    item: Some(Msg::new(what.label())),
                    msg,
                    blocking: true,
                });
            }
        }
    }
}

/// `c` with every reference moved from line `from` to line `to` by code, or the references
/// that have no namesake there.
pub fn transfer(c: &Content, from: &Plant, to: &Plant) -> Result<Content, Vec<Problem>> {
    let mut out = c.clone();
    let mut m = Mapper {
        from,
        to,
        problems: Vec::new(),
    };
    m.map("mixingModeId".into(), What::Mode, &mut out.mixing_mode_id);
    for (i, w) in out.weighing_items.iter_mut().enumerate() {
        let f = |n: &str| format!("weighingItems[{i}].{n}");
        m.map(f("scaleId"), What::Scale, &mut w.scale_id);
        m.map(f("materialId"), What::Material, &mut w.material_id);
        m.map(f("binId"), What::Bin, &mut w.bin_id);
        m.map(
            f("feedingPointId"),
            What::FeedingPoint,
            &mut w.feeding_point_id,
        );
    }
    for (i, x) in out.mixing_items.iter_mut().enumerate() {
        let f = |n: &str| format!("mixingItems[{i}].{n}");
        m.map(f("mixingActionId"), What::Action, &mut x.mixing_action_id);
        m.map(f("mixingModeId"), What::Mode, &mut x.mixing_mode_id);
        for (j, p) in x.parameters.iter_mut().enumerate() {
            m.map(
                f(&format!("parameters[{j}].parameterId")),
                What::Parameter,
                &mut p.parameter_id,
            );
        }
    }
    for (i, x) in out.miscellaneous_items.iter_mut().enumerate() {
        let f = format!("miscellaneousItems[{i}].miscellaneousParameterId");
        m.map(f, What::Parameter, &mut x.miscellaneous_parameter_id);
    }
    if m.problems.is_empty() {
        Ok(out)
    } else {
        Err(m.problems)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::recipe::{Material, Scale, Unit, WeighingItem};

    fn plant(line: &str, scales: &[(u128, &str)], materials: &[(u128, &str)]) -> Plant {
        let mut p = Plant {
            line_code: line.into(),
            ..Plant::default()
        };
        for (id, code) in scales {
            p.scales.insert(
                Uuid::from_u128(*id),
                Scale {
                    code: code.to_string(),
                    ..Scale::default()
                },
            );
        }
        for (id, code) in materials {
            p.materials.insert(
                Uuid::from_u128(*id),
                Material {
                    code: code.to_string(),
                    ..Material::default()
                },
            );
        }
        p
    }

    fn content(scale: u128, material: u128) -> Content {
        Content {
            name: "Grower".into(),
            description: None,
            product: None,
            batch_size_kg: 1000.0,
            medication_class: "NONE".into(),
            mixing_mode_id: None,
            weighing_items: vec![WeighingItem {
                id: None,
                sequence: 1,
                scale_id: Some(Uuid::from_u128(scale)),
                material_id: Some(Uuid::from_u128(material)),
                bin_id: None,
                setpoint: Some(1000.0),
                setpoint_unit: Unit::Kg,
                tolerance: Some(5.0),
                tolerance_unit: Unit::Kg,
                feeding_point_id: None,
            }],
            mixing_items: vec![],
            miscellaneous_items: vec![],
        }
    }

    #[test]
    fn references_move_to_the_records_of_the_same_code() {
        let from = plant("L1", &[(1, "S-MAJOR")], &[(10, "CORN")]);
        let to = plant("L2", &[(2, "s-major")], &[(20, "CORN")]);
        let moved = transfer(&content(1, 10), &from, &to).unwrap();
        assert_eq!(moved.weighing_items[0].scale_id, Some(Uuid::from_u128(2)));
        assert_eq!(
            moved.weighing_items[0].material_id,
            Some(Uuid::from_u128(20))
        );
    }

    #[test]
    fn a_missing_namesake_is_reported_by_field() {
        let from = plant("L1", &[(1, "S-MAJOR")], &[(10, "CORN")]);
        let to = plant("L2", &[(2, "S-MAJOR")], &[(20, "WHEAT")]);
        let problems = transfer(&content(1, 10), &from, &to).unwrap_err();
        assert_eq!(problems.len(), 1);
        assert_eq!(problems[0].field, "weighingItems[0].materialId");
        assert_eq!(
            problems[0].msg.args,
            vec![("code", "CORN".to_string()), ("line", "L2".to_string())]
        );
    }
}
