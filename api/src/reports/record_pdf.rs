//! The batch record as a plant files it (`POST getlinebatchdetails/generatePdf`), and the
//! running batch's record so far (`POST getlivebatch/generatePdf`): a header with the line,
//! batch, recipe and version, order, times and weights; the dosing (the screen's columns, from
//! the body, as every report PDF's main list), the planned doses not weighed, the lots used, the
//! mixing steps
//! with the screen's curves, the process values, the miscellaneous values and the alarms; and
//! lines to sign on for the operator and the checker. The figures are the report calls' own.

use axum::Json;
use axum::extract::State;
use axum::http::Uri;
use axum::response::Response;
use model::Msg;
use serde_json::{Value, json};

use super::batches::alarms::batch_alarms;
use super::batches::{BatchQuery, doses, mixing, record};
use super::exports::whole;
use super::pdf::{Frame, PdfBody};
use super::scope::ReportQuery;
use crate::AppState;
use crate::auth::AuthUser;
use crate::error::{ApiError, ApiResult};
use crate::extract::{Body, Query};
use crate::i18n_layer::RequestLang;

/// Batch `batch` of line `line` (either lineless when the number is the only one) as the report
/// calls answer it: `details`, `doses`, `mixing`, `parameters`, `misc` and `alarms`.
async fn record_of(
    s: &AppState,
    lang: RequestLang,
    batch: Option<String>,
    line: Option<String>,
) -> ApiResult<Value> {
    let state = || State(s.clone());
    let Json(details) = record::batch_details(
        state(),
        Query(BatchQuery {
            batch_id: batch,
            line_id: line,
        }),
    )
    .await?;
    let details = answered(details)?;
    let q = || {
        Query(BatchQuery {
            batch_id: Some(details.batch.batch_id.clone()),
            line_id: Some(details.batch.line_id.clone()),
        })
    };
    let doses = doses::batch_weighings(state(), q()).await?.0.data;
    let mixing = mixing::batch_mixing(state(), q()).await?.0.data;
    let parameters = record::batch_parameters(state(), q()).await?.0.data;
    let misc = record::batch_misc(state(), q()).await?.0.data;
    let alarms = batch_alarms(state(), lang, q(), whole()).await?.0.data;
    // The lots the batch used (issue 33); a batch traced to none has none.
    let lots =
        match app::trace::batch(&s.app, &details.batch.line_id, &details.batch.batch_id).await {
            Ok(t) => serde_json::to_value(t.lots).unwrap_or_default(),
            Err(app::Error::NotFound(_)) => json!([]),
            Err(e) => return Err(e.into()),
        };
    Ok(json!({
        "details": details, "doses": doses, "mixing": mixing, "parameters": parameters,
        "misc": misc, "alarms": alarms, "lots": lots,
    }))
}

/// The data of an answer that has it (every report's answer).
fn answered<T: serde::Serialize>(e: model::Envelope<T>) -> ApiResult<T> {
    e.data
        .ok_or_else(|| ApiError::Internal(anyhow::anyhow!("a report answered no data")))
}

/// A fixed table of the record: (message of the heading, key) per column.
type Columns = &'static [(&'static str, &'static str)];

const MISSING: Columns = &[
    ("recipe.pdf.sequence", "sequence"),
    ("recipe.pdf.material", "materialCode"),
    ("recipe.pdf.name", "materialName"),
    ("report.record.scale", "scaleCode"),
    ("recipe.pdf.bin", "binCode"),
    ("recipe.pdf.setpoint", "setpointKg"),
    ("recipe.pdf.tolerance", "toleranceKg"),
];
const STEPS: Columns = &[
    ("recipe.pdf.sequence", "sequence"),
    ("recipe.pdf.action", "actionCode"),
    ("recipe.pdf.name", "actionName"),
    ("report.record.started", "startedAt"),
    ("report.record.planned", "plannedS"),
    ("report.record.actual", "actualS"),
    ("report.record.energy", "energyKwh"),
];
const PARAMETERS: Columns = &[
    ("recipe.pdf.code", "code"),
    ("recipe.pdf.name", "name"),
    ("report.record.unit", "unit"),
    ("report.record.min", "min"),
    ("report.record.mean", "mean"),
    ("report.record.max", "max"),
    ("report.record.low", "lowLimit"),
    ("report.record.high", "highLimit"),
    ("report.record.exceeded", "exceeded"),
];
const MISC: Columns = &[
    ("recipe.pdf.code", "code"),
    ("recipe.pdf.name", "name"),
    ("recipe.pdf.value", "value"),
    ("report.record.unit", "unit"),
];
const ALARMS: Columns = &[
    ("report.record.raised", "raisedAt"),
    ("recipe.pdf.code", "code"),
    ("report.record.severity", "severity"),
    ("report.record.text", "text"),
    ("report.record.cleared", "clearedAt"),
    ("report.record.duration", "durationS"),
];

/// The blocks of `record`: header facts, then each section under its heading.
fn blocks(
    frame: &Frame,
    lang: RequestLang,
    body: &PdfBody,
    record: &Value,
) -> ApiResult<Vec<pdf::Block>> {
    use pdf::Block;
    let t = |k: &'static str| lang.text(&Msg::new(k));
    let cells = &frame.cells;
    let d = &record["details"];
    let text = |k: &str| cells.value(k, &d[k]);
    let label = |code: &Value, name: &Value| match (cells.text(code), cells.text(name)) {
        (c, n) if n.is_empty() || n == c => c,
        (c, n) => format!("{c} · {n}"),
    };
    let status = |v: &Value| match v.as_str() {
        Some("RUNNING") => t("schedule.status.RUNNING"),
        Some("COMPLETE" | "COMPLETED") => t("schedule.status.COMPLETED"),
        Some("ABORTED") => t("schedule.status.ABORTED"),
        Some("RELEASED") => t("schedule.status.RELEASED"),
        Some("ON_HOLD") => t("schedule.status.ON_HOLD"),
        Some(other) => other.to_string(),
        None => String::new(),
    };
    let order = match (d["orderNumber"].as_str(), d["scheduleName"].as_str()) {
        (Some(n), Some(name)) if n != name => format!("{n} · {name}"),
        (n, name) => n.or(name).unwrap_or("-").to_string(),
    };
    let released = match (d["releasedBy"].as_str(), d["releasedAt"].is_string()) {
        (by, true) => format!("{}, {}", text("releasedAt"), by.unwrap_or("-")),
        (Some(by), false) => by.to_string(),
        (None, false) => "-".to_string(),
    };
    let facts = vec![
        (t("report.pdf.lines"), label(&d["lineName"], &Value::Null)),
        (t("report.pdf.batch"), text("batchId")),
        (
            t("report.pdf.recipe"),
            label(&d["recipeCode"], &d["recipeName"]),
        ),
        (t("recipe.pdf.version"), text("recipeVersion")),
        (t("report.pdf.order"), order),
        (t("report.record.released"), released),
        (t("report.record.started"), text("startedAt")),
        (t("report.record.ended"), text("endedAt")),
        (t("report.record.duration"), text("durationS")),
        (t("recipe.pdf.status"), status(&d["status"])),
        (t("report.record.target"), text("targetKg")),
        (t("recipe.pdf.setpoint"), text("setpointKg")),
        (t("report.record.weighed"), text("weighedKg")),
        (t("report.record.reported"), text("reportedKg")),
    ];
    let fixed = |columns: Columns, rows: &Value| -> Block {
        let rows = rows.as_array().map(Vec::as_slice).unwrap_or_default();
        if rows.is_empty() {
            return Block::Paragraph(t("report.record.none"));
        }
        let headers: Vec<String> = columns.iter().map(|(h, _)| t(h)).collect();
        let keys: Vec<String> = columns.iter().map(|(_, k)| k.to_string()).collect();
        Block::Table(frame.table(&headers, &keys, rows))
    };
    let doses = &record["doses"];
    let mut blocks = vec![
        Block::Facts(facts),
        Block::Heading(t("report.record.dosing")),
    ];
    match doses["rows"].as_array().map(Vec::as_slice) {
        Some(rows) if !rows.is_empty() => {
            let mut table = frame.table(&body.headers, &body.match_keys, rows);
            // The doses' totals under the columns that show them.
            let mut label = Some(t("report.pdf.total"));
            let totals: Vec<String> = body
                .match_keys
                .iter()
                .map(|k| match k.as_str() {
                    "setpointKg" | "actualKg" | "deviationKg" => cells.value(k, &doses[k]),
                    _ => label.take().unwrap_or_default(),
                })
                .collect();
            if label.is_none() {
                table.rows.push(pdf::Row::Total(totals));
            }
            blocks.push(Block::Table(table));
        }
        _ => blocks.push(Block::Paragraph(t("report.record.none"))),
    }
    if doses["missing"].as_array().is_some_and(|m| !m.is_empty()) {
        blocks.push(Block::Heading(t("report.record.missing")));
        blocks.push(fixed(MISSING, &doses["missing"]));
    }
    blocks.push(Block::Heading(t("report.record.lots")));
    blocks.push(lots_table(lang, &record["lots"]));
    blocks.push(Block::Heading(t("report.record.mixing")));
    blocks.extend(body.images()?);
    blocks.push(fixed(STEPS, &record["mixing"]["steps"]));
    blocks.push(Block::Heading(t("report.record.parameters")));
    blocks.push(fixed(PARAMETERS, &record["parameters"]["rows"]));
    blocks.push(Block::Heading(t("report.record.misc")));
    blocks.push(fixed(MISC, &record["misc"]["rows"]));
    blocks.push(Block::Heading(t("report.record.alarms")));
    blocks.push(fixed(ALARMS, &record["alarms"]["rows"]));
    blocks.push(Block::Heading(t("report.record.signatures")));
    blocks.push(Block::Signatures(pdf::Signatures {
        roles: vec![t("report.record.operator"), t("report.record.checkedBy")],
        fields: vec![
            t("report.record.name"),
            t("report.record.date"),
            t("report.record.signature"),
        ],
    }));
    Ok(blocks)
}

/// The lots a batch used: lot (or "unknown"), material, supplier, kilograms and share.
fn lots_table(lang: RequestLang, lots: &Value) -> pdf::Block {
    let t = |k: &'static str| lang.text(&Msg::new(k));
    let lots = lots.as_array().map(Vec::as_slice).unwrap_or_default();
    if lots.is_empty() {
        return pdf::Block::Paragraph(t("report.record.none"));
    }
    let column = |k: &'static str, align| pdf::Column { title: t(k), align };
    let num = |v: &Value, d| crate::numbers::trimmed(lang.0, v.as_f64().unwrap_or(0.0), d);
    pdf::Block::Table(pdf::Table {
        columns: vec![
            column("recall.lot", pdf::Align::Left),
            column("recall.material", pdf::Align::Left),
            column("recall.supplier", pdf::Align::Left),
            column("report.record.lotKg", pdf::Align::Right),
            column("report.record.lotShare", pdf::Align::Right),
        ],
        rows: lots
            .iter()
            .map(|l| {
                let lot = match (l["lotNumber"].as_str(), l["lotId"].is_string()) {
                    (Some(n), true) => n.to_string(),
                    (Some(n), false) => format!("{n} ({})", t("report.record.lotUnknown")),
                    (None, _) => t("report.record.lotUnknown"),
                };
                let supplier = match (l["supplierCode"].as_str(), l["supplierName"].as_str()) {
                    (Some(c), Some(n)) => format!("{c} · {n}"),
                    _ => String::new(),
                };
                let share = l["share"].as_f64().unwrap_or(0.0) * 100.0;
                pdf::Row::Cells(vec![
                    lot,
                    l["materialCode"].as_str().unwrap_or_default().to_string(),
                    supplier,
                    num(&l["kg"], 1),
                    format!("{} %", crate::numbers::trimmed(lang.0, share, 1)),
                ])
            })
            .collect(),
    })
}

/// The PDF of `record` (none: the line runs no batch), laid out as `body` says.
async fn print(
    s: &AppState,
    user: &AuthUser,
    lang: RequestLang,
    (q, uri): (&ReportQuery, &Uri),
    body: PdfBody,
    record: Option<Value>,
) -> ApiResult<Response> {
    body.check()?;
    let empty = Value::Null;
    let frame = Frame::new(s, lang, q, uri, record.as_ref().unwrap_or(&empty)).await?;
    let blocks = match &record {
        Some(r) => blocks(&frame, lang, &body, r)?,
        None => vec![
            pdf::Block::Facts(frame.facts.clone()),
            pdf::Block::Paragraph(lang.text(&Msg::new("report.record.noBatch"))),
        ],
    };
    frame.finish(s, user, lang, &body, blocks).await
}

/// A batch's whole record, as a PDF: its header, dosing, mixing, process values,
/// miscellaneous values and alarms, and lines for the operator's and the checker's signature.
#[utoipa::path(post, path = "/api/reports/batches/getlinebatchdetails/generatePdf", tag = "reports",
    params(BatchQuery), request_body = PdfBody,
    responses((status = 200, description = "the batch record as a PDF document", content_type = "application/pdf"),
              (status = 400), (status = 404)))]
pub async fn batch_record_pdf(
    State(s): State<AppState>,
    user: AuthUser,
    lang: RequestLang,
    uri: Uri,
    Query(b): Query<BatchQuery>,
    Body(body): Body<PdfBody>,
) -> ApiResult<Response> {
    let record = record_of(&s, lang, b.batch_id, b.line_id).await?;
    let q = ReportQuery {
        line_id: record["details"]["lineId"].as_str().map(str::to_string),
        batch_id: record["details"]["batchId"].as_str().map(str::to_string),
        ..ReportQuery::default()
    };
    print(&s, &user, lang, (&q, &uri), body, Some(record)).await
}

/// The running batch of a line (`lineId` required) as recorded so far, as a PDF laid out as
/// the batch record; a line that runs none prints that.
#[utoipa::path(post, path = "/api/reports/batches/getlivebatch/generatePdf", tag = "reports",
    params(ReportQuery), request_body = PdfBody,
    responses((status = 200, description = "the running batch's record as a PDF document", content_type = "application/pdf"),
              (status = 400)))]
pub async fn live_batch_pdf(
    State(s): State<AppState>,
    user: AuthUser,
    lang: RequestLang,
    uri: Uri,
    Query(q): Query<ReportQuery>,
    Body(body): Body<PdfBody>,
) -> ApiResult<Response> {
    let Json(live) =
        super::diagnostics::live::live_batch(State(s.clone()), Query(q.clone())).await?;
    let live = answered(live)?;
    let record = match live.details {
        Some(d) => Some(record_of(&s, lang, Some(d.batch.batch_id), Some(d.batch.line_id)).await?),
        None => None,
    };
    let q = ReportQuery {
        line_id: Some(live.line_id),
        batch_id: record
            .as_ref()
            .and_then(|r| r["details"]["batchId"].as_str().map(str::to_string)),
        ..ReportQuery::default()
    };
    print(&s, &user, lang, (&q, &uri), body, record).await
}
