//! Copy of one type of parameters from one line to another (`/copyparameter/{type}`; `_SUPER`
//! and ADMIN only), skipping the codes the target line already has.

use axum::Json as Wire;
use axum::extract::State;
use model::config::Entity;
use model::{AccessRule, Envelope};
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::records::{line_param, requested_entity};
use crate::AppState;
use crate::auth::{AuthUser, guarded};
use crate::error::ApiResult;
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

pub use app::plant::CopyReport;

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
    let (report, msg) = app::plant::copy(&state.app, user.email(), e, from, to).await?;
    Ok(Wire(Envelope::data(report).with_message(lang.text(&msg))))
}
