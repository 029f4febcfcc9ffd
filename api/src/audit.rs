//! Audit entries of the api: sign-ins (and failures). A change to a user is audited by
//! `app::users::audit`.

use sqlx::PgExecutor;
use uuid::Uuid;

use crate::error::ApiResult;

/// A sign-in event: login, login_failed, logout, password_reset_requested, …
pub async fn sign_in(
    db: impl PgExecutor<'_>,
    email: &str,
    action: &str,
    user_id: Option<Uuid>,
    detail: &str,
) -> ApiResult<()> {
    db::audit::write(
        db,
        db::audit::Entry {
            actor: Some(email),
            action,
            entity: "session",
            entity_id: user_id.map(|id| id.to_string()),
            before: None,
            after: None,
            detail: (!detail.is_empty()).then(|| serde_json::json!({ "reason": detail })),
        },
    )
    .await?;
    Ok(())
}
