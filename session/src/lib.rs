//! Sessions: the signed token a user gets at sign-in ([`jwt`]) and the one check of a token
//! that every entry point makes — signature, expiry, revocation, token version, and the user's
//! *current* role and privileges from the database. The REST api and the live WebSocket both
//! use it, so neither links the other.

pub mod jwt;

use std::sync::Arc;

use db::PgPool;
use model::Role;

pub use jwt::{Claims, JwtKeys};

/// A signed-in user as the database says it is now (not as when the token was issued).
#[derive(Debug, Clone)]
pub struct Session {
    pub claims: Claims,
    pub role: Role,
    pub privileges: Vec<String>,
}

impl Session {
    pub fn email(&self) -> &str {
        &self.claims.user_email
    }
}

/// Why a token was refused.
#[derive(Debug, thiserror::Error)]
pub enum SessionError {
    /// Bad signature, expired, revoked, replaced by a newer token version, or the user is gone
    /// or not active: the client must sign in again.
    #[error("the session is invalid, expired or revoked")]
    Invalid,
    #[error(transparent)]
    Database(#[from] db::DbError),
}

/// Checks session tokens: the keys and the database they are checked against.
#[derive(Clone)]
pub struct Verifier {
    pub pool: PgPool,
    pub keys: Arc<JwtKeys>,
}

impl Verifier {
    pub fn new(pool: PgPool, keys: Arc<JwtKeys>) -> Self {
        Verifier { pool, keys }
    }

    /// The session of `token`, or why there is none.
    pub async fn check(&self, token: &str) -> Result<Session, SessionError> {
        let claims = self.keys.verify(token).ok_or(SessionError::Invalid)?;
        let now = db::users::session_state(&self.pool, claims.sub, claims.jti)
            .await?
            .ok_or(SessionError::Invalid)?;
        if now.revoked
            || now.token_version != claims.ver
            || now.status != model::access::UserStatus::Active
        {
            return Err(SessionError::Invalid);
        }
        let role = now.role;
        Ok(Session {
            claims,
            role,
            privileges: now.privileges,
        })
    }
}
