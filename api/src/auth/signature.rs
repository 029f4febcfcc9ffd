//! The edge of an electronic signature (issue 35, item 2): the signer's password checked again,
//! throttled and admitted like a sign-in (a wrong password here counts as a wrong sign-in), a
//! failure audited; what the command then needs to sign.

use app::signatures::Signer;
use model::Msg;
use model::signature::SignatureInput;
use serde_json::json;

use super::AuthUser;
use super::handlers::check_password;
use crate::AppState;
use crate::error::{ApiError, ApiResult};

/// What is being signed, for the audit entry of a failed signature.
pub struct Signed<'a> {
    pub entity: &'a str,
    pub entity_id: String,
}

/// The signer of a release, `None` without a signature. 403 when the password is not the
/// user's (audited as `signature_failed`), 429 while the account is throttled, 400 without a
/// password.
pub async fn signer(
    state: &AppState,
    user: &AuthUser,
    address: &str,
    input: Option<&SignatureInput>,
    what: Signed<'_>,
) -> ApiResult<Option<Signer>> {
    let Some(input) = input else {
        return Ok(None);
    };
    let password = input.password.clone().unwrap_or_default();
    if password.is_empty() {
        return Err(ApiError::field(
            "signature.password",
            Msg::new("validation.required"),
        ));
    }
    let email = user.email().to_string();
    let (account, verified) = check_password(state, &email, password, address).await?;
    if !verified || account.is_none() {
        db::audit::write(
            &state.pool,
            db::audit::Entry {
                actor: Some(&email),
                action: "signature_failed",
                entity: what.entity,
                entity_id: Some(what.entity_id),
                before: None,
                after: None,
                detail: Some(json!({ "reason": "bad password" })),
            },
        )
        .await?;
        return Err(ApiError::Forbidden(Msg::new("signature.passwordWrong")));
    }
    db::throttle::succeeded(&state.pool, &email, address).await?;
    Ok(Some(Signer {
        name: db::signatures::signer_name(&state.pool, &email).await?,
        email,
        role: user.role,
        privileges: user.privileges.clone(),
        meaning: input.meaning.clone().unwrap_or_default(),
    }))
}
