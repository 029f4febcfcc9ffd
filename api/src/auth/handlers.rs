//! Sign-in, super-user sign-in, the super-login check, logout and client translations.

use axum::Json;
use axum::extract::State;
use model::access::UserStatus;
use model::validation::LOGIN;
use model::{Envelope, Msg, Role};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::auth::flood::Admitted;
use crate::auth::{AuthUser, guarded, password, signup};
use crate::error::{ApiError, ApiResult};
use crate::extract::Body;
use crate::i18n_layer::RequestLang;
use crate::{AppState, audit, locales};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(login))
        .routes(routes!(super_user_login))
        .routes(routes!(check_super_login))
        .routes(guarded(model::AccessRule::ANY, routes!(logout)))
        .routes(routes!(client_locale))
        .merge(signup::router())
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct LoginRequest {
    #[serde(default)]
    pub email: Option<String>,
    #[serde(default)]
    pub password: Option<String>,
}

/// The answer of the login-type calls: the envelope plus `token` and `userStatus` (§3).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LoginResponse {
    pub success: bool,
    pub message: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub token: Option<String>,
    /// `active`, or `inactive` when an on-premise user must replace a temporary password.
    pub user_status: UserStatus,
}

#[utoipa::path(post, path = "/auth/login", tag = "auth", request_body = LoginRequest,
    responses((status = 200, body = LoginResponse), (status = 400), (status = 401), (status = 429)))]
async fn login(
    Admitted(address): Admitted,
    State(state): State<AppState>,
    lang: RequestLang,
    Body(req): Body<LoginRequest>,
) -> ApiResult<Json<LoginResponse>> {
    sign_in(&state, lang, req, false, &address).await
}

#[utoipa::path(post, path = "/auth/superuserlogin", tag = "auth", request_body = LoginRequest,
    responses((status = 200, body = LoginResponse), (status = 400), (status = 401), (status = 429)))]
async fn super_user_login(
    Admitted(address): Admitted,
    State(state): State<AppState>,
    lang: RequestLang,
    Body(req): Body<LoginRequest>,
) -> ApiResult<Json<LoginResponse>> {
    sign_in(&state, lang, req, true, &address).await
}

/// Checks the §5 rules, the throttle and the password, then issues a token (or, for an
/// inactive on-premise user, only says the password must change).
#[tracing::instrument(skip_all, fields(super_only))]
async fn sign_in(
    state: &AppState,
    lang: RequestLang,
    req: LoginRequest,
    super_only: bool,
    address: &str,
) -> ApiResult<Json<LoginResponse>> {
    let email = req.email.unwrap_or_default().trim().to_string();
    let password = req.password.unwrap_or_default();
    crate::validate(LOGIN, &[("email", &email), ("password", &password)], &[])?;
    let (user, verified) = check_password(state, &email, password, address).await?;
    let user = match user {
        Some(u) if verified && (!super_only || u.role == Role::Super) => u,
        other => {
            let reason = if other.is_some() && verified {
                "not super user"
            } else {
                "bad credentials"
            };
            audit::sign_in(
                &state.pool,
                &email,
                "login_failed",
                other.map(|u| u.id),
                reason,
            )
            .await?;
            let code = if super_only && verified {
                "auth.notSuperUser"
            } else {
                "auth.invalidCredentials"
            };
            return Err(ApiError::Unauthorized(Msg::new(code)));
        }
    };
    db::throttle::succeeded(&state.pool, &email, address).await?;
    if user.status == UserStatus::Inactive {
        audit::sign_in(
            &state.pool,
            &email,
            "login_password_change_required",
            Some(user.id),
            "temporary password",
        )
        .await?;
        return Ok(Json(LoginResponse {
            success: true,
            message: lang.text(&Msg::new("auth.passwordChangeRequired")),
            token: None,
            user_status: UserStatus::Inactive,
        }));
    }
    let (token, _) = state.jwt.issue(&user, user.role)?;
    audit::sign_in(
        &state.pool,
        &email,
        "login",
        Some(user.id),
        if super_only { "super user" } else { "password" },
    )
    .await?;
    Ok(Json(LoginResponse {
        success: true,
        message: lang.text(&Msg::new("auth.loginSuccess")),
        token: Some(token),
        user_status: UserStatus::Active,
    }))
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CheckSuperLoginResponse {
    pub success: bool,
    /// True while the installation has no active ADMIN: the first sign-in goes through the
    /// super-user page.
    pub super_user_login: bool,
}

#[utoipa::path(get, path = "/auth/checksuperlogin", tag = "auth", responses((status = 200, body = CheckSuperLoginResponse)))]
async fn check_super_login(
    State(state): State<AppState>,
) -> ApiResult<Json<CheckSuperLoginResponse>> {
    let admins = db::users::count_active_admins(&state.pool).await?;
    Ok(Json(CheckSuperLoginResponse {
        success: true,
        super_user_login: admins == 0,
    }))
}

#[utoipa::path(get, path = "/auth/logout", tag = "auth", responses((status = 200, body = crate::Ack), (status = 401)))]
async fn logout(
    State(state): State<AppState>,
    lang: RequestLang,
    user: AuthUser,
) -> ApiResult<Json<Envelope<()>>> {
    db::users::revoke_jwt(&state.pool, user.claims.jti, user.claims.expires_at()).await?;
    audit::sign_in(
        &state.pool,
        user.email(),
        "logout",
        Some(user.claims.sub),
        "",
    )
    .await?;
    Ok(Json(Envelope::ok(lang.text(&Msg::new("auth.loggedOut")))))
}

#[utoipa::path(get, path = "/auth/translation/getclientlocale", tag = "auth",
    responses((status = 200, body = Envelope<Vec<locales::ClientLocale>>)))]
async fn client_locale(
    State(state): State<AppState>,
) -> Json<Envelope<Vec<locales::ClientLocale>>> {
    Json(Envelope::data(state.locales.as_ref().clone()))
}

/// The throttle (the attempt reserved, counted as a failure until it succeeds), then the
/// account (never a pending one) and whether `password` is its password. Unknown emails take
/// as long as known ones (argon2 runs against no hash).
pub(crate) async fn check_password(
    state: &AppState,
    email: &str,
    password: String,
    address: &str,
) -> ApiResult<(Option<db::users::User>, bool)> {
    if let Err(wait) = db::throttle::reserve(&state.pool, email, address).await? {
        return Err(ApiError::too_many(
            Msg::new("auth.throttled").arg("seconds", wait),
            wait.max(1) as u64,
        ));
    }
    let user = db::users::by_email(&state.pool, email)
        .await?
        .filter(|u| u.status != UserStatus::Pending);
    let verified = password::verify(
        &state.flood,
        password,
        user.as_ref().and_then(|u| u.password_hash.clone()),
    )
    .await?;
    Ok((user, verified))
}
