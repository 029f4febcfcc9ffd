//! Site information and the signed-in user's rules (§7 General).

use axum::Json;
use axum::extract::State;
use model::{AccessRule, Envelope};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::AppState;
use crate::auth::{AuthUser, guarded};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(site))
        .routes(guarded(AccessRule::ANY, routes!(user_privileges)))
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SiteInfo {
    /// `CLOUD` or `ON_PREMISE`.
    pub system_type: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct SiteData {
    pub site: SiteInfo,
}

/// Public: the sign-in screens need the system type before there is a session.
#[utoipa::path(get, path = "/api/site", tag = "general", responses((status = 200, body = Envelope<SiteData>)))]
async fn site(State(state): State<AppState>) -> Json<Envelope<SiteData>> {
    Json(Envelope::data(SiteData {
        site: SiteInfo {
            system_type: state.settings.system_type.as_str().into(),
        },
    }))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct UserRules {
    pub role: String,
    pub privileges: Vec<String>,
}

#[utoipa::path(get, path = "/api/getuserprivileges", tag = "general",
    responses((status = 200, body = Envelope<UserRules>), (status = 401)))]
async fn user_privileges(user: AuthUser) -> Json<Envelope<UserRules>> {
    Json(Envelope::data(UserRules {
        role: user.role.as_str().into(),
        privileges: user.privileges,
    }))
}
