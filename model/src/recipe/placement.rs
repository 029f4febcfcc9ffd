//! Where a weighing item's material may come from: a bin of its scale holding it, a category
//! and material scale list that allow the scale.

use uuid::Uuid;

use super::check::Checker;
use crate::Msg;

/// The material must sit in a bin of its scale (the chosen bin when one is), and its category
/// and its own scale list must allow the scale.
pub(super) fn placement(
    k: &mut Checker,
    bin_field: &str,
    material_field: &str,
    bin: Option<Uuid>,
    material_id: Uuid,
    scale_id: Uuid,
) {
    let plant = k.plant;
    let (m, s) = (&plant.materials[&material_id], &plant.scales[&scale_id]);
    match bin.and_then(|b| plant.bins.get(&b)) {
        Some(b) if b.scale_id != Some(scale_id) => {
            let msg = Msg::new("recipe.binNotOnScale")
                .arg("bin", &b.code)
                .arg("scale", &s.code);
            k.fail(bin_field.into(), msg, false);
        }
        Some(b) if !b.material_ids.contains(&material_id) => {
            let msg = Msg::new("recipe.binLacksMaterial")
                .arg("bin", &b.code)
                .arg("material", &m.code);
            k.fail(bin_field.into(), msg, false);
        }
        Some(_) => {}
        None => {
            let held = plant
                .bins
                .values()
                .any(|b| b.scale_id == Some(scale_id) && b.material_ids.contains(&material_id));
            if !held {
                let msg = Msg::new("recipe.notInBin")
                    .arg("material", &m.code)
                    .arg("scale", &s.code);
                k.fail(material_field.into(), msg, false);
            }
        }
    }
    if let Some(cat) = m.category_id.and_then(|c| plant.categories.get(&c))
        && !cat.allowed_scale_ids.is_empty()
        && !cat.allowed_scale_ids.contains(&scale_id)
    {
        let msg = Msg::new("recipe.categoryScale")
            .arg("category", &cat.name)
            .arg("scale", &s.code);
        k.fail(material_field.into(), msg, false);
    }
    if !m.scale_ids.is_empty() && !m.scale_ids.contains(&scale_id) {
        let msg = Msg::new("recipe.materialScale")
            .arg("material", &m.code)
            .arg("scale", &s.code);
        k.fail(material_field.into(), msg, false);
    }
}
