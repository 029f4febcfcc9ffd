//! Import and copy of configuration records (§7 Import, `/import/{type}`, `/copyparameter/{type}`;
//! `_SUPER` and ADMIN only). An import file is read into rows; each row becomes a record (codes
//! of referenced records resolved on the line) and goes through the same checks as a form.
//! Validate reports every bad row and writes nothing; import writes every row or none.

use std::collections::{BTreeMap, HashMap};

use axum::Json as Wire;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use model::config::{Entity, Kind, by_key};
use model::{AccessRule, Envelope, Msg};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value as Json};
use sqlx::PgConnection;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};
use uuid::Uuid;

use super::prepare::prepare;
use super::records::label;
use super::sheet::{self, Sheet};
use crate::auth::{AuthUser, guarded};
use crate::error::{ApiError, ApiResult};
use crate::extract::{Body, Query};
use crate::i18n_layer::RequestLang;
use crate::{AppState, audit};

pub fn router() -> OpenApiRouter<AppState> {
    let a = AccessRule::ADMINS;
    OpenApiRouter::new()
        .routes(guarded(a, routes!(sample_file)))
        .routes(guarded(a, routes!(validate)))
        .routes(guarded(a, routes!(import)))
        .routes(guarded(a, routes!(copy)))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct ImportQuery {
    /// The entity key (`actionparameters`, `materialdirectory`, …).
    #[serde(rename = "type")]
    pub kind: Option<String>,
    /// The line the rows are for (not needed for the sample file).
    pub line_id: Option<String>,
}

fn importable(raw: Option<&str>) -> ApiResult<&'static Entity> {
    raw.and_then(by_key)
        .filter(|e| e.importable())
        .ok_or_else(|| ApiError::field("type", Msg::new("import.unknownType")))
}

fn line(raw: Option<&str>, field: &str) -> ApiResult<Uuid> {
    raw.and_then(|s| Uuid::parse_str(s.trim()).ok())
        .ok_or_else(|| ApiError::field(field, Msg::new("config.lineRequired")))
}

/// `GET /api/getsamplefile?type`: an XLSX workbook with the columns, an example row and a
/// help sheet (CSV with the same header row is accepted on import too).
#[utoipa::path(get, path = "/api/getsamplefile", tag = "configuration", params(ImportQuery),
    responses((status = 200, description = "the XLSX workbook", content_type = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"), (status = 400)))]
async fn sample_file(Query(q): Query<ImportQuery>) -> ApiResult<Response> {
    let e = importable(q.kind.as_deref())?;
    let bytes = sheet::sample(e)
        .map_err(|err| ApiError::Internal(anyhow::anyhow!("sample workbook: {err}")))?;
    Ok((
        [
            (
                header::CONTENT_TYPE,
                "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet".to_string(),
            ),
            (
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"{}-sample.xlsx\"", e.key),
            ),
        ],
        bytes,
    )
        .into_response())
}

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
async fn validate(
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
async fn import(
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
    body: &[u8],
    commit: bool,
) -> ApiResult<Report> {
    let e = importable(q.kind.as_deref())?;
    let line = line(q.line_id.as_deref(), "lineId")?;
    let file = sheet::read(body).map_err(|m| ApiError::field("file", m))?;
    let mut tx = state.pool.begin().await?;
    let mut report = Report {
        kind: e.key.into(),
        rows: file.rows.len(),
        valid: false,
        created: 0,
        errors: Vec::new(),
    };
    let columns = header(e, &file, lang, &mut report.errors);
    if report.errors.is_empty() {
        let mut codes = Codes::default();
        for (i, cells) in file.rows.iter().enumerate() {
            let row = i + 2;
            let (record, unknown) = record(&mut tx, line, &columns, cells, &mut codes).await?;
            if !unknown.is_empty() {
                let errors = unknown.into_iter().map(|(column, msg)| RowError {
                    row,
                    column,
                    message: lang.text(&msg),
                });
                report.errors.extend(errors);
                continue;
            }
            match prepare(&mut tx, e, None, &record).await? {
                Err(p) => {
                    for (field, msg) in p.invalid.into_iter().chain(p.taken) {
                        report.errors.push(RowError {
                            row,
                            column: field,
                            message: lang.text(&msg),
                        });
                    }
                }
                // Written as we go (rolled back unless all rows pass), so a code twice in one
                // file shows up as taken in its second row.
                Ok(p) => {
                    let created =
                        db::config::insert(&mut tx, e, p.line, &p.values, user.email()).await?;
                    audit::config_change(&mut *tx, user.email(), "import", e, None, Some(&created))
                        .await?;
                    report.created += 1;
                }
            }
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

/// Maps the header to fields: unknown columns and missing required ones are row-1 problems.
fn header(
    e: &'static Entity,
    file: &Sheet,
    lang: RequestLang,
    errors: &mut Vec<RowError>,
) -> Vec<Option<&'static model::config::Field>> {
    let columns: Vec<_> = file
        .header
        .iter()
        .map(|h| sheet::columns(e).find(|f| f.name.eq_ignore_ascii_case(h.trim())))
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

/// Codes of the line's records per referenced entity, loaded once per import.
#[derive(Default)]
struct Codes(HashMap<&'static str, BTreeMap<String, String>>);

impl Codes {
    async fn id(
        &mut self,
        db: &mut PgConnection,
        entity: &'static str,
        line: Uuid,
        code: &str,
    ) -> ApiResult<Option<String>> {
        if !self.0.contains_key(entity) {
            let e = by_key(entity).expect("descriptors refer to known entities");
            let rows = db::config::list(&mut *db, e, Some(line), &[]).await?;
            let map = rows
                .iter()
                .filter_map(|r| {
                    Some((
                        r[e.title].as_str()?.to_lowercase(),
                        r["_id"].as_str()?.to_string(),
                    ))
                })
                .collect();
            self.0.insert(entity, map);
        }
        Ok(self.0[entity].get(&code.to_lowercase()).cloned())
    }
}

fn split(cell: &str) -> impl Iterator<Item = &str> {
    cell.split([';', '|', ','])
        .map(str::trim)
        .filter(|s| !s.is_empty())
}

/// One data row as the body of an add call, and the codes in it that name no record.
async fn record(
    db: &mut PgConnection,
    line: Uuid,
    columns: &[Option<&'static model::config::Field>],
    cells: &[String],
    codes: &mut Codes,
) -> ApiResult<(Map<String, Json>, Vec<(String, Msg)>)> {
    let mut unknown = Vec::new();
    let mut out = Map::from_iter([("lineId".to_string(), Json::String(line.to_string()))]);
    for (field, cell) in columns.iter().zip(cells) {
        let (Some(field), false) = (field, cell.is_empty()) else {
            continue;
        };
        let value = match field.kind {
            Kind::Bool { .. } => match cell.to_lowercase().as_str() {
                "true" | "yes" | "1" | "x" | "ja" | "oui" | "sí" | "si" => Json::Bool(true),
                "false" | "no" | "0" | "nein" | "nee" | "non" => Json::Bool(false),
                _ => Json::String(cell.clone()),
            },
            Kind::TextList { .. } => split(cell).map(|s| Json::String(s.into())).collect(),
            Kind::Ref { entity } | Kind::RefList { entity } => {
                let mut ids = Vec::new();
                for code in split(cell) {
                    match codes.id(db, entity, line, code).await? {
                        Some(id) => ids.push(Json::String(id)),
                        None => unknown.push((
                            field.name.to_string(),
                            Msg::new("import.unknownCode").arg("code", code),
                        )),
                    }
                }
                match field.kind {
                    Kind::Ref { .. } => ids.into_iter().next().unwrap_or(Json::Null),
                    _ => Json::Array(ids),
                }
            }
            _ => Json::String(cell.clone()),
        };
        out.insert(field.name.into(), value);
    }
    Ok((out, unknown))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CopyRequest {
    #[serde(rename = "type")]
    pub kind: Option<String>,
    pub from_line_id: Option<String>,
    pub to_line_id: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct CopyReport {
    /// Codes copied to the target line.
    pub copied: Vec<String>,
    /// Codes the target line already had (left as they are).
    pub skipped: Vec<String>,
}

/// `POST /api/copyparameter {type, fromLineId, toLineId}`: copies one type of parameters from
/// one line to another, skipping codes the target line already has.
#[utoipa::path(post, path = "/api/copyparameter", tag = "configuration", request_body = CopyRequest,
    responses((status = 200, body = Envelope<CopyReport>), (status = 400)))]
async fn copy(
    State(state): State<AppState>,
    user: AuthUser,
    lang: RequestLang,
    Body(req): Body<CopyRequest>,
) -> ApiResult<Wire<Envelope<CopyReport>>> {
    let e = req
        .kind
        .as_deref()
        .and_then(by_key)
        .filter(|e| e.copyable())
        .ok_or_else(|| ApiError::field("type", Msg::new("import.unknownType")))?;
    let from = line(req.from_line_id.as_deref(), "fromLineId")?;
    let to = line(req.to_line_id.as_deref(), "toLineId")?;
    if from == to {
        return Err(ApiError::field("toLineId", Msg::new("copy.sameLine")));
    }
    let mut tx = state.pool.begin().await?;
    let lines = by_key("lines").expect("lines entity");
    let found = db::config::lines_of(&mut *tx, lines, &[from, to]).await?;
    for (id, field) in [(from, "fromLineId"), (to, "toLineId")] {
        if !found.iter().any(|(f, _)| *f == id) {
            return Err(ApiError::field(field, Msg::new("config.lineNotFound")));
        }
    }
    let mut report = CopyReport {
        copied: Vec::new(),
        skipped: Vec::new(),
    };
    for source in db::config::list(&mut *tx, e, Some(from), &[]).await? {
        let code = source[e.title].as_str().unwrap_or_default().to_string();
        let mut body: Map<String, Json> = e
            .fields
            .iter()
            .map(|f| (f.name.to_string(), source[f.name].clone()))
            .collect();
        body.insert("lineId".into(), Json::String(to.to_string()));
        match prepare(&mut tx, e, None, &body).await? {
            Ok(p) => {
                let created =
                    db::config::insert(&mut tx, e, p.line, &p.values, user.email()).await?;
                audit::config_change(&mut *tx, user.email(), "copy", e, None, Some(&created))
                    .await?;
                report.copied.push(code);
            }
            Err(p) if p.invalid.is_empty() => report.skipped.push(code),
            Err(p) => return Err(p.into_error()),
        }
    }
    tx.commit().await?;
    let message = Msg::new("copy.done")
        .arg("copied", report.copied.len())
        .arg("skipped", report.skipped.len())
        .arg("entity", label(lang, e));
    Ok(Wire(
        Envelope::data(report).with_message(lang.text(&message)),
    ))
}
