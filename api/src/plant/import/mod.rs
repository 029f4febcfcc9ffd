//! Import of configuration records from spreadsheets (§7 Import, `/import/{type}`; `_SUPER` and
//! ADMIN only). An import file is read into rows (`super::sheet`) and its header mapped to
//! fields (`run`); `app::plant::import` makes each row a record body and puts it through the
//! same checks as a form. Validate reports every bad row and writes nothing; import writes
//! every row or none.

mod run;

use axum::response::Response;
use model::AccessRule;
use model::config::Entity;
use serde::Deserialize;
use utoipa::IntoParams;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::records::requested_entity;
use super::sheet;
use crate::AppState;
use crate::auth::guarded;
use crate::error::{ApiError, ApiResult};
use crate::extract::Query;
use run::{__path_import, __path_validate, import, validate};

pub fn router() -> OpenApiRouter<AppState> {
    let a = AccessRule::ADMINS;
    OpenApiRouter::new()
        .routes(guarded(a, routes!(sample_file)))
        .routes(guarded(a, routes!(validate)))
        .routes(guarded(a, routes!(import)))
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

/// `GET /api/getsamplefile?type`: an XLSX workbook with the columns named as a person reads them
/// in the requester's language (the fields' own names on a hidden row under them), an example
/// row and a help sheet. An import takes either the labels (of any language) or the names, so a
/// CSV with either header row is accepted too.
#[utoipa::path(get, path = "/api/getsamplefile", tag = "configuration", params(ImportQuery),
    responses((status = 200, description = "the XLSX workbook", content_type = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"), (status = 400)))]
async fn sample_file(
    axum::extract::State(state): axum::extract::State<AppState>,
    lang: crate::i18n_layer::RequestLang,
    Query(q): Query<ImportQuery>,
) -> ApiResult<Response> {
    let e = requested_entity(q.kind.as_deref(), Entity::importable)?;
    let code = lang.0.code();
    let label = |f: &model::config::Field| {
        let (own, _) = crate::locales::field_labels(&state.locales, code, f.name);
        match f.unit {
            Some(u) => format!("{own} ({u})"),
            None => own,
        }
    };
    let bytes = sheet::sample(e, label)
        .map_err(|err| ApiError::Internal(anyhow::anyhow!("sample workbook: {err}")))?;
    Ok(crate::extract::attachment(
        bytes,
        "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        &format!("{}-sample.xlsx", e.key),
    ))
}
