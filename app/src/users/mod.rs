//! User administration (§7 Users): only `_SUPER` and `ADMIN` reach it (the edge's access
//! rule); nobody changes their own role; an ADMIN never manages the super user; the `_SUPER`
//! role cannot be given; a privilege is given only by a role that may exercise it (decision 96).
//! Deleting is soft and revokes the user's tokens. Every change is audited with the record
//! before and after (never the password hash).
//!
//! Passwords are hashed at the edge, behind its hashing gate (a flood of requests must not
//! take every core), so a command that sets one is split: `check_*` refuses what it must
//! before any hashing, and the write takes the hash.

use chrono::{DateTime, Utc};
use model::access::{UserStatus, is_privilege};
use model::{Msg, Role, validation};
use serde::{Deserialize, Serialize};
use sqlx::PgExecutor;
use utoipa::ToSchema;
use uuid::Uuid;

use crate::{App, Error, Result};
mod create;
mod edit;

pub use create::{FirstSignIn, NewUser, check_new, create};
pub use edit::{EditUser, check_temporary_password, delete, edit, set_temporary_password};

/// A user as the api shows it (never the password hash).
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UserDto {
    #[serde(rename = "_id")]
    pub id: Uuid,
    pub email: String,
    pub username: Option<String>,
    /// The name electronic signatures show (issue 35).
    pub full_name: Option<String>,
    pub role: String,
    pub privileges: Vec<String>,
    /// `pending` (invited), `active`, or `inactive` (must replace a temporary password).
    pub status: UserStatus,
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
            full_name: u.full_name,
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

/// Who gives a command: the signed-in user as they are now.
#[derive(Debug, Clone, Copy)]
pub struct Actor<'a> {
    pub id: Uuid,
    pub email: &'a str,
    pub role: Role,
}

/// Role and privileges as asked for, checked.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct AccessRequest {
    #[serde(default)]
    pub role: Option<String>,
    #[serde(default)]
    pub privileges: Option<Vec<String>>,
}

impl AccessRequest {
    /// The role (never `_SUPER`) and the privileges, which only PRIVILEGE users keep.
    pub fn checked(&self) -> Result<(Role, Vec<String>)> {
        let role = match self.role.as_deref().map(str::trim) {
            None | Some("") => {
                return Err(Error::field("role", Msg::new("validation.required")));
            }
            Some(r) => Role::parse(r)
                .ok_or_else(|| Error::field("role", Msg::new("validation.invalidRole")))?,
        };
        if role == Role::Super {
            return Err(Error::field("role", Msg::new("user.superRoleRefused")));
        }
        let mut privileges = self.privileges.clone().unwrap_or_default();
        if let Some(bad) = privileges.iter().find(|p| !is_privilege(p)) {
            return Err(Error::field(
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
pub fn grantable(actor: &Actor, privileges: &[String], already: &[String]) -> Result<()> {
    match privileges
        .iter()
        .find(|p| !already.contains(p) && !model::access::may_grant(actor.role, p))
    {
        Some(p) => Err(Error::field(
            "privileges",
            Msg::new("user.privilegeNotGrantable").arg("name", p),
        )),
        None => Ok(()),
    }
}

/// Refuses an ADMIN touching the super user's account.
pub fn may_manage(actor: &Actor, target: &db::users::User) -> Result<()> {
    if target.role == Role::Super && actor.role != Role::Super {
        return Err(Error::Forbidden(Msg::new("user.superProtected")));
    }
    Ok(())
}

/// Fields checked by `rules`, none of them a password (so no strength to estimate).
pub(super) fn fields(rules: &[validation::Rule], fields: &[(&str, &str)]) -> Result<()> {
    let errors = validation::validate(
        rules,
        |f| fields.iter().find(|(k, _)| *k == f).map(|(_, v)| *v),
        |_| 0,
    );
    if errors.is_empty() {
        Ok(())
    } else {
        Err(Error::Invalid(errors))
    }
}

/// Page `page` (1-based, any page: an empty one past the end) of `limit` users whose email or
/// username holds `search`, and how many there are.
pub async fn list(app: &App, search: &str, page: i64, limit: i64) -> Result<(Vec<UserDto>, i64)> {
    let (users, total) =
        db::users::list(&app.pool, search, limit, (page - 1).saturating_mul(limit)).await?;
    Ok((users.into_iter().map(UserDto::from).collect(), total))
}

/// The user `raw_id` names; 404 when there is none (or it is not an id).
pub async fn load(app: &App, raw_id: &str) -> Result<db::users::User> {
    let not_found = || Error::NotFound(Msg::new("user.notFound"));
    let id = Uuid::parse_str(raw_id.trim()).map_err(|_| not_found())?;
    db::users::by_id(&app.pool, id).await?.ok_or_else(not_found)
}

/// Audits a change to a user, with the record before and after (never the password hash).
pub async fn audit(
    db: impl PgExecutor<'_>,
    actor: &str,
    action: &str,
    before: Option<&db::users::User>,
    after: Option<&db::users::User>,
) -> Result<()> {
    let json = |u: &db::users::User| serde_json::to_value(UserDto::from(u.clone())).ok();
    db::audit::write(
        db,
        db::audit::Entry {
            actor: Some(actor),
            action,
            entity: "user",
            entity_id: after.or(before).map(|u| u.id.to_string()),
            before: before.and_then(json),
            after: after.and_then(json),
            detail: None,
        },
    )
    .await?;
    Ok(())
}
