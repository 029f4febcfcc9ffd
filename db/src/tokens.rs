//! Single-use sign-up and password-reset tokens. The raw token (256 random bits, hex) goes
//! into the mailed link only; the table keeps its SHA-256, so a database leak reveals none.

use chrono::{Duration, Utc};
use sqlx::PgExecutor;
use uuid::Uuid;

use crate::DbResult;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Purpose {
    Signup,
    Reset,
}

impl Purpose {
    pub const ALL: [Purpose; 2] = [Purpose::Signup, Purpose::Reset];

    pub fn as_str(self) -> &'static str {
        match self {
            Purpose::Signup => "signup",
            Purpose::Reset => "reset",
        }
    }

    /// How long a token of this purpose stays valid: 72 h for sign-up, 30 min for reset.
    pub fn lifetime(self) -> Duration {
        match self {
            Purpose::Signup => Duration::hours(72),
            Purpose::Reset => Duration::minutes(30),
        }
    }
}

/// Stores the hash of `raw` for `user_id`; earlier unused tokens of the same purpose die.
pub async fn store(
    conn: &mut sqlx::PgConnection,
    user_id: Uuid,
    purpose: Purpose,
    token_hash: &[u8],
) -> DbResult<()> {
    sqlx::query!(
        "update auth_token set used_at = now() where user_id = $1 and purpose = $2 and used_at is null",
        user_id,
        purpose.as_str(),
    )
    .execute(&mut *conn)
    .await?;
    sqlx::query!(
        "insert into auth_token (token_hash, user_id, purpose, expires_at) values ($1, $2, $3, $4)",
        token_hash,
        user_id,
        purpose.as_str(),
        Utc::now() + purpose.lifetime(),
    )
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// The user a valid (unused, unexpired) token belongs to, without using it up.
pub async fn peek(
    db: impl PgExecutor<'_>,
    purpose: Purpose,
    token_hash: &[u8],
) -> DbResult<Option<Uuid>> {
    Ok(sqlx::query_scalar!(
        "select user_id from auth_token where token_hash = $1 and purpose = $2 and used_at is null and expires_at > now()",
        token_hash,
        purpose.as_str(),
    )
    .fetch_optional(db)
    .await?)
}

/// Uses a valid token up, atomically: of two concurrent calls only one gets the user id.
pub async fn consume(
    db: impl PgExecutor<'_>,
    purpose: Purpose,
    token_hash: &[u8],
) -> DbResult<Option<Uuid>> {
    Ok(sqlx::query_scalar!(
        "update auth_token set used_at = now() where token_hash = $1 and purpose = $2 and used_at is null \
         and expires_at > now() returning user_id",
        token_hash,
        purpose.as_str(),
    )
    .fetch_optional(db)
    .await?)
}
