//! Copy of one type of parameters from one line to another (`/copyparameter/{type}`; `_SUPER`
//! and ADMIN only), skipping the codes the target line already has.

use axum::Json as Wire;
use axum::extract::State;
use model::config::{Entity, by_key};
use model::{AccessRule, Envelope, Msg};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value as Json};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::prepare::prepare;
use super::records::{insert_audited, label, line_param, requested_entity};
use crate::AppState;
use crate::auth::{AuthUser, guarded};
use crate::error::{ApiError, ApiResult};
use crate::extract::Body;
use crate::i18n_layer::RequestLang;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(guarded(AccessRule::ADMINS, routes!(copy)))
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
    let e = requested_entity(req.kind.as_deref(), Entity::copyable)?;
    let from = line_param(req.from_line_id.as_deref(), "fromLineId")?;
    let to = line_param(req.to_line_id.as_deref(), "toLineId")?;
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
                insert_audited(&mut tx, user.email(), "copy", e, p).await?;
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
