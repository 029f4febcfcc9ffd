//! The append-only audit log: who did what, when, with the record before and after.

use chrono::{DateTime, Utc};
use serde_json::Value;
use sqlx::PgExecutor;
use uuid::Uuid;

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

/// What the audit trail is read by (issue 35): every given filter must match.
#[derive(Debug, Default, Clone)]
pub struct Filter {
    pub from: Option<DateTime<Utc>>,
    /// Excluded.
    pub to: Option<DateTime<Utc>>,
    /// The actor's email, any case.
    pub actor: Option<String>,
    pub entity: Option<String>,
    pub entity_id: Option<String>,
    pub action: Option<String>,
    pub line: Option<Uuid>,
}

/// One entry as read, with the code and name of its line.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct Row {
    pub id: i64,
    pub at: DateTime<Utc>,
    pub actor: Option<String>,
    pub action: String,
    pub entity: String,
    pub entity_id: Option<String>,
    pub line_id: Option<Uuid>,
    pub line_code: Option<String>,
    pub line_name: Option<String>,
    pub before: Option<Value>,
    pub after: Option<Value>,
    pub detail: Option<Value>,
}

/// The entries `f` matches, newest first, `limit` from the `offset`th. Each filter has an index
/// in this order (`at desc, id desc` after its key), so a page reads its own rows.
pub async fn list(
    db: impl PgExecutor<'_>,
    f: &Filter,
    limit: i64,
    offset: i64,
) -> DbResult<Vec<Row>> {
    Ok(sqlx::query_as!(
        Row,
        r#"select a.id, a.at, a.actor, a.action, a.entity, a.entity_id, a.line_id,
                  l.code as "line_code?", l.name as "line_name?", a.before, a.after, a.detail
           from audit_log a left join line l on l.id = a.line_id
           where ($1::timestamptz is null or a.at >= $1) and ($2::timestamptz is null or a.at < $2)
             and ($3::text is null or lower(a.actor) = lower($3))
             and ($4::text is null or a.entity = $4) and ($5::text is null or a.entity_id = $5)
             and ($6::text is null or a.action = $6) and ($7::uuid is null or a.line_id = $7)
           order by a.at desc, a.id desc
           limit $8 offset $9"#,
        f.from,
        f.to,
        f.actor,
        f.entity,
        f.entity_id,
        f.action,
        f.line,
        limit,
        offset
    )
    .fetch_all(db)
    .await?)
}

/// How many entries `f` matches.
pub async fn count(db: impl PgExecutor<'_>, f: &Filter) -> DbResult<i64> {
    Ok(sqlx::query_scalar!(
        r#"select count(*) as "n!" from audit_log a
           where ($1::timestamptz is null or a.at >= $1) and ($2::timestamptz is null or a.at < $2)
             and ($3::text is null or lower(a.actor) = lower($3))
             and ($4::text is null or a.entity = $4) and ($5::text is null or a.entity_id = $5)
             and ($6::text is null or a.action = $6) and ($7::uuid is null or a.line_id = $7)"#,
        f.from,
        f.to,
        f.actor,
        f.entity,
        f.entity_id,
        f.action,
        f.line,
    )
    .fetch_one(db)
    .await?)
}

/// Entry `id`.
pub async fn get(db: impl PgExecutor<'_>, id: i64) -> DbResult<Option<Row>> {
    Ok(sqlx::query_as!(
        Row,
        r#"select a.id, a.at, a.actor, a.action, a.entity, a.entity_id, a.line_id,
                  l.code as "line_code?", l.name as "line_name?", a.before, a.after, a.detail
           from audit_log a left join line l on l.id = a.line_id
           where a.id = $1"#,
        id
    )
    .fetch_optional(db)
    .await?)
}

/// The values the trail's filters can take: every actor (lower case), entity and action that
/// occurs, each list read by skipping through its index (a few probes per value, not a scan).
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Facets {
    pub actors: Vec<String>,
    pub entities: Vec<String>,
    pub actions: Vec<String>,
}

pub async fn facets(db: impl PgExecutor<'_> + Copy) -> DbResult<Facets> {
    let actors = sqlx::query_scalar!(
        r#"with recursive v(x) as (
               select min(lower(actor)) from audit_log
               union all
               select (select min(lower(actor)) from audit_log where lower(actor) > v.x) from v where v.x is not null)
           select x as "x!" from v where x is not null"#
    )
    .fetch_all(db)
    .await?;
    let entities = sqlx::query_scalar!(
        r#"with recursive v(x) as (
               select min(entity) from audit_log
               union all
               select (select min(entity) from audit_log where entity > v.x) from v where v.x is not null)
           select x as "x!" from v where x is not null"#
    )
    .fetch_all(db)
    .await?;
    let actions = sqlx::query_scalar!(
        r#"with recursive v(x) as (
               select min(action) from audit_log
               union all
               select (select min(action) from audit_log where action > v.x) from v where v.x is not null)
           select x as "x!" from v where x is not null"#
    )
    .fetch_all(db)
    .await?;
    Ok(Facets {
        actors,
        entities,
        actions,
    })
}

/// The audit entries a plant's history would have left over `[from, to)` on line `line` (code
/// `code`, time zone `zone`), for `batchline backfill` (issue 35: the trail's speed is measured
/// over a year of them): each shift's operator signing in, every alarm of the line
/// acknowledged by the operator on shift, each order of the batches created three hours and
/// released one hour before its first batch and completed after its last, a recipe changed every
/// Monday. Each is marked `"source": "history"` in its detail; a line that has any in the range
/// gets none again. Returns how many were written.
pub async fn history(
    db: impl PgExecutor<'_>,
    line: Uuid,
    code: &str,
    zone: &str,
    from: DateTime<Utc>,
    to: DateTime<Utc>,
) -> DbResult<u64> {
    let done = sqlx::query!(
        r#"with already as (
               select 1 from audit_log where line_id = $1 and at >= $4 and at < $5
                 and detail->>'source' = 'history' limit 1),
           who(s, actor) as (select s, 'operator' || (s + 1) || '.' || lower($2) || '@plant.example'
                             from generate_series(0, 2) s),
           h(at, actor, action, entity, entity_id, before, after, detail) as (
               -- each shift's operator signs in five minutes before it starts (06, 14, 22 h)
               select ((d::date + make_interval(hours => 6 + 8 * w.s)) at time zone $3) - interval '5 minutes',
                      w.actor, 'login', 'session', null::text, null::jsonb, null::jsonb,
                      jsonb_build_object('source', 'history')
               from generate_series(($4 at time zone $3)::date, ($5 at time zone $3)::date, interval '1 day') d
               cross join who w
               union all
               -- every alarm acknowledged by the operator on shift, a minute or a few after it rose
               select a.t, w.actor, 'alarmAcknowledged', 'alarm', o.id::text, null::jsonb,
                      jsonb_build_object('occurrences', 1),
                      jsonb_build_object('lineId', $1::text, 'code', o.code, 'source', 'history')
               from alarm_occurrence o
               cross join lateral (select coalesce(o.acked_at,
                   o.raised_at + make_interval(secs => 40 + (hashtext(o.id::text) & 255))) as t) a
               join who w on w.s = floor(((extract(hour from a.t at time zone $3)::int + 18) % 24) / 8)
               where o.line_id = $1::text and o.raised_at >= $4 and o.raised_at < $5
               union all
               -- each order: created three hours and released an hour before its first batch,
               -- completed after its last
               select x.at, x.actor, x.action, 'productionSchedule', b.id, null::jsonb, x.after, x.detail
               from (select production_schedule_id as id, min(schedule_name) as name, count(*) as batches,
                            min(started_at) as first, max(ended_at) as last, min(recipe_code) as recipe
                     from production_batch
                     where line_id = $1::text and started_at >= $4 and started_at < $5
                       and production_schedule_id is not null
                     group by production_schedule_id) b
               cross join lateral (values
                   (b.first - interval '3 hours', 'planner.' || lower($2) || '@plant.example',
                    'created', jsonb_build_object('orderNumber', b.name, 'name', b.recipe, 'batches', b.batches,
                                                  'status', 'PLANNED', 'lineId', $1::text),
                    jsonb_build_object('source', 'history')),
                   (b.first - interval '1 hour', 'planner.' || lower($2) || '@plant.example', 'status', null::jsonb,
                    jsonb_build_object('from', 'PLANNED', 'to', 'RELEASED', 'source', 'history')),
                   (coalesce(b.last, b.first) + interval '2 minutes', null, 'status', null::jsonb,
                    jsonb_build_object('from', 'RUNNING', 'to', 'COMPLETED', 'source', 'history'))
               ) x(at, actor, action, after, detail)
               union all
               -- a recipe changed every Monday at 09:00: its mixing time, a few seconds either way
               select ((d::date + time '09:00') at time zone $3), 'engineer.' || lower($2) || '@plant.example',
                      'updated', 'recipe', r.recipe_id,
                      jsonb_build_object('code', r.recipe_code, 'name', r.recipe_name, 'mixingTimeS', 180),
                      jsonb_build_object('code', r.recipe_code, 'name', r.recipe_name,
                                         'mixingTimeS', 180 + (extract(week from d)::int % 3) * 5),
                      jsonb_build_object('lineId', $1::text, 'source', 'history')
               from generate_series(($4 at time zone $3)::date, ($5 at time zone $3)::date, interval '1 day') d
               cross join lateral (select recipe_id, recipe_code, recipe_name from production_batch
                                   where line_id = $1::text and started_at >= d and started_at < d + interval '7 days'
                                   limit 1) r
               where extract(isodow from d) = 1)
           insert into audit_log (at, actor, action, entity, entity_id, before, after, detail, line_id)
           select at, actor, action, entity, entity_id, before, after, detail, $1 from h
           where at >= $4 and at < $5 and not exists (select 1 from already)
           order by at"#,
        line,
        code,
        zone,
        from,
        to,
    )
    .execute(db)
    .await?;
    Ok(done.rows_affected())
}
