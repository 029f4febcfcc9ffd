//! The three tables of the recipe document: weighing grouped by scale with totals, the mixing
//! sequence with its parameters, and the miscellaneous values.

use model::Msg;
use model::recipe::Plant;
use pdf::{Align, Block, Column, Row, Table};

use super::super::record::RecipeRecord;
use super::{Context, label};

fn column(title: String, align: Align) -> Column {
    Column { title, align }
}

fn empty_or(rows: Vec<Row>, cx: &Context) -> Vec<Row> {
    if rows.is_empty() {
        vec![Row::Group(cx.t("recipe.pdf.noItems"))]
    } else {
        rows
    }
}

pub(super) fn weighing_table(r: &RecipeRecord, plant: &Plant, cx: &Context) -> Block {
    let c = &r.content;
    let batch = c.batch_size_kg;
    let share = |kg: f64| {
        if batch > 0.0 {
            cx.num((kg / batch * 1000.0).round() / 10.0)
        } else {
            "-".into()
        }
    };
    let mut rows = Vec::new();
    let mut i = 0;
    while i < c.weighing_items.len() {
        let scale_id = c.weighing_items[i].scale_id;
        let scale = scale_id.and_then(|s| plant.scales.get(&s));
        let scale_code = scale.map_or("?".to_string(), |s| s.code.clone());
        rows.push(Row::Group(
            scale.map_or("?".to_string(), |s| label(&s.code, &s.name)),
        ));
        let (mut sum, mut tol) = (0.0, 0.0);
        while i < c.weighing_items.len() && c.weighing_items[i].scale_id == scale_id {
            let w = &c.weighing_items[i];
            let material = w
                .material_id
                .and_then(|m| plant.materials.get(&m))
                .map_or("?".to_string(), |m| label(&m.code, &m.name));
            let bin = w
                .bin_id
                .and_then(|b| plant.bins.get(&b))
                .map_or("-".to_string(), |b| b.code.clone());
            let (kg_set, kg_tol) = (w.setpoint_kg(batch), w.tolerance_kg(batch));
            sum += kg_set;
            tol += kg_tol;
            rows.push(Row::Cells(vec![
                w.sequence.to_string(),
                material,
                bin,
                cx.num(kg_set),
                share(kg_set),
                format!("± {}", cx.num(kg_tol)),
            ]));
            i += 1;
        }
        let total = cx
            .lang
            .text(&Msg::new("recipe.pdf.scaleTotal").arg("scale", scale_code));
        rows.push(Row::Total(vec![
            String::new(),
            total,
            String::new(),
            cx.num(sum),
            share(sum),
            format!("± {}", cx.num(tol)),
        ]));
    }
    if !rows.is_empty() {
        let (sum, tol): (f64, f64) = c
            .weighing_items
            .iter()
            .map(|w| (w.setpoint_kg(batch), w.tolerance_kg(batch)))
            .fold((0.0, 0.0), |a, b| (a.0 + b.0, a.1 + b.1));
        rows.push(Row::Total(vec![
            String::new(),
            cx.t("recipe.pdf.total"),
            String::new(),
            cx.num(sum),
            share(sum),
            format!("± {}", cx.num(tol)),
        ]));
    }
    Block::Table(Table {
        columns: vec![
            column(cx.t("recipe.pdf.sequence"), Align::Right),
            column(cx.t("recipe.pdf.material"), Align::Left),
            column(cx.t("recipe.pdf.bin"), Align::Left),
            column(cx.t("recipe.pdf.setpoint"), Align::Right),
            column(cx.t("recipe.pdf.share"), Align::Right),
            column(cx.t("recipe.pdf.tolerance"), Align::Right),
        ],
        rows: empty_or(rows, cx),
    })
}

/// `CODE = value unit` of a parameter value (the value alone without a parameter).
fn value_text(
    plant: &Plant,
    id: Option<uuid::Uuid>,
    value: &serde_json::Value,
    cx: &Context,
) -> String {
    let v = match value {
        serde_json::Value::Number(n) => n.as_f64().map_or(n.to_string(), |f| cx.num(f)),
        serde_json::Value::String(s) => s.clone(),
        serde_json::Value::Bool(b) => cx.yes_no(*b),
        other => other.to_string(),
    };
    match id.and_then(|p| plant.parameters.get(&p)) {
        Some(p) => format!("{} = {v} {}", p.code, p.unit.as_deref().unwrap_or_default())
            .trim()
            .to_string(),
        None => v,
    }
}

pub(super) fn mixing_table(r: &RecipeRecord, plant: &Plant, cx: &Context) -> Block {
    let rows = r
        .content
        .mixing_items
        .iter()
        .map(|m| {
            let action = m
                .mixing_action_id
                .and_then(|a| plant.actions.get(&a))
                .map_or("?".to_string(), |a| label(&a.code, &a.name));
            let mode = m
                .mixing_mode_id
                .and_then(|a| plant.modes.get(&a))
                .map_or("-".to_string(), |a| a.code.clone());
            let params: Vec<String> = m
                .parameters
                .iter()
                .map(|p| value_text(plant, p.parameter_id, &p.value, cx))
                .collect();
            Row::Cells(vec![
                m.sequence.to_string(),
                action,
                mode,
                m.duration_s.map_or("-".into(), |d| cx.num(d)),
                params.join("; "),
            ])
        })
        .collect();
    Block::Table(Table {
        columns: vec![
            column(cx.t("recipe.pdf.sequence"), Align::Right),
            column(cx.t("recipe.pdf.action"), Align::Left),
            column(cx.t("recipe.pdf.mode"), Align::Left),
            column(cx.t("recipe.pdf.duration"), Align::Right),
            column(cx.t("recipe.pdf.parameters"), Align::Left),
        ],
        rows: empty_or(rows, cx),
    })
}

pub(super) fn misc_table(r: &RecipeRecord, plant: &Plant, cx: &Context) -> Block {
    let rows = r
        .content
        .miscellaneous_items
        .iter()
        .map(|m| {
            let p = m
                .miscellaneous_parameter_id
                .and_then(|p| plant.parameters.get(&p));
            let name = p.map_or("?".to_string(), |p| label(&p.code, &p.name));
            let value = value_text(plant, None, &m.value, cx);
            let unit = p.and_then(|p| p.unit.clone()).unwrap_or_default();
            Row::Cells(vec![name, format!("{value} {unit}").trim().to_string()])
        })
        .collect();
    Block::Table(Table {
        columns: vec![
            column(cx.t("recipe.pdf.parameter"), Align::Left),
            column(cx.t("recipe.pdf.value"), Align::Right),
        ],
        rows: empty_or(rows, cx),
    })
}
