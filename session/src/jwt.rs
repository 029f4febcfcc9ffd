//! Session tokens: HS256 JWTs with the algorithm pinned, issuer and audience checked, and the
//! claims the web app decodes (§3 Profile: userEmail, role, privileges; exp in seconds).

use std::time::Duration;

use chrono::{DateTime, Utc};
use jsonwebtoken::{Algorithm, DecodingKey, EncodingKey, Header, Validation, decode, encode};
use model::Role;
use serde::{Deserialize, Serialize};
use uuid::Uuid;

pub const ISSUER: &str = "batchline";
pub const AUDIENCE: &str = "batchline-web";

/// The claims of a session token (the web decodes `userEmail`, `role`, `privileges` and `exp`
/// for its menus and expiry check; the server re-reads role and privileges on every call).
#[derive(Debug, Clone, Serialize, Deserialize, utoipa::ToSchema)]
#[schema(as = SessionClaims)]
#[serde(rename_all = "camelCase")]
pub struct Claims {
    pub sub: Uuid,
    pub user_email: String,
    pub role: Role,
    pub privileges: Vec<String>,
    pub exp: i64,
    pub iat: i64,
    pub jti: Uuid,
    pub iss: String,
    pub aud: String,
    /// The user's token version when issued; a later password change raises it.
    pub ver: i32,
}

impl Claims {
    pub fn expires_at(&self) -> DateTime<Utc> {
        DateTime::from_timestamp(self.exp, 0).unwrap_or_else(Utc::now)
    }
}

/// Signs and checks session tokens with one secret.
#[derive(Clone)]
pub struct JwtKeys {
    encoding: EncodingKey,
    decoding: DecodingKey,
    validation: Validation,
    ttl: Duration,
}

impl JwtKeys {
    pub fn new(secret: &[u8], ttl: Duration) -> Self {
        let mut validation = Validation::new(Algorithm::HS256);
        validation.set_issuer(&[ISSUER]);
        validation.set_audience(&[AUDIENCE]);
        validation.set_required_spec_claims(&["exp", "iat", "iss", "aud", "sub"]);
        validation.leeway = 5;
        JwtKeys {
            encoding: EncodingKey::from_secret(secret),
            decoding: DecodingKey::from_secret(secret),
            validation,
            ttl,
        }
    }

    /// A fresh token for a user, valid for the configured lifetime.
    pub fn issue(&self, user: &db::users::User, role: Role) -> anyhow::Result<(String, Claims)> {
        self.issue_at(user, role, Utc::now(), self.ttl)
    }

    /// A token issued at `now` that lives `ttl` (tests use it to make expired tokens).
    pub fn issue_at(
        &self,
        user: &db::users::User,
        role: Role,
        now: DateTime<Utc>,
        ttl: Duration,
    ) -> anyhow::Result<(String, Claims)> {
        let claims = Claims {
            sub: user.id,
            user_email: user.email.clone(),
            role,
            privileges: user.privileges.clone(),
            iat: now.timestamp(),
            exp: now.timestamp() + ttl.as_secs() as i64,
            jti: Uuid::new_v4(),
            iss: ISSUER.into(),
            aud: AUDIENCE.into(),
            ver: user.token_version,
        };
        Ok((
            encode(&Header::new(Algorithm::HS256), &claims, &self.encoding)?,
            claims,
        ))
    }

    /// The claims of a well-signed, unexpired token; `None` for anything else.
    pub fn verify(&self, token: &str) -> Option<Claims> {
        decode::<Claims>(token, &self.decoding, &self.validation)
            .ok()
            .map(|d| d.claims)
    }
}
