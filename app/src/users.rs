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

use crate::stale::{Saved, refuse_stale};
use crate::{App, Error, Result};

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
fn fields(rules: &[validation::Rule], fields: &[(&str, &str)]) -> Result<()> {
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

/// A new user as asked for, checked: email, username (on-premise), role and privileges.
#[derive(Debug)]
pub struct NewUser {
    pub email: String,
    pub username: Option<String>,
    pub role: Role,
    pub privileges: Vec<String>,
}

/// Checks a new user: `username` is required when given as `Some` (on-premise installations
/// sign in by it), role and privileges as [`AccessRequest::checked`] and [`grantable`].
pub fn check_new(
    actor: &Actor,
    email: Option<&str>,
    username: Option<Option<&str>>,
    access: &AccessRequest,
) -> Result<NewUser> {
    let email = email.unwrap_or_default().trim().to_string();
    fields(validation::EMAIL, &[("email", &email)])?;
    let username = match username {
        Some(u) => {
            let u = u.unwrap_or_default().trim().to_string();
            fields(validation::USERNAME, &[("username", &u)])?;
            Some(u)
        }
        None => None,
    };
    let (role, privileges) = access.checked()?;
    grantable(actor, &privileges, &[])?;
    Ok(NewUser {
        email,
        username,
        role,
        privileges,
    })
}

/// How a new user first signs in.
#[derive(Debug, Clone, Copy)]
pub enum FirstSignIn<'a> {
    /// By a sign-up link (valid 72 hours): the hash of its token; the edge mails the raw one.
    Invite { token_hash: &'a [u8] },
    /// With a temporary password (its hash), replaced at the first sign-in.
    TemporaryPassword { hash: &'a str },
}

/// Creates `user` (checked by [`check_new`]), pending until they follow the sign-up link, or
/// inactive until they replace the temporary password. Audited.
pub async fn create(
    app: &App,
    actor: &Actor<'_>,
    user: &NewUser,
    first: FirstSignIn<'_>,
) -> Result<db::users::User> {
    let (password_hash, status) = match first {
        FirstSignIn::Invite { .. } => (None, UserStatus::Pending),
        FirstSignIn::TemporaryPassword { hash } => (Some(hash), UserStatus::Inactive),
    };
    let mut tx = app.pool.begin().await?;
    let created = db::users::insert(
        &mut *tx,
        db::users::NewUser {
            email: &user.email,
            username: user.username.as_deref(),
            password_hash,
            role: user.role.as_str(),
            privileges: &user.privileges,
            status,
            created_by: Some(actor.email),
        },
    )
    .await?;
    if let FirstSignIn::Invite { token_hash } = first {
        db::tokens::store(&mut tx, created.id, db::tokens::Purpose::Signup, token_hash).await?;
    }
    audit(&mut *tx, actor.email, "user_created", None, Some(&created)).await?;
    tx.commit().await?;
    Ok(created)
}

/// An edit of a user: username, role and privileges, from the record as of `updated_at`.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[schema(as = EditUserRequest)]
pub struct EditUser {
    #[serde(rename = "_id", default)]
    pub id: Option<String>,
    #[serde(default)]
    pub username: Option<String>,
    /// The name electronic signatures show; empty clears it, absent keeps it.
    #[serde(rename = "fullName", default)]
    pub full_name: Option<String>,
    #[serde(flatten)]
    pub access: AccessRequest,
    /// Edit only: the `updatedAt` of the record as the edit started from it; when someone saved
    /// the record since, the edit answers 409 on `updatedAt` naming who and when. Optional.
    #[serde(rename = "updatedAt", default)]
    pub updated_at: Option<String>,
}

/// Edits a user's username, role and privileges. One's own account and the super user's keep
/// their role and privileges (asking another role is refused). Audited.
pub async fn edit(app: &App, actor: &Actor<'_>, e: &EditUser) -> Result<db::users::User> {
    let started = crate::stale::started_from(e.updated_at.as_deref())?;
    let before = load(app, e.id.as_deref().unwrap_or_default()).await?;
    may_manage(actor, &before)?;
    let username = e
        .username
        .as_deref()
        .map(str::trim)
        .filter(|u| !u.is_empty());
    if let Some(u) = username {
        fields(validation::USERNAME, &[("username", u)])?;
    }
    let full_name = e.full_name.as_deref().map(str::trim);
    if full_name.is_some_and(|n| n.chars().count() > 100) {
        return Err(Error::field(
            "fullName",
            Msg::new("validation.textTooLong").arg("max", 100),
        ));
    }
    let (role, privileges) = if before.id == actor.id || before.role == Role::Super {
        if e.access
            .role
            .as_deref()
            .is_some_and(|r| r != before.role.as_str())
        {
            return Err(Error::Forbidden(Msg::new("user.ownRole")));
        }
        (before.role.as_str().to_string(), before.privileges.clone())
    } else {
        let (role, privileges) = e.access.checked()?;
        grantable(actor, &privileges, &before.privileges)?;
        (role.as_str().to_string(), privileges)
    };
    let mut tx = app.pool.begin().await?;
    let locked = db::users::by_id_for_update(&mut tx, before.id)
        .await?
        .ok_or_else(|| Error::NotFound(Msg::new("user.notFound")))?;
    let saved = Saved {
        at: locked.updated_at,
        by: locked.updated_by.as_deref(),
        line: None,
    };
    refuse_stale(&mut tx, started, saved).await?;
    let after = db::users::update_access(
        &mut *tx,
        before.id,
        &role,
        &privileges,
        username,
        full_name,
        actor.email,
    )
    .await?;
    audit(
        &mut *tx,
        actor.email,
        "user_updated",
        Some(&before),
        Some(&after),
    )
    .await?;
    tx.commit().await?;
    Ok(after)
}

/// The user whose password may be replaced by a temporary one: not the super user for an
/// ADMIN, and never oneself (the account becomes inactive: that is a lock-out).
pub async fn check_temporary_password(
    app: &App,
    actor: &Actor<'_>,
    raw_id: &str,
) -> Result<db::users::User> {
    let before = load(app, raw_id).await?;
    may_manage(actor, &before)?;
    if before.id == actor.id {
        return Err(Error::Forbidden(Msg::new("user.ownPassword")));
    }
    Ok(before)
}

/// Gives `before` (checked by [`check_temporary_password`]) a temporary password: inactive
/// until the user replaces it. Audited.
pub async fn set_temporary_password(
    app: &App,
    actor: &Actor<'_>,
    before: &db::users::User,
    password_hash: &str,
) -> Result<db::users::User> {
    let mut tx = app.pool.begin().await?;
    let after = db::users::set_password(
        &mut *tx,
        before.id,
        password_hash,
        UserStatus::Inactive,
        None,
        actor.email,
    )
    .await?;
    audit(
        &mut *tx,
        actor.email,
        "password_generated",
        Some(before),
        Some(&after),
    )
    .await?;
    tx.commit().await?;
    Ok(after)
}

/// Deletes a user (soft; their tokens stop working), never oneself. Audited.
pub async fn delete(app: &App, actor: &Actor<'_>, raw_id: &str) -> Result<()> {
    let before = load(app, raw_id).await?;
    may_manage(actor, &before)?;
    if before.id == actor.id {
        return Err(Error::Forbidden(Msg::new("user.ownDelete")));
    }
    let mut tx = app.pool.begin().await?;
    db::users::soft_delete(&mut *tx, before.id, actor.email).await?;
    audit(&mut *tx, actor.email, "user_deleted", Some(&before), None).await?;
    tx.commit().await?;
    Ok(())
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
