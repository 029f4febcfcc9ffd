//! What the plant made for the orders: an order's batches, the progress ingest keeps from them,
//! and the recipes produced or planned in a range (report filters).

use chrono::{DateTime, Utc};
use model::schedule::{Made, Status};
use model::wire::BatchStatus;
use sqlx::{FromRow, PgConnection, PgExecutor};
use uuid::Uuid;

use crate::DbResult;

/// A batch an order produced.
#[derive(Debug, Clone, FromRow)]
pub struct Batch {
    pub batch_id: String,
    pub status: BatchStatus,
    pub recipe_id: String,
    pub recipe_version: i32,
    pub started_at: Option<DateTime<Utc>>,
    pub ended_at: Option<DateTime<Utc>>,
    pub target_kg: f64,
    pub actual_kg: Option<f64>,
}

pub async fn batches(db: impl PgExecutor<'_>, id: Uuid) -> DbResult<Vec<Batch>> {
    Ok(sqlx::query_as!(
        Batch,
        r#"select batch_id, status as "status: BatchStatus", recipe_id, recipe_version, started_at, ended_at, target_kg, actual_kg
         from production_batch where production_schedule_id = $1 order by started_at nulls last, batch_id"#,
        id.to_string(),
    )
    .fetch_all(db)
    .await?)
}

/// An order's status and what its batches say, read under a row lock for the write that
/// follows ([`store_progress`]): batches completed, aborted and running, kilograms produced,
/// the first start and the last end.
#[derive(Debug, Clone, PartialEq, FromRow)]
pub struct Progress {
    pub id: Uuid,
    pub status: String,
    pub batches: i32,
    pub batches_done: i32,
    pub batches_aborted: i32,
    pub produced_kg: f64,
    pub started_at: Option<DateTime<Utc>>,
    pub done: i32,
    pub aborted: i32,
    pub running: i32,
    pub kg: f64,
    pub first_start: Option<DateTime<Utc>>,
    pub last_end: Option<DateTime<Utc>>,
}

/// The progress of the orders `ids` (as batch events name them; ids that are no order are
/// skipped) that have batches, each order locked until the transaction ends.
pub async fn progress_for_update(db: &mut PgConnection, ids: &[String]) -> DbResult<Vec<Progress>> {
    let ids: Vec<Uuid> = ids.iter().filter_map(|i| Uuid::parse_str(i).ok()).collect();
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    Ok(sqlx::query_as!(
        Progress,
        r#"with o as (
            select id, status, batches, batches_done, batches_aborted, produced_kg, started_at
            from production_schedule where id = any($1) and deleted_at is null
            order by id for update)
         select o.id as "id!", o.status as "status!", o.batches as "batches!",
                o.batches_done as "batches_done!", o.batches_aborted as "batches_aborted!",
                o.produced_kg as "produced_kg!", o.started_at, p.done as "done!",
                p.aborted as "aborted!", p.running as "running!", p.kg as "kg!", p.first_start, p.last_end
         from o join (
            select b.production_schedule_id::uuid as id,
                   count(*) filter (where b.status = 'COMPLETE')::int as done,
                   count(*) filter (where b.status = 'ABORTED')::int as aborted,
                   count(*) filter (where b.status = 'RUNNING')::int as running,
                   coalesce(sum(b.actual_kg), 0)::float8 as kg, min(b.started_at) as first_start,
                   max(b.ended_at) as last_end
            from production_batch b where b.production_schedule_id = any($2) group by 1) p on p.id = o.id
         order by o.id"#,
        &ids,
        &ids.iter().map(Uuid::to_string).collect::<Vec<_>>(),
    )
    .fetch_all(db)
    .await?)
}

/// Keeps the progress of the orders `ids` (as batch events name them) from their batches, with
/// the status the model decides from them (`Status::after_batches`: RELEASED becomes RUNNING
/// when a batch has started, an order on the board COMPLETED when its last batch completed):
/// read under lock, decided, stored. Returns the orders it changed, whose board entries the
/// caller shows after its commit.
pub async fn refresh_progress(db: &mut PgConnection, ids: &[String]) -> DbResult<Vec<Uuid>> {
    let now = Utc::now();
    let read = progress_for_update(&mut *db, ids).await?;
    let decided: Vec<(Status, Option<DateTime<Utc>>)> = read
        .iter()
        .map(|p| {
            let before = Status::parse(&p.status);
            let made = Made {
                done: p.done,
                running: p.running,
            };
            let after = before.map(|s| s.after_batches(p.batches, made));
            let finished = (after == Some(Status::Completed) && before != after)
                .then(|| p.last_end.unwrap_or(now));
            (after.or(before).unwrap_or(Status::Planned), finished)
        })
        .collect();
    let rows: Vec<Stored> = read
        .iter()
        .zip(&decided)
        .map(|(p, (status, finished_at))| Stored {
            progress: p,
            status: if Status::parse(&p.status).is_some() {
                status.as_str()
            } else {
                // A status this version does not know is kept as stored.
                &p.status
            },
            finished_at: *finished_at,
        })
        .collect();
    store_progress(db, &rows).await
}

/// An order's progress to store, with the status its batches took it to
/// (`model::schedule::Status::after_batches`) and, when that finished it, when.
#[derive(Debug, Clone)]
pub struct Stored<'a> {
    pub progress: &'a Progress,
    pub status: &'a str,
    pub finished_at: Option<DateTime<Utc>>,
}

/// Stores what the plant made for the orders (counted, not added up, so a redelivered event
/// changes nothing) and the statuses decided for them; an order whose figures and status are
/// unchanged is not touched. Every status change is audited as the plant's. Returns the orders
/// it changed.
pub async fn store_progress(db: &mut PgConnection, rows: &[Stored<'_>]) -> DbResult<Vec<Uuid>> {
    let changed: Vec<&Stored> = rows
        .iter()
        .filter(|r| {
            let p = r.progress;
            p.status != r.status
                || p.batches_done != p.done
                || p.batches_aborted != p.aborted
                || p.produced_kg != p.kg
                || (p.started_at.is_none() && p.first_start.is_some())
        })
        .collect();
    if changed.is_empty() {
        return Ok(Vec::new());
    }
    let ids: Vec<Uuid> = changed.iter().map(|r| r.progress.id).collect();
    sqlx::query!(
        "update production_schedule s set
            batches_done = v.done, batches_aborted = v.aborted, produced_kg = v.kg,
            started_at = coalesce(s.started_at, v.first_start), status = v.status,
            finished_at = coalesce(v.finished_at, s.finished_at), updated_at = now()
         from unnest($1::uuid[], $2::int[], $3::int[], $4::float8[], $5::timestamptz[], $6::text[], $7::timestamptz[])
              as v(id, done, aborted, kg, first_start, status, finished_at)
         where s.id = v.id",
        &ids,
        &changed.iter().map(|r| r.progress.done).collect::<Vec<_>>(),
        &changed.iter().map(|r| r.progress.aborted).collect::<Vec<_>>(),
        &changed.iter().map(|r| r.progress.kg).collect::<Vec<_>>(),
        // Arrays with nulls (an order that has not started or finished): the macro's type
        // check knows arrays of values only, so these two are bound as they are.
        changed.iter().map(|r| r.progress.first_start).collect::<Vec<_>>() as _,
        &changed.iter().map(|r| r.status.to_string()).collect::<Vec<_>>(),
        changed.iter().map(|r| r.finished_at).collect::<Vec<_>>() as _,
    )
    .execute(&mut *db)
    .await?;
    let moved: Vec<&&Stored> = changed
        .iter()
        .filter(|r| r.progress.status != r.status)
        .collect();
    if !moved.is_empty() {
        sqlx::query!(
        "insert into audit_log (actor, action, entity, entity_id, detail)
             select 'plant', 'status', 'productionSchedule', id::text, jsonb_build_object('from', before, 'to', after)
             from unnest($1::uuid[], $2::text[], $3::text[]) as v(id, before, after)",
        &moved.iter().map(|r| r.progress.id).collect::<Vec<_>>(),
        &moved.iter().map(|r| r.progress.status.clone()).collect::<Vec<_>>(),
        &moved.iter().map(|r| r.status.to_string()).collect::<Vec<_>>(),
    )
        .execute(&mut *db)
        .await?;
    }
    Ok(ids)
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
    Ok(sqlx::query_as!(
        RecipeSeen,
        r#"with made as (
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
         select a.recipe_id as "recipe_id!", r.recipe_group_id as "recipe_group_id?", a.line_id as "line_id!",
                coalesce(g.code, m.code) as code, coalesce(r.name, m.name) as name,
                coalesce(r.version, m.version) as version, a.produced as "produced!", a.planned as "planned!"
         from agg a
         left join made m on m.recipe_id = a.recipe_id and m.line_id = a.line_id
         left join recipe r on r.id::text = a.recipe_id
         left join recipe_group g on g.id = r.recipe_group_id
         order by 4, 6"#,
        line,
        from,
        to,
    )
    .fetch_all(db)
    .await?)
}
