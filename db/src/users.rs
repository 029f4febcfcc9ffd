//! User accounts. Deleted users stay as rows (soft delete) so audit entries keep resolving.

use chrono::{DateTime, Utc};
use model::access::{Role, UserStatus};
use sqlx::{FromRow, PgConnection, PgExecutor};
use uuid::Uuid;

use crate::{DbError, DbResult};

/// A user row.
#[derive(Debug, Clone, FromRow)]
pub struct User {
    pub id: Uuid,
    pub email: String,
    pub username: Option<String>,
    /// The name signature manifests show (issue 35).
    pub full_name: Option<String>,
    pub password_hash: Option<String>,
    pub role: Role,
    pub privileges: Vec<String>,
    pub status: UserStatus,
    pub token_version: i32,
    pub created_at: DateTime<Utc>,
    pub created_by: Option<String>,
    pub updated_at: DateTime<Utc>,
    pub updated_by: Option<String>,
}

/// What a new account starts with.
pub struct NewUser<'a> {
    pub email: &'a str,
    pub username: Option<&'a str>,
    pub password_hash: Option<&'a str>,
    pub role: &'a str,
    pub privileges: &'a [String],
    pub status: UserStatus,
    pub created_by: Option<&'a str>,
}

pub async fn insert(db: impl PgExecutor<'_>, u: NewUser<'_>) -> DbResult<User> {
    sqlx::query_as!(
        User,
        "insert into app_user (id, email, username, password_hash, role, privileges, status, created_by, updated_by) \
         values ($1, $2, $3, $4, $5, $6, $7, $8, $8) returning \
         id, email, username, full_name, password_hash, role as \"role: Role\", privileges, status as \"status: UserStatus\", token_version, \
         created_at, created_by, updated_at, updated_by",
        Uuid::now_v7(),
        u.email.trim(),
        u.username,
        u.password_hash,
        u.role,
        u.privileges,
        u.status.as_str(),
        u.created_by,
    )
    .fetch_one(db)
    .await
    .map_err(DbError::from_sqlx)
}

/// A live (not deleted) user by email, case-insensitively.
pub async fn by_email(db: impl PgExecutor<'_>, email: &str) -> DbResult<Option<User>> {
    Ok(sqlx::query_as!(
        User,
        "select id, email, username, full_name, password_hash, role as \"role: Role\", privileges, status as \"status: UserStatus\", token_version, \
         created_at, created_by, updated_at, updated_by \
         from app_user where lower(email) = lower($1) and deleted_at is null",
        email.trim(),
    )
    .fetch_optional(db)
    .await?)
}

/// A live user by id.
pub async fn by_id(db: impl PgExecutor<'_>, id: Uuid) -> DbResult<Option<User>> {
    Ok(sqlx::query_as!(
        User,
        "select id, email, username, full_name, password_hash, role as \"role: Role\", privileges, status as \"status: UserStatus\", token_version, \
         created_at, created_by, updated_at, updated_by \
         from app_user where id = $1 and deleted_at is null",
        id,
    )
    .fetch_optional(db)
    .await?)
}

/// A live user by id, locked until the transaction ends (what an edit changes).
pub async fn by_id_for_update(db: &mut PgConnection, id: Uuid) -> DbResult<Option<User>> {
    Ok(sqlx::query_as!(
        User,
        "select id, email, username, full_name, password_hash, role as \"role: Role\", privileges, status as \"status: UserStatus\", token_version, \
         created_at, created_by, updated_at, updated_by \
         from app_user where id = $1 and deleted_at is null for update",
        id,
    )
    .fetch_optional(db)
    .await?)
}

/// The live super user, if one exists.
pub async fn super_user(db: impl PgExecutor<'_>) -> DbResult<Option<User>> {
    Ok(sqlx::query_as!(
        User,
        "select id, email, username, full_name, password_hash, role as \"role: Role\", privileges, status as \"status: UserStatus\", token_version, \
         created_at, created_by, updated_at, updated_by \
         from app_user where role = '_SUPER' and deleted_at is null"
    )
    .fetch_optional(db)
    .await?)
}

/// One page of live users whose email or username contains `search`, newest first.
pub async fn list(
    db: &sqlx::PgPool,
    search: &str,
    limit: i64,
    offset: i64,
) -> DbResult<(Vec<User>, i64)> {
    let pattern = format!(
        "%{}%",
        search
            .trim()
            .replace('\\', "\\\\")
            .replace('%', "\\%")
            .replace('_', "\\_")
    );
    // The same filter in both statements (a test lists past one page).
    let users = sqlx::query_as!(
        User,
        "select id, email, username, full_name, password_hash, role as \"role: Role\", privileges, status as \"status: UserStatus\", token_version, \
         created_at, created_by, updated_at, updated_by from app_user \
         where deleted_at is null and (email ilike $1 or coalesce(username, '') ilike $1) \
         order by created_at desc, id desc limit $2 offset $3",
        pattern,
        limit,
        offset,
    )
    .fetch_all(db)
    .await?;
    let total = sqlx::query_scalar!(
        r#"select count(*) as "count!" from app_user
         where deleted_at is null and (email ilike $1 or coalesce(username, '') ilike $1)"#,
        pattern,
    )
    .fetch_one(db)
    .await?;
    Ok((users, total))
}

/// Number of live ADMIN users who have finished signing up.
pub async fn count_active_admins(db: impl PgExecutor<'_>) -> DbResult<i64> {
    Ok(sqlx::query_scalar!(
        r#"select count(*) as "count!" from app_user
         where role = 'ADMIN' and status = 'active' and deleted_at is null"#,
    )
    .fetch_one(db)
    .await?)
}

/// Sets role, privileges and optionally username and full name (`Some("")` clears it).
pub async fn update_access(
    db: impl PgExecutor<'_>,
    id: Uuid,
    role: &str,
    privileges: &[String],
    username: Option<&str>,
    full_name: Option<&str>,
    by: &str,
) -> DbResult<User> {
    sqlx::query_as!(
        User,
        "update app_user set role = $2, privileges = $3, username = coalesce($4, username), \
         full_name = case when $6::text is null then full_name else nullif(trim($6), '') end, \
         updated_at = now(), updated_by = $5 where id = $1 and deleted_at is null returning \
         id, email, username, full_name, password_hash, role as \"role: Role\", privileges, status as \"status: UserStatus\", token_version, \
         created_at, created_by, updated_at, updated_by",
        id,
        role,
        privileges,
        username,
        by,
        full_name,
    )
    .fetch_optional(db)
    .await
    .map_err(DbError::from_sqlx)?
    .ok_or(DbError::NotFound)
}

/// Replaces the password hash, sets the status and (optionally) the username, and raises the
/// token version so every token issued before this moment stops working.
pub async fn set_password(
    db: impl PgExecutor<'_>,
    id: Uuid,
    password_hash: &str,
    status: UserStatus,
    username: Option<&str>,
    by: &str,
) -> DbResult<User> {
    sqlx::query_as!(
        User,
        "update app_user set password_hash = $2, status = $3, username = coalesce($4, username), \
         token_version = token_version + 1, updated_at = now(), updated_by = $5 \
         where id = $1 and deleted_at is null returning \
         id, email, username, full_name, password_hash, role as \"role: Role\", privileges, status as \"status: UserStatus\", token_version, \
         created_at, created_by, updated_at, updated_by",
        id,
        password_hash,
        status.as_str(),
        username,
        by,
    )
    .fetch_optional(db)
    .await
    .map_err(DbError::from_sqlx)?
    .ok_or(DbError::NotFound)
}

/// Changes a user's email (the sign-in name) and raises the token version, since tokens carry
/// the email. A taken email is a [`DbError::Conflict`].
pub async fn set_email(db: impl PgExecutor<'_>, id: Uuid, email: &str, by: &str) -> DbResult<User> {
    sqlx::query_as!(
        User,
        "update app_user set email = $2, token_version = token_version + 1, updated_at = now(), \
         updated_by = $3 where id = $1 and deleted_at is null returning \
         id, email, username, full_name, password_hash, role as \"role: Role\", privileges, status as \"status: UserStatus\", token_version, \
         created_at, created_by, updated_at, updated_by",
        id,
        email,
        by,
    )
    .fetch_optional(db)
    .await
    .map_err(DbError::from_sqlx)?
    .ok_or(DbError::NotFound)
}

/// Soft-deletes a user and revokes all of their tokens.
pub async fn soft_delete(db: impl PgExecutor<'_>, id: Uuid, by: &str) -> DbResult<()> {
    let done = sqlx::query!(
        "update app_user set deleted_at = now(), deleted_by = $2, token_version = token_version + 1, \
         updated_at = now(), updated_by = $2 where id = $1 and deleted_at is null",
        id,
        by,
    )
    .execute(db)
    .await?;
    if done.rows_affected() == 0 {
        Err(DbError::NotFound)
    } else {
        Ok(())
    }
}

/// What a request needs to know about its token's user now.
#[derive(Debug, Clone, FromRow)]
pub struct SessionState {
    pub token_version: i32,
    pub revoked: bool,
    pub status: UserStatus,
    pub role: Role,
    pub privileges: Vec<String>,
}

/// The current state of a token's user, and whether the token's id was revoked. `None` when
/// the user is gone.
pub async fn session_state(
    db: impl PgExecutor<'_>,
    id: Uuid,
    jti: Uuid,
) -> DbResult<Option<SessionState>> {
    Ok(sqlx::query_as!(
        SessionState,
        r#"select u.token_version, exists (select 1 from revoked_jwt r where r.jti = $2) as "revoked!",
         u.status as "status: UserStatus", u.role as "role: Role", u.privileges from app_user u where u.id = $1 and u.deleted_at is null"#,
        id,
        jti,
    )
    .fetch_optional(db)
    .await?)
}

/// Revokes one session token until its own expiry; expired entries are pruned on the way.
pub async fn revoke_jwt(db: &sqlx::PgPool, jti: Uuid, expires_at: DateTime<Utc>) -> DbResult<()> {
    sqlx::query!(
        "insert into revoked_jwt (jti, expires_at) values ($1, $2) on conflict do nothing",
        jti,
        expires_at,
    )
    .execute(db)
    .await?;
    sqlx::query!("delete from revoked_jwt where expires_at < now() - interval '1 hour'")
        .execute(db)
        .await?;
    Ok(())
}
