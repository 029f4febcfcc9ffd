//! The audit trail for everyone who must read it (issue 35, item 1): `GET /api/audit` with its
//! filters and paging, `GET /api/audit/{id}` (an entry with the values that changed),
//! `GET /api/audit/facets` (what the filters can take), and the filtered trail as files:
//! `POST /api/audit/generatePdf`, `…/generateCsv`, `…/generateXlsx`. Privilege `AUDIT_READ`
//! (ADMIN and `_SUPER` by role). Times in plant time: the filtered line's zone, else the lines'
//! common zone, else UTC.

use app::audit::AuditQuery;
use axum::Json;
use axum::extract::{Path, State};
use axum::response::Response;
use model::audit::{AuditEntry, AuditFacets};
use model::{AccessRule, Envelope, Msg};
use utoipa_axum::{router::OpenApiRouter, routes};

mod files;
mod labels;

use crate::AppState;
use crate::auth::{AuthUser, guarded};
use crate::error::{ApiError, ApiResult};
use crate::extract::{Body, Query, attachment, csv_attachment};
use crate::i18n_layer::RequestLang;
use crate::paging::{Listed, Paging, Window};

/// Rows per page when the call names none.
const PAGE: i64 = 100;
/// The most entries a CSV or workbook holds (narrow the filters beyond).
pub const MAX_FILE_ROWS: usize = 100_000;
/// The most entries a PDF holds.
pub const MAX_PDF_ROWS: usize = 2_000;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(guarded(AccessRule::AUDIT, routes!(list)))
        .routes(guarded(AccessRule::AUDIT, routes!(facets)))
        .routes(guarded(AccessRule::AUDIT, routes!(get)))
        .routes(guarded(AccessRule::AUDIT, routes!(generate_pdf)))
        .routes(guarded(AccessRule::AUDIT, routes!(generate_csv)))
        .routes(guarded(AccessRule::AUDIT, routes!(generate_xlsx)))
}

/// The entries the filters match, newest first, a page at a time (100 rows unless `limit`
/// says), each with the values that changed.
#[utoipa::path(operation_id = "audit_list", get, path = "/api/audit", tag = "audit",
    params(AuditQuery, Paging),
    responses((status = 200, body = Envelope<Vec<AuditEntry>>, headers(("x-total-count" = i64, description = "how many entries match, every page together"))), (status = 400)))]
async fn list(
    State(state): State<AppState>,
    lang: RequestLang,
    Query(q): Query<AuditQuery>,
    Query(paging): Query<Paging>,
) -> ApiResult<Listed<AuditEntry>> {
    let f = q.filter()?;
    let (page, limit) = paging.parse_with(PAGE)?;
    let window = Window::Page { page, limit };
    let rows = app::audit::list(&state.app, &f, window.limit(), window.offset()).await?;
    let listed = window
        .finish(rows, async { Ok(app::audit::count(&state.app, &f).await?) })
        .await?;
    Ok(listed.map(|e| labels::named(lang, e)))
}

/// Every user, kind of record and action the trail holds, for the filters' choices.
#[utoipa::path(operation_id = "audit_facets", get, path = "/api/audit/facets", tag = "audit",
    responses((status = 200, body = Envelope<AuditFacets>)))]
async fn facets(
    State(state): State<AppState>,
    lang: RequestLang,
) -> ApiResult<Json<Envelope<AuditFacets>>> {
    let f = app::audit::facets(&state.app, |kind, v| labels::label(lang, kind, v)).await?;
    Ok(Json(Envelope::data(f)))
}

/// One entry with its record before and after and the values that changed.
#[utoipa::path(operation_id = "audit_get", get, path = "/api/audit/{id}", tag = "audit",
    params(("id" = String, Path)), responses((status = 200, body = Envelope<AuditEntry>), (status = 404)))]
async fn get(
    State(state): State<AppState>,
    lang: RequestLang,
    Path(id): Path<String>,
) -> ApiResult<Json<Envelope<AuditEntry>>> {
    let e = app::audit::get(&state.app, &id).await?;
    Ok(Json(Envelope::data(labels::named(lang, e))))
}

/// The entries of a file (at most `max`; 400 beyond, naming how many match) with their times
/// in plant time and the words of the file.
async fn trail(
    s: &AppState,
    user: &AuthUser,
    lang: RequestLang,
    q: &AuditQuery,
    max: usize,
) -> ApiResult<files::Trail> {
    let f = q.filter()?;
    let entries: Vec<AuditEntry> = app::audit::list(&s.app, &f, max as i64 + 1, 0)
        .await?
        .into_iter()
        .map(|e| labels::named(lang, e))
        .collect();
    if entries.len() > max {
        let total = app::audit::count(&s.app, &f).await?;
        return Err(ApiError::BadRequest(
            Msg::new("audit.fileTooLong")
                .arg("max", max)
                .arg("total", total),
        ));
    }
    let mut conn = s.pool.acquire().await?;
    let zone = db::zones::plant_zone(&mut *conn, f.line).await?;
    let mut instants: Vec<_> = entries.iter().map(|e| e.at).collect();
    instants.extend([f.from, f.to].into_iter().flatten());
    instants.push(chrono::Utc::now());
    let times = db::zones::seconds(&mut *conn, &zone, &instants).await?;
    Ok(files::Trail {
        entries,
        times,
        filter: f,
        zone,
        lang,
        plant: s.settings.plant_name.clone(),
        user: user.email().to_string(),
    })
}

/// The filtered trail as a PDF document (at most 2,000 entries).
#[utoipa::path(operation_id = "audit_pdf", post, path = "/api/audit/generatePdf", tag = "audit", request_body = AuditQuery,
    responses((status = 200, description = "the audit trail as a PDF document", content_type = "application/pdf"),
              (status = 400)))]
async fn generate_pdf(
    State(s): State<AppState>,
    user: AuthUser,
    lang: RequestLang,
    Body(q): Body<AuditQuery>,
) -> ApiResult<Response> {
    let t = trail(&s, &user, lang, &q, MAX_PDF_ROWS).await?;
    let doc = files::document(&t);
    let bytes = s
        .heavy
        .run_or_busy(move || pdf::render(&doc))
        .await?
        .map_err(|e| ApiError::Internal(anyhow::anyhow!("audit PDF: {e}")))?;
    Ok(attachment(bytes, "application/pdf", "audit-trail.pdf"))
}

/// The filtered trail as CSV (at most 100,000 entries): one row per entry with the record
/// before and after as JSON.
#[utoipa::path(operation_id = "audit_csv", post, path = "/api/audit/generateCsv", tag = "audit", request_body = AuditQuery,
    responses((status = 200, description = "the audit trail as CSV (UTF-8, comma-separated)", content_type = "text/csv", body = String),
              (status = 400)))]
async fn generate_csv(
    State(s): State<AppState>,
    user: AuthUser,
    lang: RequestLang,
    Body(q): Body<AuditQuery>,
) -> ApiResult<Response> {
    let t = trail(&s, &user, lang, &q, MAX_FILE_ROWS).await?;
    let (header, rows) = files::flat(&t);
    csv_attachment(&header, &rows, "audit-trail.csv")
}

/// The filtered trail as an Excel workbook (at most 100,000 entries).
#[utoipa::path(operation_id = "audit_xlsx", post, path = "/api/audit/generateXlsx", tag = "audit", request_body = AuditQuery,
    responses((status = 200, description = "the audit trail as an Excel workbook",
               content_type = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"),
              (status = 400)))]
async fn generate_xlsx(
    State(s): State<AppState>,
    user: AuthUser,
    lang: RequestLang,
    Body(q): Body<AuditQuery>,
) -> ApiResult<Response> {
    let t = trail(&s, &user, lang, &q, MAX_FILE_ROWS).await?;
    let bytes = s
        .heavy
        .run_or_busy(move || files::workbook(&t))
        .await?
        .map_err(|e| ApiError::Internal(anyhow::anyhow!("audit workbook: {e}")))?;
    Ok(attachment(
        bytes,
        "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        "audit-trail.xlsx",
    ))
}
