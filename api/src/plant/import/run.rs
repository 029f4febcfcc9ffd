//! Validate and import: the file read (off the async workers) and its header mapped to fields
//! here; the rows checked and written by `app::plant::import`.

use axum::Json as Wire;
use axum::body::Bytes;
use axum::extract::State;
use model::config::{Entity, Field};
use model::{Envelope, Msg};
use serde::Serialize;
use utoipa::ToSchema;

use super::ImportQuery;
use crate::AppState;
use crate::auth::AuthUser;
use crate::error::{ApiError, ApiResult};
use crate::extract::Query;
use crate::i18n_layer::RequestLang;
use crate::plant::records::{line_param, requested_entity};
use crate::plant::sheet::{self, Sheet};
use app::plant::import::Problem;

/// One problem of an import file.
#[derive(Debug, Serialize, ToSchema)]
pub struct RowError {
    /// The spreadsheet row (the header is row 1).
    pub row: usize,
    pub column: String,
    pub message: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Report {
    #[serde(rename = "type")]
    pub kind: String,
    /// Data rows in the file.
    pub rows: usize,
    pub valid: bool,
    /// Rows written (import only).
    pub created: usize,
    pub errors: Vec<RowError>,
}

/// `POST /api/importparameter/validate?type&lineId` with the file as the body: every problem,
/// nothing written.
#[utoipa::path(post, path = "/api/importparameter/validate", tag = "configuration", params(ImportQuery),
    request_body(content = Vec<u8>, content_type = "application/octet-stream", description = "the XLSX, XLS, ODS or CSV file"),
    responses((status = 200, body = Envelope<Report>), (status = 400)))]
pub(super) async fn validate(
    State(state): State<AppState>,
    user: AuthUser,
    lang: RequestLang,
    Query(q): Query<ImportQuery>,
    body: Bytes,
) -> ApiResult<Wire<Envelope<Report>>> {
    let report = run(&state, &user, lang, &q, &body, false).await?;
    let message = if report.valid {
        Msg::new("import.valid").arg("rows", report.rows)
    } else {
        Msg::new("import.invalid").arg("count", report.errors.len())
    };
    Ok(Wire(
        Envelope::data(report).with_message(lang.text(&message)),
    ))
}

/// `POST /api/importparameter?type&lineId` with the file as the body: every row or none.
/// Problems answer 400 with `errors` keyed `{row}.{column}`.
#[utoipa::path(post, path = "/api/importparameter", tag = "configuration", params(ImportQuery),
    request_body(content = Vec<u8>, content_type = "application/octet-stream", description = "the XLSX, XLS, ODS or CSV file"),
    responses((status = 200, body = Envelope<Report>), (status = 400)))]
pub(super) async fn import(
    State(state): State<AppState>,
    user: AuthUser,
    lang: RequestLang,
    Query(q): Query<ImportQuery>,
    body: Bytes,
) -> ApiResult<Wire<Envelope<Report>>> {
    let report = run(&state, &user, lang, &q, &body, true).await?;
    if !report.valid {
        let errors = report.errors.iter().map(|e| {
            (
                format!("{}.{}", e.row, e.column),
                Msg::new("import.rowError").arg("text", &e.message),
            )
        });
        return Err(ApiError::Validation(errors.collect()));
    }
    let message = lang.text(&Msg::new("import.done").arg("count", report.created));
    Ok(Wire(Envelope::data(report).with_message(message)))
}

async fn run(
    state: &AppState,
    user: &AuthUser,
    lang: RequestLang,
    q: &ImportQuery,
    body: &Bytes,
    commit: bool,
) -> ApiResult<Report> {
    let e = requested_entity(q.kind.as_deref(), Entity::importable)?;
    let line = line_param(q.line_id.as_deref(), "lineId")?;
    // Parsed off the async workers, a bounded number at once (`AppState::heavy`).
    let bytes = body.clone();
    let mut file = state
        .heavy
        .run_or_busy(move || sheet::read(&bytes))
        .await?
        .map_err(|m| ApiError::field("file", m))?;
    // The sample file names its columns for people and, on a hidden row under them, by the
    // fields' own names: that row is the header then.
    let mut first_row = 2;
    if file.rows.len() > 1 && sheet::is_key_row(e, &file.rows[0]) {
        file.header = file.rows.remove(0);
        first_row = 3;
    }
    let mut header_errors = Vec::new();
    let columns = header(e, &file, state, &mut header_errors);
    let imported = app::plant::import::rows(
        state,
        user.email(),
        (e, line),
        &columns,
        (&file.rows, first_row),
        header_errors,
        commit,
    )
    .await?;
    let errors: Vec<RowError> = imported
        .problems
        .into_iter()
        .map(|p| RowError {
            row: p.row,
            column: p.column,
            message: lang.text(&p.msg),
        })
        .collect();
    Ok(Report {
        kind: e.key.into(),
        rows: imported.rows,
        valid: errors.is_empty(),
        created: imported.created,
        errors,
    })
}

/// Maps the header to fields, by the field's own name or its label in any language (a unit in
/// brackets after it allowed): unknown columns and missing required ones are row-1 problems.
fn header(
    e: &'static Entity,
    file: &Sheet,
    state: &AppState,
    errors: &mut Vec<Problem>,
) -> Vec<Option<&'static Field>> {
    let names = |f: &Field, h: &str| {
        let h = h.trim();
        let bare = h.rsplit_once(" (").map_or(h, |(label, _)| label.trim());
        f.name.eq_ignore_ascii_case(h)
            || crate::locales::field_labels(&state.locales, "en", f.name)
                .1
                .iter()
                .any(|l| l.eq_ignore_ascii_case(h) || l.eq_ignore_ascii_case(bare))
    };
    let columns: Vec<_> = file
        .header
        .iter()
        .map(|h| sheet::columns(e).find(|f| names(f, h)))
        .collect();
    for (h, c) in file.header.iter().zip(&columns) {
        if c.is_none() && !h.is_empty() {
            errors.push(Problem {
                row: 1,
                column: h.clone(),
                msg: Msg::new("import.unknownColumn").arg("column", h),
            });
        }
    }
    for f in sheet::columns(e).filter(|f| f.required) {
        if !columns.iter().flatten().any(|c| c.name == f.name) {
            errors.push(Problem {
                row: 1,
                column: f.name.into(),
                msg: Msg::new("import.missingColumn").arg("column", f.name),
            });
        }
    }
    columns
}
