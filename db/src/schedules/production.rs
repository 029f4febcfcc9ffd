//! What the plant made for the orders: an order's batches, the progress ingest keeps from them,
//! and the recipes produced or planned in a range (report filters).

use chrono::{DateTime, Utc};
use sqlx::{FromRow, PgConnection, PgExecutor};
use uuid::Uuid;

use crate::DbResult;

/// A batch an order produced.
#[derive(Debug, Clone, FromRow)]
pub struct Batch {
    pub batch_id: String,
    pub status: String,
    pub recipe_id: String,
    pub recipe_version: i32,
    pub started_at: Option<DateTime<Utc>>,
    pub ended_at: Option<DateTime<Utc>>,
    pub target_kg: f64,
    pub actual_kg: Option<f64>,
}

pub async fn batches(db: impl PgExecutor<'_>, id: Uuid) -> DbResult<Vec<Batch>> {
    Ok(sqlx::query_as(
        "select batch_id, status, recipe_id, recipe_version, started_at, ended_at, target_kg, actual_kg
         from production_batch where production_schedule_id = $1 order by started_at nulls last, batch_id",
    )
    .bind(id.to_string())
    .fetch_all(db)
    .await?)
}

/// Keeps the progress of the orders `ids` (as batch events name them) from their batches:
/// batches completed and aborted, kilograms produced, the first start; RELEASED becomes
/// RUNNING when a batch has started, and an order on the board becomes COMPLETED when its last
/// batch completed. Idempotent (counted, not added up), so a redelivered event changes nothing.
/// Every status change is audited as the plant's. Returns the orders whose status changed.
pub async fn refresh_progress(db: &mut PgConnection, ids: &[String]) -> DbResult<Vec<Uuid>> {
    let ids: Vec<Uuid> = ids.iter().filter_map(|i| Uuid::parse_str(i).ok()).collect();
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let changed: Vec<(Uuid, String, String)> = sqlx::query_as(
        "with old as (
            select id, status from production_schedule where id = any($1) and deleted_at is null for update),
         p as (
            select b.production_schedule_id::uuid as id,
                   count(*) filter (where b.status = 'COMPLETE')::int as done,
                   count(*) filter (where b.status = 'ABORTED')::int as aborted,
                   count(*) filter (where b.status = 'RUNNING')::int as running,
                   coalesce(sum(b.actual_kg), 0) as kg, min(b.started_at) as first_start, max(b.ended_at) as last_end
            from production_batch b where b.production_schedule_id = any($2) group by 1),
         upd as (
            update production_schedule s set
                batches_done = p.done, batches_aborted = p.aborted, produced_kg = p.kg,
                started_at = coalesce(s.started_at, p.first_start),
                status = case
                    when s.status in ('RELEASED', 'RUNNING', 'ON_HOLD') and p.done >= s.batches then 'COMPLETED'
                    when s.status = 'RELEASED' and p.running > 0 then 'RUNNING'
                    else s.status end,
                finished_at = case
                    when s.status in ('RELEASED', 'RUNNING', 'ON_HOLD') and p.done >= s.batches then coalesce(p.last_end, now())
                    else s.finished_at end,
                updated_at = now()
            from p join old on old.id = p.id
            where s.id = p.id
            returning s.id, old.status as before, s.status as after),
         audited as (
            insert into audit_log (actor, action, entity, entity_id, detail)
            select 'plant', 'status', 'productionSchedule', id::text, jsonb_build_object('from', before, 'to', after)
            from upd where before <> after
            returning 1)
         select id, before, after from upd where before <> after",
    )
    .bind(&ids)
    .bind(ids.iter().map(Uuid::to_string).collect::<Vec<_>>())
    .fetch_all(db)
    .await?;
    Ok(changed.into_iter().map(|(id, _, _)| id).collect())
}

/// A recipe produced or planned on a line in a range.
#[derive(Debug, Clone, FromRow)]
pub struct RecipeSeen {
    pub recipe_id: String,
    pub recipe_group_id: Option<Uuid>,
    pub line_id: String,
    pub code: Option<String>,
    pub name: Option<String>,
    pub version: Option<i32>,
    pub produced: bool,
    pub planned: bool,
}

/// The recipe versions batches were made of (started in the range) or orders are planned with
/// (planned start in the range), of one line or all.
pub async fn recipes_seen(
    db: impl PgExecutor<'_>,
    line: Option<Uuid>,
    from: Option<DateTime<Utc>>,
    to: Option<DateTime<Utc>>,
) -> DbResult<Vec<RecipeSeen>> {
    Ok(sqlx::query_as(
        "with made as (
            select b.recipe_id, b.line_id, (array_agg(b.recipe_code order by b.started_at desc))[1] as code,
                   (array_agg(b.recipe_name order by b.started_at desc))[1] as name, max(b.recipe_version) as version
            from production_batch b
            where ($1::uuid is null or b.line_id = $1::text)
              and ($2::timestamptz is null or b.started_at >= $2) and ($3::timestamptz is null or b.started_at < $3)
            group by 1, 2),
         planned as (
            select coalesce(s.recipe_id, prod.recipe_id)::text as recipe_id, s.line_id::text as line_id
            from production_schedule s
            left join lateral (
                select rr.recipe_id from recipe_release rr
                where rr.recipe_group_id = s.recipe_group_id and rr.ended_at is null
                  and rr.level = (select max(level) from release_level) limit 1) prod on true
            where s.deleted_at is null and s.kind = 'PRODUCTION' and s.status <> 'CANCELLED'
              and ($1::uuid is null or s.line_id = $1)
              and ($2::timestamptz is null or s.planned_start >= $2) and ($3::timestamptz is null or s.planned_start < $3)),
         ids as (
            select recipe_id, line_id, true as produced, false as planned from made
            union all select recipe_id, line_id, false, true from planned where recipe_id is not null),
         agg as (select recipe_id, line_id, bool_or(produced) as produced, bool_or(planned) as planned from ids group by 1, 2)
         select a.recipe_id, r.recipe_group_id, a.line_id, coalesce(g.code, m.code) as code, coalesce(r.name, m.name) as name,
                coalesce(r.version, m.version) as version, a.produced, a.planned
         from agg a
         left join made m on m.recipe_id = a.recipe_id and m.line_id = a.line_id
         left join recipe r on r.id::text = a.recipe_id
         left join recipe_group g on g.id = r.recipe_group_id
         order by 4, 6",
    )
    .bind(line)
    .bind(from)
    .bind(to)
    .fetch_all(db)
    .await?)
}
