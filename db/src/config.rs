//! The generic store of configuration records. SQL is built with `QueryBuilder` from an entity's
//! descriptor: identifiers come only from the descriptor (static, quoted), every value is bound.
//! Records are read as JSON objects keyed by the descriptor's field names, so the api answers
//! them as they are. Deletes are soft; lists and lookups skip deleted records.
//!
//! Built at run time by design: one store serves the twenty-odd configuration entities from
//! their descriptors (`model::config`), so no statement exists before an entity is named. The
//! api's configuration tests and schemathesis run every entity's list, add, edit and delete
//! against the schema.

use model::config::check::Value;
use model::config::{Entity, Field, Kind, Referrer};
use serde_json::Value as Json;
use sqlx::{PgConnection, PgExecutor, Postgres, QueryBuilder};
use uuid::Uuid;

use crate::{DbError, DbResult};

/// `jsonb_build_object(...)` of a record of `e`: `_id`, `lineId`, every field, the audit fields.
fn record_json(e: &Entity) -> String {
    let mut parts = vec!["'_id', t.id".to_string()];
    if e.scoped {
        parts.push("'lineId', t.line_id".into());
    }
    for f in e.fields {
        parts.push(format!("'{}', t.\"{}\"", f.name, f.column));
    }
    for (key, column) in [
        ("createdAt", "created_at"),
        ("createdBy", "created_by"),
        ("updatedAt", "updated_at"),
        ("updatedBy", "updated_by"),
    ] {
        parts.push(format!("'{key}', t.{column}"));
    }
    format!("jsonb_build_object({})", parts.join(", "))
}

fn select(e: &Entity) -> QueryBuilder<Postgres> {
    QueryBuilder::new(format!(
        "select {} from \"{}\" t where t.deleted_at is null",
        record_json(e),
        e.table
    ))
}

fn bind(qb: &mut QueryBuilder<Postgres>, v: &Value) {
    match v {
        Value::Text(s) => qb.push_bind(s.clone()),
        Value::Int(n) => qb.push_bind(*n),
        Value::Decimal(n) => qb.push_bind(*n),
        Value::Bool(b) => qb.push_bind(*b),
        Value::Id(id) => qb.push_bind(*id),
        Value::Ids(ids) => qb.push_bind(ids.clone()),
        Value::Texts(t) => qb.push_bind(t.clone()),
        Value::Items(j) => qb.push_bind(sqlx::types::Json(j.clone())),
    };
}

/// A list filter: the field and the value it must hold (or contain, for id lists).
pub type Filter = (&'static Field, Value);

/// The records of `e` (of `line` when given), ordered by their title field.
pub async fn list(
    db: impl PgExecutor<'_>,
    e: &Entity,
    line: Option<Uuid>,
    filters: &[Filter],
) -> DbResult<Vec<Json>> {
    list_window(db, e, line, filters, None, 0).await
}

/// [`list`], `limit` records (all when `None`) after the first `offset`.
pub async fn list_window(
    db: impl PgExecutor<'_>,
    e: &Entity,
    line: Option<Uuid>,
    filters: &[Filter],
    limit: Option<i64>,
    offset: i64,
) -> DbResult<Vec<Json>> {
    let mut qb = select(e);
    narrow(&mut qb, e, line, filters);
    let title = e.field(e.title).map_or("id", |f| f.column);
    qb.push(format!(" order by lower(t.\"{title}\"::text), t.id limit "));
    qb.push_bind(limit);
    qb.push(" offset ").push_bind(offset);
    let rows: Vec<(Json,)> = qb.build_query_as().fetch_all(db).await?;
    Ok(rows.into_iter().map(|(j,)| j).collect())
}

/// How many records [`list`] answers.
pub async fn count(
    db: impl PgExecutor<'_>,
    e: &Entity,
    line: Option<Uuid>,
    filters: &[Filter],
) -> DbResult<i64> {
    let mut qb = QueryBuilder::new(format!(
        "select count(*) from \"{}\" t where t.deleted_at is null",
        e.table
    ));
    narrow(&mut qb, e, line, filters);
    Ok(qb.build_query_scalar().fetch_one(db).await?)
}

/// The `and …` of a list: the line (for an entity kept per line) and the filters.
fn narrow(qb: &mut QueryBuilder<Postgres>, e: &Entity, line: Option<Uuid>, filters: &[Filter]) {
    if let Some(line) = line.filter(|_| e.scoped) {
        qb.push(" and t.line_id = ").push_bind(line);
    }
    for (field, value) in filters {
        if matches!(field.kind, Kind::RefList { .. } | Kind::IdList { .. }) {
            if let Value::Ids(ids) = value {
                qb.push(format!(" and t.\"{}\" && ", field.column))
                    .push_bind(ids.clone());
            }
        } else {
            qb.push(format!(" and t.\"{}\" = ", field.column));
            bind(qb, value);
        }
    }
}

/// One record that is not deleted.
pub async fn get(db: impl PgExecutor<'_>, e: &Entity, id: Uuid) -> DbResult<Option<Json>> {
    let mut qb = select(e);
    qb.push(" and t.id = ").push_bind(id);
    let row: Option<(Json,)> = qb.build_query_as().fetch_optional(db).await?;
    Ok(row.map(|(j,)| j))
}

/// One record that is not deleted, locked until the transaction ends (an edit reads what it
/// changes this way, so a concurrent edit waits for it and then sees its `updatedAt`).
pub async fn get_for_update(db: &mut PgConnection, e: &Entity, id: Uuid) -> DbResult<Option<Json>> {
    let mut qb = select(e);
    qb.push(" and t.id = ")
        .push_bind(id)
        .push(" for update of t");
    let row: Option<(Json,)> = qb.build_query_as().fetch_optional(db).await?;
    Ok(row.map(|(j,)| j))
}

/// `at` as plant time for a person, `2026-11-27 03:12 Europe/Amsterdam`: in the zone of `line`,
/// or without one in the live lines' common zone, else UTC (decision 89).
pub async fn plant_time(
    db: impl PgExecutor<'_>,
    line: Option<Uuid>,
    at: chrono::DateTime<chrono::Utc>,
) -> DbResult<String> {
    Ok(sqlx::query_scalar(
        "with z as (select coalesce(
             (select timezone from line where id = $1),
             (select min(timezone) from line where deleted_at is null
              having count(distinct timezone) = 1),
             'UTC') as zone)
         select to_char($2 at time zone zone, 'YYYY-MM-DD HH24:MI') || ' ' || zone from z",
    )
    .bind(line)
    .bind(at)
    .fetch_one(db)
    .await?)
}

/// Inserts a checked record; a unique index refusing it is [`DbError::Conflict`].
pub async fn insert(
    db: &mut PgConnection,
    e: &Entity,
    line: Option<Uuid>,
    values: &[(&'static Field, Value)],
    actor: &str,
) -> DbResult<Json> {
    let mut qb = QueryBuilder::new(format!("insert into \"{}\" as t (id", e.table));
    if e.scoped {
        qb.push(", line_id");
    }
    for (f, _) in values {
        qb.push(format!(", \"{}\"", f.column));
    }
    qb.push(", created_by, updated_by) values (")
        .push_bind(Uuid::now_v7());
    if e.scoped {
        qb.push(", ").push_bind(line);
    }
    for (_, v) in values {
        qb.push(", ");
        bind(&mut qb, v);
    }
    qb.push(", ").push_bind(actor.to_string());
    qb.push(", ").push_bind(actor.to_string());
    qb.push(format!(") returning {}", record_json(e)));
    let (j,): (Json,) = qb
        .build_query_as()
        .fetch_one(db)
        .await
        .map_err(DbError::from_sqlx)?;
    Ok(j)
}

/// Replaces the fields of a record that is not deleted; `None` when there is none.
pub async fn update(
    db: &mut PgConnection,
    e: &Entity,
    id: Uuid,
    values: &[(&'static Field, Value)],
    actor: &str,
) -> DbResult<Option<Json>> {
    let mut qb = QueryBuilder::new(format!(
        "update \"{}\" t set updated_at = now(), updated_by = ",
        e.table
    ));
    qb.push_bind(actor.to_string());
    for (f, v) in values {
        qb.push(format!(", \"{}\" = ", f.column));
        bind(&mut qb, v);
    }
    qb.push(" where t.id = ").push_bind(id);
    qb.push(format!(
        " and t.deleted_at is null returning {}",
        record_json(e)
    ));
    let row: Option<(Json,)> = qb
        .build_query_as()
        .fetch_optional(db)
        .await
        .map_err(DbError::from_sqlx)?;
    Ok(row.map(|(j,)| j))
}

/// Marks a record deleted; returns it as it was, or `None` when there is none.
pub async fn soft_delete(
    db: &mut PgConnection,
    e: &Entity,
    id: Uuid,
    actor: &str,
) -> DbResult<Option<Json>> {
    let mut qb = QueryBuilder::new(format!(
        "update \"{}\" t set deleted_at = now(), deleted_by = ",
        e.table
    ));
    qb.push_bind(actor.to_string());
    qb.push(" where t.id = ").push_bind(id);
    qb.push(format!(
        " and t.deleted_at is null returning {}",
        record_json(e)
    ));
    let row: Option<(Json,)> = qb.build_query_as().fetch_optional(db).await?;
    Ok(row.map(|(j,)| j))
}

/// The line of each of `ids` that exists (not deleted) in `e`; unknown ids are left out.
pub async fn lines_of(
    db: impl PgExecutor<'_>,
    e: &Entity,
    ids: &[Uuid],
) -> DbResult<Vec<(Uuid, Option<Uuid>)>> {
    let line = if e.scoped { "t.line_id" } else { "null::uuid" };
    let mut qb = QueryBuilder::new(format!(
        "select t.id, {line} from \"{}\" t where t.deleted_at is null and t.id = any(",
        e.table
    ));
    qb.push_bind(ids.to_vec()).push(")");
    Ok(qb.build_query_as().fetch_all(db).await?)
}

/// The title (code or name) of a record that still refers to `id` through `r`, if any.
pub async fn referred_by(
    db: impl PgExecutor<'_>,
    r: &Referrer,
    id: Uuid,
) -> DbResult<Option<String>> {
    let title = r.entity.field(r.entity.title).map_or("id", |f| f.column);
    let mut qb = QueryBuilder::new(format!(
        "select t.\"{title}\"::text from \"{}\" t where t.deleted_at is null and ",
        r.entity.table
    ));
    let column = r.field.column;
    match (r.item_field, r.field.kind) {
        (Some(inner), _) => {
            qb.push(format!("t.\"{column}\" @> "))
                .push_bind(sqlx::types::Json(
                    serde_json::json!([{ inner: id.to_string() }]),
                ));
        }
        (None, Kind::RefList { .. } | Kind::IdList { .. }) => {
            qb.push_bind(id).push(format!(" = any(t.\"{column}\")"));
        }
        _ => {
            qb.push(format!("t.\"{column}\" = ")).push_bind(id);
        }
    }
    qb.push(" limit 1");
    let row: Option<(String,)> = qb.build_query_as().fetch_optional(db).await?;
    Ok(row.map(|(t,)| t))
}

/// The title of a record of the scoped entity `e` that still belongs to line `line`, if any.
pub async fn on_line(db: impl PgExecutor<'_>, e: &Entity, line: Uuid) -> DbResult<Option<String>> {
    let title = e.field(e.title).map_or("id", |f| f.column);
    let mut qb = QueryBuilder::new(format!(
        "select t.\"{title}\"::text from \"{}\" t where t.deleted_at is null and t.line_id = ",
        e.table
    ));
    qb.push_bind(line).push(" limit 1");
    let row: Option<(String,)> = qb.build_query_as().fetch_optional(db).await?;
    Ok(row.map(|(t,)| t))
}

/// The id and code of the live lines, ordered by code: what the simulator runs.
pub async fn line_codes(db: impl PgExecutor<'_>) -> DbResult<Vec<(String, String)>> {
    Ok(sqlx::query_as(
        "select id::text, code from line where deleted_at is null order by lower(code), id",
    )
    .fetch_all(db)
    .await?)
}

/// The configured bins of every line: `(line id, bin code, capacity, last level)`, the level
/// being the last one the bin reported before `before` (ever, when `None`) — where a simulated
/// line's bins start from.
pub async fn line_bins(
    db: impl PgExecutor<'_>,
    before: Option<chrono::DateTime<chrono::Utc>>,
) -> DbResult<Vec<(String, String, f64, Option<f64>)>> {
    Ok(sqlx::query_as(
        "select b.line_id::text, b.code, b.capacity_kg,
                (select m.level_kg from bin_movement m
                 where m.line_id = b.line_id::text and m.bin_id = b.code
                   and ($1::timestamptz is null or m.time < $1)
                 order by m.time desc, m.id desc limit 1)
         from bin b where b.deleted_at is null order by 1, lower(b.code)",
    )
    .bind(before)
    .fetch_all(db)
    .await?)
}

/// True when the database knows the IANA time zone `name`.
pub async fn time_zone_exists(db: impl PgExecutor<'_>, name: &str) -> DbResult<bool> {
    let (exists,): (bool,) =
        sqlx::query_as("select exists (select 1 from pg_timezone_names where name = $1)")
            .bind(name)
            .fetch_one(db)
            .await?;
    Ok(exists)
}

/// True when another live record (of the line, for scoped entities) already holds `value` in
/// `field`, compared without case. The unique index is the backstop; this names the field.
pub async fn taken(
    db: impl PgExecutor<'_>,
    e: &Entity,
    field: &Field,
    line: Option<Uuid>,
    value: &str,
    except: Option<Uuid>,
) -> DbResult<bool> {
    let mut qb = QueryBuilder::new(format!(
        "select exists (select 1 from \"{}\" t where t.deleted_at is null and lower(t.\"{}\") = lower(",
        e.table, field.column
    ));
    qb.push_bind(value.to_string()).push(")");
    if e.scoped {
        qb.push(" and t.line_id = ").push_bind(line);
    }
    if let Some(id) = except {
        qb.push(" and t.id <> ").push_bind(id);
    }
    qb.push(")");
    let (exists,): (bool,) = qb.build_query_as().fetch_one(db).await?;
    Ok(exists)
}
