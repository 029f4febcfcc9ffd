//! The user-administration endpoints.

use axum::Json;
use axum::extract::{Path, State};
use model::access::UserStatus;
use model::validation;
use model::{AccessRule, Envelope, Msg};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{AccessRequest, UserDto, grantable, may_manage};
use crate::auth::{AuthUser, guarded, password, signup_link};
use crate::error::{ApiError, ApiResult};
use crate::extract::{Body, Query, parse_id};
use crate::i18n_layer::RequestLang;
use crate::settings::SystemType;
use crate::{AppState, audit, validate};

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
    let (users, total) = db::users::list(
        &state.pool,
        q.search.as_deref().unwrap_or(""),
        limit,
        // Any page number is a page (an empty one past the end), never an overflow.
        (page - 1).saturating_mul(limit),
    )
    .await?;
    Ok(Json(Envelope::data(UserPage {
        users: users.into_iter().map(UserDto::from).collect(),
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
    Ok(Json(Envelope::data(load(&state, &id).await?.into())))
}

async fn load(state: &AppState, raw_id: &str) -> ApiResult<db::users::User> {
    let id = parse_id(raw_id, "user.notFound")?;
    db::users::by_id(&state.pool, id)
        .await?
        .ok_or(ApiError::NotFound(Msg::new("user.notFound")))
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
    actor: AuthUser,
    Body(req): Body<CreateUserRequest>,
) -> ApiResult<Json<Envelope<UserDto>>> {
    if state.settings.system_type == SystemType::OnPremise {
        return Err(ApiError::BadRequest(Msg::new("user.cloudOnly")));
    }
    let email = req.email.as_deref().unwrap_or_default().trim().to_string();
    validate(validation::EMAIL, &[("email", &email)], &[])?;
    let (role, privileges) = req.access.checked()?;
    grantable(&actor, &privileges, &[])?;
    let mut tx = state.pool.begin().await?;
    let user = db::users::insert(
        &mut *tx,
        db::users::NewUser {
            email: &email,
            username: None,
            password_hash: None,
            role: role.as_str(),
            privileges: &privileges,
            status: UserStatus::Pending,
            created_by: Some(actor.email()),
        },
    )
    .await?;
    let link = signup_link(&state, &mut tx, user.id).await?;
    audit::user_change(&mut *tx, actor.email(), "user_created", None, Some(&user)).await?;
    tx.commit().await?;
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
    actor: AuthUser,
    Body(req): Body<CreateUserRequest>,
) -> ApiResult<Json<Envelope<CreatedOnPremise>>> {
    if state.settings.system_type != SystemType::OnPremise {
        return Err(ApiError::BadRequest(Msg::new("user.onPremiseOnly")));
    }
    let email = req.email.as_deref().unwrap_or_default().trim().to_string();
    let username = req
        .username
        .as_deref()
        .unwrap_or_default()
        .trim()
        .to_string();
    validate(validation::EMAIL, &[("email", &email)], &[])?;
    validate(validation::USERNAME, &[("username", &username)], &[])?;
    let (role, privileges) = req.access.checked()?;
    grantable(&actor, &privileges, &[])?;
    let temporary = password::generate_temporary();
    let hash = password::hash(&state.flood, temporary.clone()).await?;
    let mut tx = state.pool.begin().await?;
    let user = db::users::insert(
        &mut *tx,
        db::users::NewUser {
            email: &email,
            username: Some(&username),
            password_hash: Some(&hash),
            role: role.as_str(),
            privileges: &privileges,
            status: UserStatus::Inactive,
            created_by: Some(actor.email()),
        },
    )
    .await?;
    audit::user_change(&mut *tx, actor.email(), "user_created", None, Some(&user)).await?;
    tx.commit().await?;
    let created = CreatedOnPremise {
        user: user.into(),
        temporary_password: temporary,
    };
    Ok(Json(
        Envelope::data(created).with_message(lang.text(&Msg::new("user.created"))),
    ))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct EditUserRequest {
    #[serde(rename = "_id", default)]
    pub id: Option<String>,
    #[serde(default)]
    pub username: Option<String>,
    #[serde(flatten)]
    pub access: AccessRequest,
    /// Edit only: the `updatedAt` of the record as the edit started from it; when someone saved
    /// the record since, the edit answers 409 on `updatedAt` naming who and when. Optional.
    #[serde(rename = "updatedAt", default)]
    pub updated_at: Option<String>,
}

#[utoipa::path(post, path = "/api/edituser", tag = "users", request_body = EditUserRequest,
    responses((status = 200, body = Envelope<UserDto>), (status = 400), (status = 403), (status = 404)))]
async fn edit_user(
    State(state): State<AppState>,
    lang: RequestLang,
    actor: AuthUser,
    Body(req): Body<EditUserRequest>,
) -> ApiResult<Json<Envelope<UserDto>>> {
    let started = crate::stale::started_from(req.updated_at.as_deref())?;
    let before = load(&state, req.id.as_deref().unwrap_or_default()).await?;
    may_manage(&actor, &before)?;
    let username = req
        .username
        .as_deref()
        .map(str::trim)
        .filter(|u| !u.is_empty());
    if let Some(u) = username {
        validate(validation::USERNAME, &[("username", u)], &[])?;
    }
    let (role, privileges) = if before.id == actor.claims.sub || before.role == model::Role::Super {
        // Own account or the super user: role and privileges stay as they are.
        if req
            .access
            .role
            .as_deref()
            .is_some_and(|r| r != before.role.as_str())
        {
            return Err(ApiError::Forbidden(Msg::new("user.ownRole")));
        }
        (before.role.as_str().to_string(), before.privileges.clone())
    } else {
        let (role, privileges) = req.access.checked()?;
        grantable(&actor, &privileges, &before.privileges)?;
        (role.as_str().to_string(), privileges)
    };
    let mut tx = state.pool.begin().await?;
    let locked = db::users::by_id_for_update(&mut tx, before.id)
        .await?
        .ok_or_else(|| ApiError::NotFound(Msg::new("user.notFound")))?;
    let saved = crate::stale::Saved {
        at: locked.updated_at,
        by: locked.updated_by.as_deref(),
        line: None,
    };
    crate::stale::refuse_stale(&mut tx, started, saved).await?;
    let after = db::users::update_access(
        &mut *tx,
        before.id,
        &role,
        &privileges,
        username,
        actor.email(),
    )
    .await?;
    audit::user_change(
        &mut *tx,
        actor.email(),
        "user_updated",
        Some(&before),
        Some(&after),
    )
    .await?;
    tx.commit().await?;
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
    actor: AuthUser,
    Body(req): Body<UserIdRequest>,
) -> ApiResult<Json<Envelope<GeneratedPassword>>> {
    if state.settings.system_type != SystemType::OnPremise {
        return Err(ApiError::BadRequest(Msg::new("user.onPremiseOnly")));
    }
    let before = load(&state, req.id.as_deref().unwrap_or_default()).await?;
    may_manage(&actor, &before)?;
    // A temporary password makes the account inactive: on oneself that is a lock-out.
    if before.id == actor.claims.sub {
        return Err(ApiError::Forbidden(Msg::new("user.ownPassword")));
    }
    let temporary = password::generate_temporary();
    let hash = password::hash(&state.flood, temporary.clone()).await?;
    let mut tx = state.pool.begin().await?;
    let after = db::users::set_password(
        &mut *tx,
        before.id,
        &hash,
        UserStatus::Inactive,
        None,
        actor.email(),
    )
    .await?;
    audit::user_change(
        &mut *tx,
        actor.email(),
        "password_generated",
        Some(&before),
        Some(&after),
    )
    .await?;
    tx.commit().await?;
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
    actor: AuthUser,
    Body(req): Body<UserIdRequest>,
) -> ApiResult<Json<Envelope<()>>> {
    let before = load(&state, req.id.as_deref().unwrap_or_default()).await?;
    may_manage(&actor, &before)?;
    if before.id == actor.claims.sub {
        return Err(ApiError::Forbidden(Msg::new("user.ownDelete")));
    }
    let mut tx = state.pool.begin().await?;
    db::users::soft_delete(&mut *tx, before.id, actor.email()).await?;
    audit::user_change(&mut *tx, actor.email(), "user_deleted", Some(&before), None).await?;
    tx.commit().await?;
    Ok(Json(Envelope::ok(lang.text(&Msg::new("user.deleted")))))
}
