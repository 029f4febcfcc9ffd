//! The installation's one `_SUPER` account, made and kept in line with the settings at start.

use crate::AppState;
use model::access::UserStatus;

/// Makes sure the `_SUPER` account exists and matches the settings: with `SUPERUSER_EMAIL` or
/// `SUPERUSER_PASSWORD` set, an existing account takes the set email and password (audited),
/// so an operator can always sign in with what they configured. With no password set, a new
/// account gets a random one, returned so the caller prints it once.
///
/// Several api processes starting together (`make cluster`) may both find no account and both
/// create it: the second's insert is refused by the unique email, and it then takes the first
/// one's account as existing.
pub async fn bootstrap_super_user(state: &AppState) -> anyhow::Result<Option<(String, String)>> {
    match ensure(state).await {
        Err(e) if matches!(e.downcast_ref(), Some(db::DbError::Conflict(_))) => {
            tracing::info!("another process created the super user at the same moment");
            ensure(state).await
        }
        r => r,
    }
}

async fn ensure(state: &AppState) -> anyhow::Result<Option<(String, String)>> {
    let cfg = &state.settings;
    if let Some(mut existing) = db::users::super_user(&state.pool).await? {
        const BY: &str = "SUPERUSER_EMAIL";
        if let Some(email) = cfg.superuser_email.as_deref().map(str::trim)
            && !email.eq_ignore_ascii_case(&existing.email)
        {
            if db::users::by_email(&state.pool, email).await?.is_some() {
                tracing::warn!(existing = %existing.email, "SUPERUSER_EMAIL belongs to another user; keeping the super user's email");
            } else {
                let after = db::users::set_email(&state.pool, existing.id, email, BY).await?;
                app::users::audit(
                    &state.pool,
                    BY,
                    "email_change",
                    Some(&existing),
                    Some(&after),
                )
                .await?;
                tracing::info!(
                    email,
                    "the super user's email was changed to SUPERUSER_EMAIL"
                );
                existing = after;
            }
        }
        if let Some(password) = &cfg.superuser_password
            && !crate::auth::password::verify(
                &state.flood,
                password.clone(),
                existing.password_hash.clone(),
            )
            .await?
        {
            let hash = crate::auth::password::hash(&state.flood, password.clone()).await?;
            let after = db::users::set_password(
                &state.pool,
                existing.id,
                &hash,
                UserStatus::Active,
                None,
                "SUPERUSER_PASSWORD",
            )
            .await?;
            app::users::audit(
                &state.pool,
                "SUPERUSER_PASSWORD",
                "password_change",
                Some(&existing),
                Some(&after),
            )
            .await?;
        }
        return Ok(None);
    }
    let email = cfg
        .superuser_email
        .clone()
        .unwrap_or_else(|| "super@batchline.local".into());
    let (password, generated) = match &cfg.superuser_password {
        Some(p) => (p.clone(), false),
        None => (crate::auth::password::generate_temporary(), true),
    };
    let hash = crate::auth::password::hash(&state.flood, password.clone()).await?;
    let user = db::users::insert(
        &state.pool,
        db::users::NewUser {
            email: &email,
            username: Some("super"),
            password_hash: Some(&hash),
            role: "_SUPER",
            privileges: &[],
            status: UserStatus::Active,
            created_by: Some("system"),
        },
    )
    .await?;
    app::users::audit(&state.pool, "system", "user_created", None, Some(&user)).await?;
    Ok(generated.then_some((email, password)))
}
