//! Electronic signatures (issue 35, item 2): the manifests kept with the records they sign, the
//! meanings a plant configured, the lines' two-person rule.

use chrono::{DateTime, Utc};
use sqlx::PgExecutor;
use uuid::Uuid;

use crate::DbResult;

/// A signature to keep.
pub struct New<'a> {
    pub entity: &'a str,
    pub entity_id: Uuid,
    pub line: Uuid,
    pub purpose: &'a str,
    pub level: Option<i32>,
    pub signer: &'a str,
    pub signer_name: &'a str,
    pub meaning: &'a str,
    pub meaning_name: &'a str,
    pub two_person: bool,
}

/// A kept signature.
#[derive(Debug, Clone)]
pub struct Row {
    pub id: Uuid,
    pub entity_id: Uuid,
    pub purpose: String,
    pub level: Option<i32>,
    pub signer: String,
    pub signer_name: String,
    pub meaning: String,
    pub meaning_name: String,
    pub signed_at: DateTime<Utc>,
    pub zone: String,
    pub signed_local: String,
    pub two_person: bool,
}

/// Keeps `s`, signed now, with the time in its line's zone (UTC for a line without one).
pub async fn insert(db: impl PgExecutor<'_>, s: &New<'_>) -> DbResult<Row> {
    Ok(sqlx::query_as!(
        Row,
        r#"with z as (select coalesce((select timezone from line where id = $3), 'UTC') as zone, now() as at)
           insert into e_signature (id, entity, entity_id, line_id, purpose, level, signer, signer_name,
                                    meaning, meaning_name, signed_at, zone, signed_local, two_person)
           select $1, $2, $4, $3, $5, $6, $7, $8, $9, $10, z.at, z.zone,
                  to_char(z.at at time zone z.zone, 'YYYY-MM-DD HH24:MI:SS'), $11
           from z
           returning id, entity_id, purpose, level, signer, signer_name, meaning, meaning_name,
                     signed_at, zone, signed_local, two_person"#,
        Uuid::now_v7(),
        s.entity,
        s.line,
        s.entity_id,
        s.purpose,
        s.level,
        s.signer,
        s.signer_name,
        s.meaning,
        s.meaning_name,
        s.two_person,
    )
    .fetch_one(db)
    .await?)
}

/// The signatures of the records `ids` of `entity`, oldest first.
pub async fn of(db: impl PgExecutor<'_>, entity: &str, ids: &[Uuid]) -> DbResult<Vec<Row>> {
    Ok(sqlx::query_as!(
        Row,
        r#"select id, entity_id, purpose, level, signer, signer_name, meaning, meaning_name,
                  signed_at, zone, signed_local, two_person
           from e_signature where entity = $1 and entity_id = any($2)
           order by signed_at, id"#,
        entity,
        ids
    )
    .fetch_all(db)
    .await?)
}

/// The name of the live meaning `code` the plant configured (any case).
pub async fn configured_meaning(
    db: impl PgExecutor<'_>,
    code: &str,
) -> DbResult<Option<(String, String)>> {
    Ok(sqlx::query_as!(
        MeaningRow,
        r#"select code, name from signature_meaning where lower(code) = lower($1) and deleted_at is null"#,
        code
    )
    .fetch_optional(db)
    .await?
    .map(|m| (m.code, m.name)))
}

struct MeaningRow {
    code: String,
    name: String,
}

/// Whether line `line`'s two-person rule is on.
pub async fn two_person_rule(db: impl PgExecutor<'_>, line: Uuid) -> DbResult<bool> {
    Ok(sqlx::query_scalar!(
        r#"select two_person_rule as "on!" from line where id = $1"#,
        line
    )
    .fetch_optional(db)
    .await?
    .unwrap_or(false))
}

/// The name a manifest shows for the user `email`: their full name, else the email.
pub async fn signer_name(db: impl PgExecutor<'_>, email: &str) -> DbResult<String> {
    Ok(sqlx::query_scalar!(
        r#"select coalesce(nullif(trim(full_name), ''), email) as "name!" from app_user
           where lower(email) = lower($1) and deleted_at is null"#,
        email
    )
    .fetch_optional(db)
    .await?
    .unwrap_or_else(|| email.to_string()))
}
