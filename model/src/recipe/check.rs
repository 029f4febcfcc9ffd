//! The checks of a recipe version against its line (issue 10 "Validation"). Every problem names
//! its field (`weighingItems[2].tolerance`), the item it belongs to and a message code; a
//! *blocking* problem (a missing or impossible value, a reference that does not exist) refuses a
//! save, the others only a release, so drafts can be saved half-done.

use std::collections::HashSet;

use uuid::Uuid;

use super::placement::placement;
use super::values::{value, values};
use super::{Content, MEDICATION_CLASSES, ParameterOwner, Plant, Unit};
use crate::Msg;

/// One failed check.
#[derive(Debug, Clone, PartialEq)]
pub struct Problem {
    /// `batchSizeKg`, `weighingItems`, `weighingItems[2].setpoint`, `mixingItems[0].parameters[1].value`.
    pub field: String,
    /// The item the field belongs to (`Weighing 3 (CORN)`), when it is one.
    pub item: Option<Msg>,
    pub msg: Msg,
    /// Refuses a save, not only a release.
    pub blocking: bool,
}

/// Which steps to check.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scope {
    All,
    Weighing,
    Mixing,
    Miscellaneous,
}

/// Rounds for messages: at most three decimals, no trailing zeros.
pub fn kg(v: f64) -> String {
    let s = format!("{:.3}", v);
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}

pub(super) struct Checker<'a> {
    pub(super) plant: &'a Plant,
    pub(super) problems: Vec<Problem>,
    pub(super) item: Option<Msg>,
}

impl Checker<'_> {
    pub(super) fn fail(&mut self, field: String, msg: Msg, blocking: bool) {
        self.problems.push(Problem {
            field,
            item: self.item.clone(),
            msg,
            blocking,
        });
    }
}

/// Every problem of `c` on `plant` within `scope`, in item order.
pub fn check(c: &Content, plant: &Plant, scope: Scope) -> Vec<Problem> {
    let mut k = Checker {
        plant,
        problems: Vec::new(),
        item: None,
    };
    if scope == Scope::All {
        header(&mut k, c);
    }
    if matches!(scope, Scope::All | Scope::Weighing) {
        weighings(&mut k, c);
    }
    if matches!(scope, Scope::All | Scope::Mixing) {
        mixings(&mut k, c);
    }
    if matches!(scope, Scope::All | Scope::Miscellaneous) {
        miscellaneous(&mut k, c);
    }
    k.problems
}

/// The largest batch, setpoint, tolerance or duration taken (kg or s).
pub const MAX_KG: f64 = 1_000_000.0;

fn range() -> Msg {
    Msg::new("validation.numberRange")
        .arg("min", 0)
        .arg("max", kg(MAX_KG))
}

/// Longest name, product and description.
pub const NAME_MAX: usize = crate::limits::NAME;
pub const DESCRIPTION_MAX: usize = crate::limits::DESCRIPTION;

/// True for a code the configuration would take (`CODE_PATTERN`).
pub fn code_ok(code: &str) -> bool {
    static RE: std::sync::OnceLock<regex::Regex> = std::sync::OnceLock::new();
    RE.get_or_init(|| {
        regex::Regex::new(crate::config::check::CODE_PATTERN).expect("a valid pattern")
    })
    .is_match(code)
}

fn header(k: &mut Checker, c: &Content) {
    if c.name.trim().is_empty() {
        k.fail("name".into(), Msg::new("validation.required"), true);
    }
    for (field, text, max) in [
        ("name", Some(&c.name), NAME_MAX),
        ("product", c.product.as_ref(), NAME_MAX),
        ("description", c.description.as_ref(), DESCRIPTION_MAX),
    ] {
        if text.is_some_and(|t| t.chars().count() > max) {
            k.fail(
                field.into(),
                Msg::new("validation.textTooLong").arg("max", max),
                true,
            );
        }
    }
    if !(c.batch_size_kg.is_finite() && c.batch_size_kg > 0.0) {
        k.fail(
            "batchSizeKg".into(),
            Msg::new("recipe.batchSizePositive"),
            true,
        );
    } else if c.batch_size_kg > MAX_KG {
        k.fail("batchSizeKg".into(), range(), true);
    } else if let Some(cap) = k.plant.mixer_capacity_kg.filter(|c| *c > 0.0)
        && c.batch_size_kg > cap
    {
        let msg = Msg::new("recipe.batchAboveMixer")
            .arg("size", kg(c.batch_size_kg))
            .arg("capacity", kg(cap));
        k.fail("batchSizeKg".into(), msg, false);
    }
    if !MEDICATION_CLASSES.contains(&c.medication_class.as_str()) {
        let msg = Msg::new("validation.choice").arg("options", MEDICATION_CLASSES.join(", "));
        k.fail("medicationClass".into(), msg, true);
    }
    if let Some(mode) = c.mixing_mode_id
        && !k.plant.modes.contains_key(&mode)
    {
        k.fail("mixingModeId".into(), Msg::new("recipe.modeMissing"), true);
    }
}

fn weighings(k: &mut Checker, c: &Content) {
    let plant = k.plant;
    let batch = c.batch_size_kg;
    if c.weighing_items.is_empty() {
        k.item = None;
        k.fail(
            "weighingItems".into(),
            Msg::new("recipe.noWeighings"),
            false,
        );
        return;
    }
    let mut seen: HashSet<(Uuid, Uuid)> = HashSet::new();
    for (i, w) in c.weighing_items.iter().enumerate() {
        let f = |name: &str| format!("weighingItems[{i}].{name}");
        let material = w
            .material_id
            .and_then(|m| plant.materials.get(&m).map(|x| (m, x)));
        let scale = w
            .scale_id
            .and_then(|s| plant.scales.get(&s).map(|x| (s, x)));
        let label = material.map_or("?", |(_, m)| m.code.as_str());
        k.item = Some(
            Msg::new("recipe.item.weighing")
                .arg("n", i + 1)
                .arg("material", label),
        );
        match w.scale_id {
            None => k.fail(f("scaleId"), Msg::new("validation.required"), true),
            Some(_) if scale.is_none() => {
                k.fail(f("scaleId"), Msg::new("recipe.scaleMissing"), true)
            }
            _ => {}
        }
        match w.material_id {
            None => k.fail(f("materialId"), Msg::new("validation.required"), true),
            Some(_) if material.is_none() => {
                k.fail(f("materialId"), Msg::new("recipe.materialMissing"), true)
            }
            _ => {}
        }
        if let Some(bin) = w.bin_id
            && !plant.bins.contains_key(&bin)
        {
            k.fail(f("binId"), Msg::new("recipe.binMissing"), true);
        }
        if let Some(fp) = w.feeding_point_id
            && !plant.feeding_points.contains_key(&fp)
        {
            k.fail(
                f("feedingPointId"),
                Msg::new("recipe.feedingPointMissing"),
                true,
            );
        }
        amount(
            k,
            f("setpoint"),
            w.setpoint,
            w.setpoint_unit,
            "recipe.setpointPositive",
        );
        amount(
            k,
            f("tolerance"),
            w.tolerance,
            w.tolerance_unit,
            "recipe.tolerancePositive",
        );
        let (Some((material_id, m)), Some((scale_id, s))) = (material, scale) else {
            continue;
        };
        if !m.active {
            k.fail(f("materialId"), Msg::new("recipe.materialInactive"), false);
        }
        if !seen.insert((scale_id, material_id)) {
            let msg = Msg::new("recipe.duplicateMaterial")
                .arg("material", &m.code)
                .arg("scale", &s.code);
            k.fail(f("materialId"), msg, false);
        }
        placement(
            k,
            &f("binId"),
            &f("materialId"),
            w.bin_id,
            material_id,
            scale_id,
        );
        let setpoint = w.setpoint_kg(batch);
        if setpoint > 0.0 && setpoint.is_finite() {
            let range = |code| Msg::new(code).arg("kg", kg(setpoint)).arg("scale", &s.code);
            if let Some(min) = s.min_weigh_kg.filter(|m| setpoint < *m) {
                k.fail(
                    f("setpoint"),
                    range("recipe.belowMinWeigh").arg("min", kg(min)),
                    false,
                );
            } else if setpoint > s.capacity_kg {
                let msg = range("recipe.aboveCapacity").arg("max", kg(s.capacity_kg));
                k.fail(f("setpoint"), msg, false);
            }
        }
    }
    k.item = None;
    let total = c.total_kg();
    let allowed: f64 = c.weighing_items.iter().map(|w| w.tolerance_kg(batch)).sum();
    // With a setpoint or tolerance missing or impossible the sum means nothing yet.
    let amounts_ok = !k
        .problems
        .iter()
        .any(|p| p.blocking && p.field.starts_with("weighingItems"));
    if amounts_ok && batch > 0.0 && (total - batch).abs() > allowed + 1e-9 {
        let msg = Msg::new("recipe.sumOff")
            .arg("sum", kg(total))
            .arg("batch", kg(batch))
            .arg("allowed", kg(allowed));
        k.fail("weighingItems".into(), msg, false);
    }
}

/// A setpoint or tolerance: present, finite, above 0, and a percentage at most 100.
fn amount(k: &mut Checker, field: String, v: Option<f64>, unit: Unit, positive: &'static str) {
    match v {
        None => k.fail(field, Msg::new("validation.required"), true),
        Some(v) if !v.is_finite() || v <= 0.0 => k.fail(field, Msg::new(positive), true),
        Some(v) if v > MAX_KG => k.fail(field, range(), true),
        Some(v) if unit == Unit::Percent && v > 100.0 => {
            k.fail(field, Msg::new("recipe.percentAbove100"), true)
        }
        Some(_) => {}
    }
}

fn mixings(k: &mut Checker, c: &Content) {
    let plant = k.plant;
    for (i, m) in c.mixing_items.iter().enumerate() {
        let f = |name: &str| format!("mixingItems[{i}].{name}");
        let action = m.mixing_action_id.and_then(|a| plant.actions.get(&a));
        let label = action.map_or("?", |a| a.code.as_str());
        k.item = Some(
            Msg::new("recipe.item.mixing")
                .arg("n", i + 1)
                .arg("action", label),
        );
        match m.mixing_action_id {
            None => k.fail(f("mixingActionId"), Msg::new("validation.required"), true),
            Some(_) if action.is_none() => {
                k.fail(f("mixingActionId"), Msg::new("recipe.actionMissing"), true)
            }
            _ => {}
        }
        let mode = m.mixing_mode_id.map(|id| (id, plant.modes.get(&id)));
        if let Some((_, None)) = mode {
            k.fail(f("mixingModeId"), Msg::new("recipe.modeMissing"), true);
        }
        match m.duration_s {
            None => k.fail(f("durationS"), Msg::new("validation.required"), true),
            Some(d) if d > MAX_KG => k.fail(f("durationS"), range(), true),
            Some(d) if !d.is_finite() || d <= 0.0 => {
                k.fail(f("durationS"), Msg::new("recipe.durationPositive"), true)
            }
            _ => {}
        }
        // The parameters this step takes: its action's and its mode's (unknown action: any).
        let taken = action.map(|a| {
            let mut ids = a.parameter_ids.clone();
            if let Some((_, Some(mode))) = mode {
                ids.extend(&mode.parameter_ids);
            }
            ids
        });
        let owner = action.map_or("?", |a| a.code.as_str());
        values(k, &f("parameters"), &m.parameters, taken.as_deref(), owner);
    }
    k.item = None;
}

fn miscellaneous(k: &mut Checker, c: &Content) {
    let plant = k.plant;
    let mut seen = HashSet::new();
    for (i, m) in c.miscellaneous_items.iter().enumerate() {
        let field = format!("miscellaneousItems[{i}]");
        let parameter = m.miscellaneous_parameter_id.and_then(|p| {
            plant
                .parameters
                .get(&p)
                .filter(|x| x.owner == ParameterOwner::Miscellaneous)
        });
        let label = parameter.map_or("?", |p| p.code.as_str());
        k.item = Some(
            Msg::new("recipe.item.miscellaneous")
                .arg("n", i + 1)
                .arg("parameter", label),
        );
        let Some(id) = m.miscellaneous_parameter_id else {
            k.fail(
                format!("{field}.miscellaneousParameterId"),
                Msg::new("validation.required"),
                true,
            );
            continue;
        };
        let Some(p) = parameter else {
            k.fail(
                format!("{field}.miscellaneousParameterId"),
                Msg::new("recipe.parameterMissing"),
                true,
            );
            continue;
        };
        if !seen.insert(id) {
            let msg = Msg::new("recipe.duplicateParameter").arg("parameter", &p.code);
            k.fail(format!("{field}.miscellaneousParameterId"), msg, true);
        }
        value(k, format!("{field}.value"), p, &m.value);
    }
    k.item = None;
}

#[cfg(test)]
#[path = "check_tests.rs"]
mod tests;
