//! User administration (§7 Users): only `_SUPER` and `ADMIN`; nobody changes their own role; an
//! ADMIN never manages the super user; the `_SUPER` role cannot be given. Deleting is soft and
//! revokes the user's tokens. Every change is audited with the record before and after.

mod handlers;

use chrono::{DateTime, Utc};
use model::access::is_privilege;
use model::{Msg, Role};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use uuid::Uuid;

use crate::auth::AuthUser;
use crate::error::{ApiError, ApiResult};

pub use handlers::router;

/// A user as the api shows it (never the password hash).
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UserDto {
    #[serde(rename = "_id")]
    pub id: Uuid,
    pub email: String,
    pub username: Option<String>,
    pub role: String,
    pub privileges: Vec<String>,
    /// `pending` (invited), `active`, or `inactive` (must replace a temporary password).
    pub status: model::access::UserStatus,
    pub created_at: DateTime<Utc>,
    pub created_by: Option<String>,
    pub updated_at: DateTime<Utc>,
    pub updated_by: Option<String>,
}

impl From<db::users::User> for UserDto {
    fn from(u: db::users::User) -> Self {
        UserDto {
            id: u.id,
            email: u.email,
            username: u.username,
            role: u.role.as_str().into(),
            privileges: u.privileges,
            status: u.status,
            created_at: u.created_at,
            created_by: u.created_by,
            updated_at: u.updated_at,
            updated_by: u.updated_by,
        }
    }
}

/// Role and privileges as asked for, checked.
#[derive(Debug, Deserialize, ToSchema)]
pub struct AccessRequest {
    #[serde(default)]
    pub role: Option<String>,
    #[serde(default)]
    pub privileges: Option<Vec<String>>,
}

impl AccessRequest {
    /// The role (never `_SUPER`) and the privileges, which only PRIVILEGE users keep.
    pub fn checked(&self) -> ApiResult<(Role, Vec<String>)> {
        let role = match self.role.as_deref().map(str::trim) {
            None | Some("") => {
                return Err(ApiError::field("role", Msg::new("validation.required")));
            }
            Some(r) => Role::parse(r)
                .ok_or_else(|| ApiError::field("role", Msg::new("validation.invalidRole")))?,
        };
        if role == Role::Super {
            return Err(ApiError::field("role", Msg::new("user.superRoleRefused")));
        }
        let mut privileges = self.privileges.clone().unwrap_or_default();
        if let Some(bad) = privileges.iter().find(|p| !is_privilege(p)) {
            return Err(ApiError::field(
                "privileges",
                Msg::new("validation.invalidPrivilege").arg("name", bad),
            ));
        }
        privileges.sort();
        privileges.dedup();
        if role != Role::Privilege {
            privileges.clear();
        }
        Ok((role, privileges))
    }
}

/// Refuses a privilege the actor's role may not exercise itself (decision 96), unless the user
/// already holds it (an ADMIN editing a user keeps what the super user granted).
pub fn grantable(actor: &AuthUser, privileges: &[String], already: &[String]) -> ApiResult<()> {
    match privileges
        .iter()
        .find(|p| !already.contains(p) && !model::access::may_grant(actor.role, p))
    {
        Some(p) => Err(ApiError::field(
            "privileges",
            Msg::new("user.privilegeNotGrantable").arg("name", p),
        )),
        None => Ok(()),
    }
}

/// Refuses an ADMIN touching the super user's account.
pub fn may_manage(actor: &AuthUser, target: &db::users::User) -> ApiResult<()> {
    if target.role == Role::Super && actor.role != Role::Super {
        return Err(ApiError::Forbidden(Msg::new("user.superProtected")));
    }
    Ok(())
}
