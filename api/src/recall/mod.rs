//! The recall report of a lot (issue 33, item 6): `POST /api/trace/recall/generatePdf`,
//! `…/generateCsv` and `…/generateXlsx` with `{lotId}`. The lot and its supplier, its mass
//! balance, the customers, deliveries, batches, orders and carry-over risks it reached, with
//! kilograms, in the requester's language, times in the plant time of the lot's line, under the
//! plant's header; the PDF ends with lines to sign.

use axum::extract::State;
use axum::response::Response;
use chrono::{DateTime, Utc};
use model::trace::LotTrace;
use model::{AccessRule, Msg};
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

mod files;
mod tables;

use files::{document, flat, workbook};

use crate::AppState;
use crate::auth::{AuthUser, guarded};
use crate::error::{ApiError, ApiResult};
use crate::extract::{Body, attachment, csv_attachment};
use crate::i18n_layer::RequestLang;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(guarded(AccessRule::LOTS, routes!(recall_pdf)))
        .routes(guarded(AccessRule::LOTS, routes!(recall_csv)))
        .routes(guarded(AccessRule::LOTS, routes!(recall_xlsx)))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RecallRequest {
    /// The lot's `_id`.
    pub lot_id: Option<String>,
}

/// The trace of a lot with every instant in plant time, and the words of the report.
struct Recall {
    trace: LotTrace,
    /// `YYYY-MM-DD HH:MM` of each instant asked for, in the order asked.
    times: Vec<String>,
    zone: String,
    lang: RequestLang,
    plant: String,
    user: String,
}

impl Recall {
    fn t(&self, code: &'static str) -> String {
        self.lang.text(&Msg::new(code))
    }
    fn kg(&self, v: f64) -> String {
        crate::numbers::trimmed(self.lang.0, v, 1)
    }
}

/// Every instant of the trace in a fixed order, so each has its place in `times`: received,
/// status changed, expires, each batch's end (or start), each delivery, each carry-over batch,
/// then now.
fn instants(t: &LotTrace, now: DateTime<Utc>) -> Vec<DateTime<Utc>> {
    let mut v = vec![
        t.lot.received_at,
        t.lot.status_at,
        t.lot.expires_at.unwrap_or(t.lot.received_at),
    ];
    v.extend(
        t.batches
            .iter()
            .map(|b| b.ended_at.or(b.started_at).unwrap_or(now)),
    );
    v.extend(t.deliveries.iter().map(|d| d.delivered_at));
    v.extend(t.carry_over.iter().map(|c| c.started_at.unwrap_or(now)));
    v.push(now);
    v
}

async fn recall(
    s: &AppState,
    user: &AuthUser,
    lang: RequestLang,
    req: &RecallRequest,
) -> ApiResult<Recall> {
    let id = app::trace::lot_id(req.lot_id.as_deref())?;
    let trace = app::trace::lot(&s.app, &id.to_string()).await?;
    let mut conn = s.pool.acquire().await?;
    let zone = db::config::get(&mut *conn, crate::plant::entity("lines"), trace.lot.line_id)
        .await?
        .and_then(|l| l["timezone"].as_str().map(str::to_string))
        .unwrap_or_else(|| "UTC".into());
    let times = db::zones::minutes(&mut *conn, &zone, &instants(&trace, Utc::now())).await?;
    Ok(Recall {
        trace,
        times,
        zone,
        lang,
        plant: s.settings.plant_name.clone(),
        user: user.email().to_string(),
    })
}

fn title(r: &Recall) -> String {
    r.lang.text(
        &Msg::new("recall.title")
            .arg("lot", &r.trace.lot.lot_number)
            .arg("material", &r.trace.lot.material_code),
    )
}

fn file_name(r: &Recall, ext: &str) -> String {
    format!("recall-{}.{ext}", r.trace.lot.lot_number)
}

/// The recall report of a lot as a PDF document.
#[utoipa::path(post, path = "/api/trace/recall/generatePdf", tag = "traceability", request_body = RecallRequest,
    responses((status = 200, description = "the recall report as a PDF document", content_type = "application/pdf"),
              (status = 400), (status = 404)))]
async fn recall_pdf(
    State(s): State<AppState>,
    user: AuthUser,
    lang: RequestLang,
    Body(req): Body<RecallRequest>,
) -> ApiResult<Response> {
    let r = recall(&s, &user, lang, &req).await?;
    let doc = document(&r);
    let bytes = s
        .heavy
        .run_or_busy(move || pdf::render(&doc))
        .await?
        .map_err(|e| ApiError::Internal(anyhow::anyhow!("recall PDF: {e}")))?;
    Ok(attachment(bytes, "application/pdf", &file_name(&r, "pdf")))
}

/// The recall report as CSV: one row per affected batch and delivery of it.
#[utoipa::path(post, path = "/api/trace/recall/generateCsv", tag = "traceability", request_body = RecallRequest,
    responses((status = 200, description = "the recall report as CSV (UTF-8, comma-separated)", content_type = "text/csv", body = String),
              (status = 400), (status = 404)))]
async fn recall_csv(
    State(s): State<AppState>,
    user: AuthUser,
    lang: RequestLang,
    Body(req): Body<RecallRequest>,
) -> ApiResult<Response> {
    let r = recall(&s, &user, lang, &req).await?;
    let (header, rows) = flat(&r);
    csv_attachment(&header, &rows, &file_name(&r, "csv"))
}

/// The recall report as an Excel workbook: the lot and its balance, then one sheet per table.
#[utoipa::path(post, path = "/api/trace/recall/generateXlsx", tag = "traceability", request_body = RecallRequest,
    responses((status = 200, description = "the recall report as an Excel workbook",
               content_type = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"),
              (status = 400), (status = 404)))]
async fn recall_xlsx(
    State(s): State<AppState>,
    user: AuthUser,
    lang: RequestLang,
    Body(req): Body<RecallRequest>,
) -> ApiResult<Response> {
    let r = recall(&s, &user, lang, &req).await?;
    let bytes =
        workbook(&r).map_err(|e| ApiError::Internal(anyhow::anyhow!("recall workbook: {e}")))?;
    Ok(attachment(
        bytes,
        "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        &file_name(&r, "xlsx"),
    ))
}
