//! Validate and import: the file's header mapped to fields, each row prepared like a form and
//! written as it passes inside one transaction, committed only for an import without problems.

use axum::Json as Wire;
use axum::body::Bytes;
use axum::extract::State;
use model::config::{Entity, Field};
use model::{Envelope, Msg};
use serde::Serialize;
use utoipa::ToSchema;

use super::ImportQuery;
use super::rows::{Codes, record};
use crate::AppState;
use crate::auth::AuthUser;
use crate::error::{ApiError, ApiResult};
use crate::extract::Query;
use crate::i18n_layer::RequestLang;
use crate::plant::records::{insert_audited, line_param, requested_entity};
use crate::plant::sheet::{self, Sheet};
use app::plant::prepare::prepare;

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
    let mut tx = state.pool.begin().await?;
    let mut report = Report {
        kind: e.key.into(),
        rows: file.rows.len(),
        valid: false,
        created: 0,
        errors: Vec::new(),
    };
    let columns = header(e, &file, state, lang, &mut report.errors);
    // Every problem in one pass: the rows are checked even when the header has problems (a
    // field whose column is missing is reported once, on row 1, not on every row), and a row
    // with an unknown code has its other fields checked too.
    let missing: Vec<String> = report
        .errors
        .iter()
        .filter(|e| e.row == 1)
        .map(|e| e.column.clone())
        .collect();
    let mut codes = Codes::default();
    for (i, cells) in file.rows.iter().enumerate() {
        let row = i + first_row;
        let (record, unknown) = record(&mut tx, line, &columns, cells, &mut codes).await?;
        let mut told: Vec<String> = missing.clone();
        for (column, msg) in unknown {
            report.errors.push(RowError {
                row,
                column: column.clone(),
                message: lang.text(&msg),
            });
            told.push(column);
        }
        match prepare(&mut tx, e, None, &record).await? {
            Err(p) => {
                for (field, msg) in p.invalid.into_iter().chain(p.taken) {
                    if !told.contains(&field) {
                        report.errors.push(RowError {
                            row,
                            column: field,
                            message: lang.text(&msg),
                        });
                    }
                }
            }
            // Written as we go (rolled back unless all rows pass), so a code twice in one file
            // shows up as taken in its second row.
            Ok(p) if told.len() == missing.len() => {
                insert_audited(&mut tx, user.email(), "import", e, p).await?;
                report.created += 1;
            }
            Ok(_) => {}
        }
    }
    report.valid = report.errors.is_empty();
    if commit && report.valid {
        tx.commit().await?;
    } else {
        report.created = 0;
        tx.rollback().await?;
    }
    Ok(report)
}

/// Maps the header to fields, by the field's own name or its label in any language (a unit in
/// brackets after it allowed): unknown columns and missing required ones are row-1 problems.
fn header(
    e: &'static Entity,
    file: &Sheet,
    state: &AppState,
    lang: RequestLang,
    errors: &mut Vec<RowError>,
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
            errors.push(RowError {
                row: 1,
                column: h.clone(),
                message: lang.text(&Msg::new("import.unknownColumn").arg("column", h)),
            });
        }
    }
    for f in sheet::columns(e).filter(|f| f.required) {
        if !columns.iter().flatten().any(|c| c.name == f.name) {
            errors.push(RowError {
                row: 1,
                column: f.name.into(),
                message: lang.text(&Msg::new("import.missingColumn").arg("column", f.name)),
            });
        }
    }
    columns
}
