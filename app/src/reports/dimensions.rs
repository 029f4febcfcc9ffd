//! Reports grouped by a dimension of the doses over the whole range: material, category,
//! scale or bin (several from one read of the material rows).

use std::collections::HashMap;

use db::reports::{MaterialRow, Named};
use model::Msg;

use super::figures::{Report, Row, Rows};
use super::read::{MaterialFilter, Names, material_rows, report};
use super::scope::{Cut, Scope};
use crate::{App, Result};

/// Rows per material, category, scale or bin over the whole range.
pub async fn by_dimension(
    app: &App,
    scope: &Scope,
    group_by: &str,
    filter: &MaterialFilter,
) -> Result<Report> {
    let mut reports = by_dimensions(app, scope, &[group_by], filter).await?;
    Ok(reports.remove(0))
}

/// [`by_dimension`] for each of `group_bys`, from one read of the material rows (a category
/// report with its materials reads the range once).
pub async fn by_dimensions(
    app: &App,
    scope: &Scope,
    group_bys: &[&str],
    filter: &MaterialFilter,
) -> Result<Vec<Report>> {
    let windows = scope.windows(app, Cut::Whole).await?;
    let materials = Names::load(app, "material", scope).await?;
    let mut equipment = HashMap::new();
    for kind in group_bys
        .iter()
        .map(|g| if *g == "bin" { "bin" } else { "scale" })
    {
        if !equipment.contains_key(kind) {
            equipment.insert(kind, Names::load(app, kind, scope).await?);
        }
    }
    let mut grouped: Vec<Rows> = group_bys.iter().map(|_| Rows::new()).collect();
    for r in material_rows(app, scope, &windows, filter, &materials).await? {
        if !filter.keeps(&r, &materials) {
            continue;
        }
        let material = materials.get(&r.line_id, &r.material_id);
        for (group_by, rows) in group_bys.iter().zip(grouped.iter_mut()) {
            let kind = if *group_by == "bin" { "bin" } else { "scale" };
            let (key, code, name, unnamed) = dimension_of(group_by, &r, material, &equipment[kind]);
            rows.entry(&key, || {
                let mut row = match unnamed {
                    Some(msg) => Row::unnamed(key.clone(), msg),
                    None => Row::new(key.clone(), name),
                };
                row.code = code;
                row
            })
            .figures
            .add_material(&r);
        }
    }
    Ok(group_bys
        .iter()
        .zip(grouped)
        .map(|(group_by, rows)| {
            let mut report = report(scope, group_by, rows);
            report
                .rows
                .sort_by(|a, b| b.figures.actual_kg.total_cmp(&a.figures.actual_kg));
            report
        })
        .collect())
}

/// The row a material row belongs to when grouped by `group_by`: its key, code, name, or the
/// message naming a row without one.
fn dimension_of(
    group_by: &str,
    r: &MaterialRow,
    material: Option<&Named>,
    equipment: &Names,
) -> (String, Option<String>, String, Option<Msg>) {
    match group_by {
        "category" => match material.and_then(|m| m.category_code.clone()) {
            Some(code) => (
                code.to_lowercase(),
                Some(code),
                material
                    .and_then(|m| m.category_name.clone())
                    .unwrap_or_default(),
                None,
            ),
            None => (
                String::new(),
                None,
                String::new(),
                Some(Msg::new("report.noCategory")),
            ),
        },
        "scale" | "bin" => {
            let code = if group_by == "scale" {
                &r.scale_id
            } else {
                &r.bin_id
            };
            if code.is_empty() {
                (
                    String::new(),
                    None,
                    String::new(),
                    Some(Msg::new("report.noBin")),
                )
            } else {
                let name = equipment
                    .get(&r.line_id, code)
                    .map_or(code.clone(), |n| n.name.clone());
                (code.to_lowercase(), Some(code.clone()), name, None)
            }
        }
        _ => (
            r.material_id.to_lowercase(),
            Some(r.material_id.clone()),
            material.map_or(r.material_id.clone(), |m| m.name.clone()),
            None,
        ),
    }
}
