//! Tokens by mail: sign-up of invited users, forgot/reset password, and the on-premise reset of
//! a temporary password. Tokens are single use and checked by their hash.

use axum::Json;
use axum::extract::{Path, State};
use db::tokens::{self, Purpose};
use model::access::UserStatus;
use model::validation::{FORGOT_PASSWORD, ONPREMISE_RESET, REGISTER, RESET_PASSWORD};
use model::{Envelope, Msg};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::auth::flood::Admitted;
use crate::auth::password;
use crate::error::{ApiError, ApiResult};
use crate::extract::Body;
use crate::i18n_layer::RequestLang;
use crate::{AppState, audit, validate};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(validate_signup))
        .routes(routes!(signup))
        .routes(routes!(forgot_password))
        .routes(routes!(check_reset_token))
        .routes(routes!(reset_password))
        .routes(routes!(on_premise_reset))
}

/// A fresh raw token (256 random bits, hex) and the hash that is stored.
pub fn new_token() -> (String, Vec<u8>) {
    let raw = hex::encode(rand::random::<[u8; 32]>());
    let hash = hash_token(&raw);
    (raw, hash)
}

fn hash_token(raw: &str) -> Vec<u8> {
    Sha256::digest(raw.trim().as_bytes()).to_vec()
}

fn invalid_token() -> ApiError {
    ApiError::BadRequest(Msg::new("auth.invalidToken"))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ValidateSignupResponse {
    pub success: bool,
    pub email: String,
}

#[utoipa::path(get, path = "/auth/validatesignup/{token}", tag = "auth",
    params(("token" = String, Path, description = "the token of the sign-up link")),
    responses((status = 200, body = ValidateSignupResponse), (status = 400)))]
async fn validate_signup(
    State(state): State<AppState>,
    Path(token): Path<String>,
) -> ApiResult<Json<ValidateSignupResponse>> {
    let user_id = tokens::peek(&state.pool, Purpose::Signup, &hash_token(&token))
        .await?
        .ok_or_else(invalid_token)?;
    let user = db::users::by_id(&state.pool, user_id)
        .await?
        .ok_or_else(invalid_token)?;
    Ok(Json(ValidateSignupResponse {
        success: true,
        email: user.email,
    }))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct SignupRequest {
    #[serde(default)]
    pub username: Option<String>,
    #[serde(default)]
    pub password: Option<String>,
    #[serde(default)]
    pub token: Option<String>,
    #[serde(default)]
    pub email: Option<String>,
}

#[utoipa::path(post, path = "/auth/signup", tag = "auth", request_body = SignupRequest,
    responses((status = 200, body = crate::Ack), (status = 400), (status = 409), (status = 429)))]
async fn signup(
    _: Admitted,
    State(state): State<AppState>,
    lang: RequestLang,
    Body(req): Body<SignupRequest>,
) -> ApiResult<Json<Envelope<()>>> {
    let username = req.username.unwrap_or_default().trim().to_string();
    let email = req.email.unwrap_or_default().trim().to_string();
    let password = req.password.unwrap_or_default();
    validate(
        REGISTER,
        &[
            ("username", &username),
            ("email", &email),
            ("password", &password),
        ],
        &[&email, &username],
    )?;
    let token_hash = hash_token(req.token.as_deref().unwrap_or_default());
    let user_id = tokens::peek(&state.pool, Purpose::Signup, &token_hash)
        .await?
        .ok_or_else(invalid_token)?;
    let user = db::users::by_id(&state.pool, user_id)
        .await?
        .ok_or_else(invalid_token)?;
    if !user.email.eq_ignore_ascii_case(&email) {
        return Err(ApiError::field(
            "email",
            Msg::new("auth.signupEmailMismatch"),
        ));
    }
    let hash = password::hash(&state.flood, password).await?;
    let mut tx = state.pool.begin().await?;
    tokens::consume(&mut *tx, Purpose::Signup, &token_hash)
        .await?
        .ok_or_else(invalid_token)?;
    let after = db::users::set_password(
        &mut *tx,
        user.id,
        &hash,
        UserStatus::Active,
        Some(&username),
        &email,
    )
    .await?;
    app::users::audit(&mut *tx, &email, "signup", Some(&user), Some(&after)).await?;
    tx.commit().await?;
    Ok(Json(Envelope::ok(
        lang.text(&Msg::new("auth.signupSuccess")),
    )))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct ForgotPasswordRequest {
    #[serde(default)]
    pub email: Option<String>,
}

#[utoipa::path(post, path = "/auth/forgotpassword", tag = "auth", request_body = ForgotPasswordRequest,
    responses((status = 200, body = crate::Ack), (status = 400), (status = 429)))]
async fn forgot_password(
    _: Admitted,
    State(state): State<AppState>,
    lang: RequestLang,
    Body(req): Body<ForgotPasswordRequest>,
) -> ApiResult<Json<Envelope<()>>> {
    let email = req.email.unwrap_or_default().trim().to_string();
    validate(FORGOT_PASSWORD, &[("email", &email)], &[])?;
    if let Some(user) = db::users::by_email(&state.pool, &email)
        .await?
        .filter(|u| u.status != UserStatus::Pending)
    {
        let (raw, hash) = new_token();
        let mut conn = state.pool.acquire().await?;
        tokens::store(&mut conn, user.id, Purpose::Reset, &hash).await?;
        audit::sign_in(
            &state.pool,
            &user.email,
            "password_reset_requested",
            Some(user.id),
            "",
        )
        .await?;
        // Sent in the background so the answer takes as long whether or not the email exists.
        let state = state.clone();
        tokio::spawn(async move {
            let link = format!("{}/resetpassword/{raw}", state.public_url());
            let subject = lang.text(&Msg::new("mail.resetSubject"));
            let body = lang.text(&Msg::new("mail.resetBody").arg("link", link));
            if let Err(e) = state.mailer.send(&user.email, &subject, &body).await {
                tracing::error!(error = format!("{e:#}"), "reset mail failed");
            }
        });
    }
    Ok(Json(Envelope::ok(
        lang.text(&Msg::new("auth.forgotPasswordSent")),
    )))
}

#[utoipa::path(get, path = "/auth/resetpassword/{token}", tag = "auth",
    params(("token" = String, Path, description = "the token of the reset link")),
    responses((status = 200, body = crate::Ack), (status = 400)))]
async fn check_reset_token(
    State(state): State<AppState>,
    Path(token): Path<String>,
) -> ApiResult<Json<Envelope<()>>> {
    tokens::peek(&state.pool, Purpose::Reset, &hash_token(&token))
        .await?
        .ok_or_else(invalid_token)?;
    Ok(Json(Envelope {
        success: true,
        message: None,
        data: None,
        errors: None,
        retry_after: None,
    }))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ResetPasswordRequest {
    #[serde(default)]
    pub reset_password_token: Option<String>,
    #[serde(default)]
    pub password: Option<String>,
    #[serde(default)]
    pub confirm_password: Option<String>,
}

#[utoipa::path(post, path = "/auth/resetpassword", tag = "auth", request_body = ResetPasswordRequest,
    responses((status = 200, body = crate::Ack), (status = 400), (status = 429)))]
async fn reset_password(
    _: Admitted,
    State(state): State<AppState>,
    lang: RequestLang,
    Body(req): Body<ResetPasswordRequest>,
) -> ApiResult<Json<Envelope<()>>> {
    let password = req.password.unwrap_or_default();
    let confirm = req.confirm_password.unwrap_or_default();
    let token_hash = hash_token(req.reset_password_token.as_deref().unwrap_or_default());
    let user_id = tokens::peek(&state.pool, Purpose::Reset, &token_hash)
        .await?
        .ok_or_else(invalid_token)?;
    let user = db::users::by_id(&state.pool, user_id)
        .await?
        .ok_or_else(invalid_token)?;
    validate(
        RESET_PASSWORD,
        &[("password", &password), ("confirmPassword", &confirm)],
        &[&user.email],
    )?;
    let hash = password::hash(&state.flood, password).await?;
    let mut tx = state.pool.begin().await?;
    tokens::consume(&mut *tx, Purpose::Reset, &token_hash)
        .await?
        .ok_or_else(invalid_token)?;
    let after = activate(&mut tx, &user, &hash).await?;
    app::users::audit(
        &mut *tx,
        &user.email,
        "password_reset",
        Some(&user),
        Some(&after),
    )
    .await?;
    tx.commit().await?;
    db::throttle::clear(&state.pool, &user.email).await?;
    Ok(Json(Envelope::ok(
        lang.text(&Msg::new("auth.resetSuccess")),
    )))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OnPremiseResetRequest {
    #[serde(default)]
    pub email: Option<String>,
    #[serde(default)]
    pub old_password: Option<String>,
    #[serde(default)]
    pub new_password: Option<String>,
    #[serde(default)]
    pub confirm_password: Option<String>,
}

/// Replaces a temporary (or current) password, proving the old one; the user becomes active.
#[utoipa::path(post, path = "/auth/onpremise/resetpassword", tag = "auth", request_body = OnPremiseResetRequest,
    responses((status = 200, body = crate::Ack), (status = 400), (status = 401), (status = 429)))]
async fn on_premise_reset(
    Admitted(address): Admitted,
    State(state): State<AppState>,
    lang: RequestLang,
    Body(req): Body<OnPremiseResetRequest>,
) -> ApiResult<Json<Envelope<()>>> {
    let email = req.email.unwrap_or_default().trim().to_string();
    let (old, new, confirm) = (
        req.old_password.unwrap_or_default(),
        req.new_password.unwrap_or_default(),
        req.confirm_password.unwrap_or_default(),
    );
    validate(
        ONPREMISE_RESET,
        &[
            ("email", &email),
            ("oldPassword", &old),
            ("newPassword", &new),
            ("confirmPassword", &confirm),
        ],
        &[&email],
    )?;
    if old == new {
        return Err(ApiError::field(
            "newPassword",
            Msg::new("auth.samePassword"),
        ));
    }
    let (user, verified) = super::handlers::check_password(&state, &email, old, &address).await?;
    if !verified {
        audit::sign_in(
            &state.pool,
            &email,
            "password_change_failed",
            user.map(|u| u.id),
            "old password wrong",
        )
        .await?;
        return Err(ApiError::Unauthorized(Msg::new("auth.oldPasswordWrong")));
    }
    let user = user.ok_or_else(|| anyhow::anyhow!("verified without a user"))?;
    let hash = password::hash(&state.flood, new).await?;
    let mut tx = state.pool.begin().await?;
    let after = activate(&mut tx, &user, &hash).await?;
    app::users::audit(
        &mut *tx,
        &user.email,
        "password_change",
        Some(&user),
        Some(&after),
    )
    .await?;
    tx.commit().await?;
    db::throttle::succeeded(&state.pool, &email, &address).await?;
    Ok(Json(Envelope::ok(
        lang.text(&Msg::new("auth.resetSuccess")),
    )))
}

/// `user`'s new password `hash`, the account active from now on (every older token stops
/// working); written by the user themself.
async fn activate(
    tx: &mut sqlx::PgConnection,
    user: &db::users::User,
    hash: &str,
) -> ApiResult<db::users::User> {
    Ok(db::users::set_password(tx, user.id, hash, UserStatus::Active, None, &user.email).await?)
}
