//! The append-only audit log: who did what, when, with the record before and after.

use serde_json::Value;
use sqlx::PgExecutor;

use crate::DbResult;

/// One audit entry.
pub struct Entry<'a> {
    pub actor: Option<&'a str>,
    pub action: &'a str,
    pub entity: &'a str,
    pub entity_id: Option<String>,
    pub before: Option<Value>,
    pub after: Option<Value>,
    pub detail: Option<Value>,
}

pub async fn write(db: impl PgExecutor<'_>, e: Entry<'_>) -> DbResult<()> {
    sqlx::query!(
        "insert into audit_log (actor, action, entity, entity_id, before, after, detail) values ($1, $2, $3, $4, $5, $6, $7)",
        e.actor,
        e.action,
        e.entity,
        e.entity_id,
        e.before,
        e.after,
        e.detail,
    )
    .execute(db)
    .await?;
    Ok(())
}
