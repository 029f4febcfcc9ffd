//! A new user: checked before any password is hashed, then written pending an invitation or
//! with a temporary password.

use model::access::UserStatus;
use model::{Role, validation};

use super::{AccessRequest, Actor, audit, fields, grantable};
use crate::{App, Result};

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
