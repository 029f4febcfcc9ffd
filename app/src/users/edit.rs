//! Changing a user: username, full name, role and privileges; a temporary password; deleting.

use model::access::UserStatus;
use model::{Msg, Role, validation};
use serde::Deserialize;
use utoipa::ToSchema;

use super::{AccessRequest, Actor, audit, fields, grantable, load, may_manage};
use crate::stale::{Saved, refuse_stale};
use crate::{App, Error, Result};

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
