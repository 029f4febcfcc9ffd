//! The parameter values of a recipe: the values of a mixing step's action and mode
//! parameters, and a miscellaneous parameter's value, each of its parameter's type and within
//! its limits.

use std::collections::HashSet;

use serde_json::Value;
use uuid::Uuid;

use super::check::{Checker, kg};
use super::{Parameter, ParameterOwner, ParameterValue};
use crate::Msg;

/// The parameter values of a mixing step: each parameter exists, is an action or mode
/// parameter the step takes (`taken`; `None` when its action is unknown) and has a value of
/// its type within its limits.
pub(super) fn values(
    k: &mut Checker,
    field: &str,
    list: &[ParameterValue],
    taken: Option<&[Uuid]>,
    owner: &str,
) {
    let plant = k.plant;
    let mut seen = HashSet::new();
    for (j, pv) in list.iter().enumerate() {
        let f = format!("{field}[{j}]");
        let Some(id) = pv.parameter_id else {
            k.fail(
                format!("{f}.parameterId"),
                Msg::new("validation.required"),
                true,
            );
            continue;
        };
        let Some(p) = plant.parameters.get(&id) else {
            k.fail(
                format!("{f}.parameterId"),
                Msg::new("recipe.parameterMissing"),
                true,
            );
            continue;
        };
        let foreign = p.owner == ParameterOwner::Miscellaneous;
        if foreign || taken.is_some_and(|t| !t.contains(&id)) {
            let msg = Msg::new("recipe.parameterNotOfStep")
                .arg("parameter", &p.code)
                .arg("owner", owner);
            k.fail(format!("{f}.parameterId"), msg, foreign);
        }
        if !seen.insert(id) {
            let msg = Msg::new("recipe.duplicateParameter").arg("parameter", &p.code);
            k.fail(format!("{f}.parameterId"), msg, true);
        }
        value(k, format!("{f}.value"), p, &pv.value);
    }
}

/// A value of `p`'s data type within its limits. Numbers may come as JSON numbers or numeric
/// text (forms send text).
pub(super) fn value(k: &mut Checker, field: String, p: &Parameter, v: &Value) {
    let named = |code| Msg::new(code).arg("parameter", &p.code);
    if v.is_null() || v.as_str().is_some_and(|s| s.trim().is_empty()) {
        k.fail(field, named("recipe.valueRequired"), true);
        return;
    }
    let number = v
        .as_f64()
        .or_else(|| v.as_str().and_then(|s| s.trim().parse::<f64>().ok()));
    match p.data_type.as_str() {
        "INT" | "DECIMAL" => {
            let Some(n) = number.filter(|n| n.is_finite()) else {
                k.fail(field, named("recipe.valueNumber"), true);
                return;
            };
            if p.data_type == "INT" && n.fract() != 0.0 {
                k.fail(field, named("recipe.valueInteger"), true);
            } else if let Some(min) = p.min.filter(|m| n < *m) {
                k.fail(
                    field,
                    named("recipe.valueBelow")
                        .arg("value", kg(n))
                        .arg("min", kg(min)),
                    false,
                );
            } else if let Some(max) = p.max.filter(|m| n > *m) {
                k.fail(
                    field,
                    named("recipe.valueAbove")
                        .arg("value", kg(n))
                        .arg("max", kg(max)),
                    false,
                );
            }
        }
        "BOOL" => {
            let ok = v.is_boolean() || v.as_str().is_some_and(|s| s == "true" || s == "false");
            if !ok {
                k.fail(field, named("recipe.valueBool"), true);
            }
        }
        "ENUM" => {
            let text = v
                .as_str()
                .map(str::to_string)
                .unwrap_or_else(|| v.to_string());
            if !p.options.contains(&text) {
                let msg = named("recipe.valueOption")
                    .arg("value", text)
                    .arg("options", p.options.join(", "));
                k.fail(field, msg, false);
            }
        }
        _ => {
            if !v.is_string() && number.is_none() {
                k.fail(field, named("recipe.valueRequired"), true);
            }
        }
    }
}
