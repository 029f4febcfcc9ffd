//! Connections to the plant's controllers (issue 32) and the server certificates trusted for
//! them. Deleting a connection removes its row: nothing refers to it, and the audit keeps what
//! it was.

use chrono::{DateTime, Utc};
use model::choice::Choice;
use model::connect::{Checked, Connection, Protocol, SecurityMode, SecurityPolicy, Settings, Tag};
use sqlx::PgExecutor;
use sqlx::types::Json;
use uuid::Uuid;

use crate::{DbError, DbResult};

struct Row {
    id: Uuid,
    line_id: Uuid,
    name: String,
    protocol: String,
    endpoint: String,
    security_policy: String,
    security_mode: String,
    username: Option<String>,
    password: Option<String>,
    enabled: bool,
    sampling_ms: i32,
    interface_node: Option<String>,
    tags: Json<Vec<Tag>>,
    created_at: DateTime<Utc>,
    updated_at: DateTime<Utc>,
}

impl Row {
    fn settings(self) -> DbResult<Settings> {
        fn parse<T: Choice>(s: &str) -> DbResult<T> {
            T::parse(s).ok_or_else(|| {
                DbError::Sqlx(sqlx::Error::Decode(
                    format!("unexpected connection value {s:?}").into(),
                ))
            })
        }
        Ok(Settings {
            connection: Connection {
                id: self.id,
                line_id: self.line_id,
                name: self.name,
                protocol: parse::<Protocol>(&self.protocol)?,
                endpoint: self.endpoint,
                security_policy: parse::<SecurityPolicy>(&self.security_policy)?,
                security_mode: parse::<SecurityMode>(&self.security_mode)?,
                username: self.username,
                has_password: self.password.is_some(),
                enabled: self.enabled,
                sampling_ms: self.sampling_ms.into(),
                interface_node: self.interface_node,
                tags: self.tags.0,
                created_at: self.created_at,
                updated_at: self.updated_at,
            },
            password: self.password,
        })
    }
}

/// Every connection, or a line's, by line and name.
pub async fn list(db: impl PgExecutor<'_>, line: Option<Uuid>) -> DbResult<Vec<Settings>> {
    let rows = sqlx::query_as!(
        Row,
        r#"select id, line_id, name, protocol, endpoint, security_policy, security_mode, username,
                  password, enabled, sampling_ms, interface_node, tags as "tags: Json<Vec<Tag>>", created_at, updated_at
             from connection
            where $1::uuid is null or line_id = $1
            order by line_id, lower(name), id"#,
        line,
    )
    .fetch_all(db)
    .await?;
    rows.into_iter().map(Row::settings).collect()
}

pub async fn get(db: impl PgExecutor<'_>, id: Uuid) -> DbResult<Option<Settings>> {
    let row = sqlx::query_as!(
        Row,
        r#"select id, line_id, name, protocol, endpoint, security_policy, security_mode, username,
                  password, enabled, sampling_ms, interface_node, tags as "tags: Json<Vec<Tag>>", created_at, updated_at
             from connection where id = $1"#,
        id,
    )
    .fetch_optional(db)
    .await?;
    row.map(Row::settings).transpose()
}

/// Stores a new connection (`c.password` `Some("")` is none).
pub async fn insert(db: impl PgExecutor<'_>, c: &Checked, by: &str) -> DbResult<Settings> {
    let password = c.password.as_deref().filter(|p| !p.is_empty());
    let row = sqlx::query_as!(
        Row,
        r#"insert into connection (id, line_id, name, protocol, endpoint, security_policy,
                  security_mode, username, password, enabled, sampling_ms, tags, created_by, updated_by,
                  interface_node)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $13, $14)
           returning id, line_id, name, protocol, endpoint, security_policy, security_mode, username,
                  password, enabled, sampling_ms, interface_node, tags as "tags: Json<Vec<Tag>>", created_at, updated_at"#,
        Uuid::now_v7(),
        c.line_id,
        c.name,
        c.protocol.as_str(),
        c.endpoint,
        c.security_policy.as_str(),
        c.security_mode.as_str(),
        c.username,
        password,
        c.enabled,
        c.sampling_ms as i32,
        Json(&c.tags) as _,
        by,
        c.interface_node,
    )
    .fetch_one(db)
    .await
    .map_err(DbError::from_sqlx)?;
    row.settings()
}

/// Changes a connection; a password of `None` keeps the stored one, `Some("")` removes it.
pub async fn update(
    db: impl PgExecutor<'_>,
    id: Uuid,
    c: &Checked,
    by: &str,
) -> DbResult<Option<Settings>> {
    let row = sqlx::query_as!(
        Row,
        r#"update connection
              set line_id = $2, name = $3, protocol = $4, endpoint = $5, security_policy = $6,
                  security_mode = $7, username = $8,
                  password = case when $9::text is null then password else nullif($9, '') end,
                  enabled = $10, sampling_ms = $11, tags = $12, updated_by = $13, updated_at = now(),
                  interface_node = $14
            where id = $1
           returning id, line_id, name, protocol, endpoint, security_policy, security_mode, username,
                  password, enabled, sampling_ms, interface_node, tags as "tags: Json<Vec<Tag>>", created_at, updated_at"#,
        id,
        c.line_id,
        c.name,
        c.protocol.as_str(),
        c.endpoint,
        c.security_policy.as_str(),
        c.security_mode.as_str(),
        c.username,
        c.password,
        c.enabled,
        c.sampling_ms as i32,
        Json(&c.tags) as _,
        by,
        c.interface_node,
    )
    .fetch_optional(db)
    .await
    .map_err(DbError::from_sqlx)?;
    row.map(Row::settings).transpose()
}

/// Removes a connection; `false` when there was none.
pub async fn delete(db: impl PgExecutor<'_>, id: Uuid) -> DbResult<bool> {
    let n = sqlx::query!("delete from connection where id = $1", id)
        .execute(db)
        .await?
        .rows_affected();
    Ok(n > 0)
}

/// A trusted server certificate.
#[derive(Debug, Clone, PartialEq)]
pub struct Trusted {
    pub thumbprint: String,
    pub certificate: Vec<u8>,
    pub subject: String,
    pub trusted_at: DateTime<Utc>,
    pub trusted_by: Option<String>,
}

/// Every trusted server certificate.
pub async fn trusted(db: impl PgExecutor<'_>) -> DbResult<Vec<Trusted>> {
    Ok(sqlx::query_as!(
        Trusted,
        "select thumbprint, certificate, subject, trusted_at, trusted_by from connection_trust \
         order by trusted_at, thumbprint"
    )
    .fetch_all(db)
    .await?)
}

/// Trusts a server certificate (again: the time and who are renewed).
pub async fn trust(
    db: impl PgExecutor<'_>,
    thumbprint: &str,
    certificate: &[u8],
    subject: &str,
    by: &str,
) -> DbResult<()> {
    sqlx::query!(
        "insert into connection_trust (thumbprint, certificate, subject, trusted_by) \
         values ($1, $2, $3, $4) on conflict (thumbprint) do update \
         set certificate = excluded.certificate, subject = excluded.subject, \
             trusted_at = now(), trusted_by = excluded.trusted_by",
        thumbprint,
        certificate,
        subject,
        by,
    )
    .execute(db)
    .await?;
    Ok(())
}

/// Withdraws trust from a server certificate; `false` when it was not trusted.
pub async fn distrust(db: impl PgExecutor<'_>, thumbprint: &str) -> DbResult<bool> {
    let n = sqlx::query!(
        "delete from connection_trust where thumbprint = $1",
        thumbprint
    )
    .execute(db)
    .await?
    .rows_affected();
    Ok(n > 0)
}
