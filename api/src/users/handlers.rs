//! The user-administration endpoints.

use app::users::{self, AccessRequest, EditUser, FirstSignIn, UserDto};
use axum::Json;
use axum::extract::{Path, State};
use model::{AccessRule, Envelope, Msg};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

use super::actor;
use crate::AppState;
use crate::auth::{AuthUser, guarded, new_token, password};
use crate::error::{ApiError, ApiResult};
use crate::extract::{Body, Query};
use crate::i18n_layer::RequestLang;
use crate::settings::SystemType;

pub fn router() -> OpenApiRouter<AppState> {
    let admins = AccessRule::ADMINS;
    OpenApiRouter::new()
        .routes(guarded(admins, routes!(list_users)))
        .routes(guarded(admins, routes!(get_user)))
        .routes(guarded(admins, routes!(create_user)))
        .routes(guarded(admins, routes!(create_on_premise_user)))
        .routes(guarded(admins, routes!(edit_user)))
        .routes(guarded(admins, routes!(generate_password)))
        .routes(guarded(admins, routes!(delete_user)))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ListQuery {
    /// Part of an email or username.
    pub search: Option<String>,
    /// 1-based page number.
    pub page: Option<i64>,
    /// Rows per page, 1–200 (default 20).
    pub limit: Option<i64>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct UserPage {
    pub users: Vec<UserDto>,
    pub total: i64,
    pub page: i64,
    pub limit: i64,
}

#[utoipa::path(get, path = "/api/user/users", tag = "users", params(ListQuery),
    responses((status = 200, body = Envelope<UserPage>), (status = 401), (status = 403)))]
async fn list_users(
    State(state): State<AppState>,
    Query(q): Query<ListQuery>,
) -> ApiResult<Json<Envelope<UserPage>>> {
    let limit = q.limit.unwrap_or(20).clamp(1, 200);
    let page = q.page.unwrap_or(1).max(1);
    let (users, total) =
        users::list(&state, q.search.as_deref().unwrap_or(""), page, limit).await?;
    Ok(Json(Envelope::data(UserPage {
        users,
        total,
        page,
        limit,
    })))
}

#[utoipa::path(get, path = "/api/getuser/{id}", tag = "users", params(("id" = String, Path)),
    responses((status = 200, body = Envelope<UserDto>), (status = 404)))]
async fn get_user(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> ApiResult<Json<Envelope<UserDto>>> {
    Ok(Json(Envelope::data(users::load(&state, &id).await?.into())))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct CreateUserRequest {
    #[serde(default)]
    pub email: Option<String>,
    #[serde(default)]
    pub username: Option<String>,
    #[serde(flatten)]
    pub access: AccessRequest,
}

/// Creates a user and mails a sign-up link valid for 72 hours (cloud installations).
#[utoipa::path(post, path = "/api/createuser", tag = "users", request_body = CreateUserRequest,
    responses((status = 200, body = Envelope<UserDto>), (status = 400), (status = 409)))]
async fn create_user(
    State(state): State<AppState>,
    lang: RequestLang,
    actor_user: AuthUser,
    Body(req): Body<CreateUserRequest>,
) -> ApiResult<Json<Envelope<UserDto>>> {
    if state.settings.system_type == SystemType::OnPremise {
        return Err(ApiError::BadRequest(Msg::new("user.cloudOnly")));
    }
    let new = users::check_new(&actor(&actor_user), req.email.as_deref(), None, &req.access)?;
    let (token, token_hash) = new_token();
    let first = FirstSignIn::Invite {
        token_hash: &token_hash,
    };
    let user = users::create(&state, &actor(&actor_user), &new, first).await?;
    let link = format!("{}/validatesignup/{token}", state.public_url());
    let body = lang.text(&Msg::new("mail.signupBody").arg("link", link));
    state
        .mailer
        .send(
            &user.email,
            &lang.text(&Msg::new("mail.signupSubject")),
            &body,
        )
        .await?;
    let message = lang.text(&Msg::new("user.invited").arg("email", &user.email));
    Ok(Json(Envelope::data(user.into()).with_message(message)))
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CreatedOnPremise {
    pub user: UserDto,
    /// Shown once; the user must replace it at first sign-in.
    pub temporary_password: String,
}

/// Creates a user with a generated temporary password (on-premise installations).
#[utoipa::path(post, path = "/api/user/onpremise/createuser", tag = "users", request_body = CreateUserRequest,
    responses((status = 200, body = Envelope<CreatedOnPremise>), (status = 400), (status = 409)))]
async fn create_on_premise_user(
    State(state): State<AppState>,
    lang: RequestLang,
    actor_user: AuthUser,
    Body(req): Body<CreateUserRequest>,
) -> ApiResult<Json<Envelope<CreatedOnPremise>>> {
    if state.settings.system_type != SystemType::OnPremise {
        return Err(ApiError::BadRequest(Msg::new("user.onPremiseOnly")));
    }
    let who = actor(&actor_user);
    let new = users::check_new(
        &who,
        req.email.as_deref(),
        Some(req.username.as_deref()),
        &req.access,
    )?;
    let temporary = password::generate_temporary();
    let hash = password::hash(&state.flood, temporary.clone()).await?;
    let first = FirstSignIn::TemporaryPassword { hash: &hash };
    let user = users::create(&state, &who, &new, first).await?;
    let created = CreatedOnPremise {
        user: user.into(),
        temporary_password: temporary,
    };
    Ok(Json(
        Envelope::data(created).with_message(lang.text(&Msg::new("user.created"))),
    ))
}

#[utoipa::path(post, path = "/api/edituser", tag = "users", request_body = EditUser,
    responses((status = 200, body = Envelope<UserDto>), (status = 400), (status = 403), (status = 404)))]
async fn edit_user(
    State(state): State<AppState>,
    lang: RequestLang,
    actor_user: AuthUser,
    Body(req): Body<EditUser>,
) -> ApiResult<Json<Envelope<UserDto>>> {
    let after = users::edit(&state, &actor(&actor_user), &req).await?;
    Ok(Json(
        Envelope::data(after.into()).with_message(lang.text(&Msg::new("user.updated"))),
    ))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct UserIdRequest {
    #[serde(rename = "_id", default)]
    pub id: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GeneratedPassword {
    pub temporary_password: String,
}

/// A new temporary password for an on-premise user, who becomes inactive until replacing it.
#[utoipa::path(put, path = "/api/user/onpremise/generatepassword", tag = "users", request_body = UserIdRequest,
    responses((status = 200, body = Envelope<GeneratedPassword>), (status = 400), (status = 403), (status = 404)))]
async fn generate_password(
    State(state): State<AppState>,
    lang: RequestLang,
    actor_user: AuthUser,
    Body(req): Body<UserIdRequest>,
) -> ApiResult<Json<Envelope<GeneratedPassword>>> {
    if state.settings.system_type != SystemType::OnPremise {
        return Err(ApiError::BadRequest(Msg::new("user.onPremiseOnly")));
    }
    let who = actor(&actor_user);
    let id = req.id.as_deref().unwrap_or_default();
    let before = users::check_temporary_password(&state, &who, id).await?;
    let temporary = password::generate_temporary();
    let hash = password::hash(&state.flood, temporary.clone()).await?;
    users::set_temporary_password(&state, &who, &before, &hash).await?;
    let data = GeneratedPassword {
        temporary_password: temporary,
    };
    Ok(Json(Envelope::data(data).with_message(
        lang.text(&Msg::new("user.passwordGenerated")),
    )))
}

#[utoipa::path(put, path = "/api/user/deleteuser", tag = "users", request_body = UserIdRequest,
    responses((status = 200, body = crate::Ack), (status = 403), (status = 404)))]
async fn delete_user(
    State(state): State<AppState>,
    lang: RequestLang,
    actor_user: AuthUser,
    Body(req): Body<UserIdRequest>,
) -> ApiResult<Json<Envelope<()>>> {
    let id = req.id.as_deref().unwrap_or_default();
    users::delete(&state, &actor(&actor_user), id).await?;
    Ok(Json(Envelope::ok(lang.text(&Msg::new("user.deleted")))))
}
