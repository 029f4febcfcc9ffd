//! The production schedule store (`sql/20261126000100_schedules.sql`): orders with the recipe
//! they run, their line's queue, the carry-over matrix and flush of a line, the batches of an
//! order, and the progress ingest keeps from the plant's batch events. The api's `schedules`
//! module holds the rules; these are its queries.

use chrono::{DateTime, Utc};
use model::schedule::board::BoardEntry;
use model::schedule::control::ControlRecipe;
use model::schedule::{Allowed, Kind, Status};
use serde_json::Value;
use sqlx::PgExecutor;
use sqlx::types::Json;
use uuid::Uuid;

use crate::DbResult;

mod carry;
mod production;
mod write;

pub use carry::{CarryOver, carry_over, carry_over_for_update, set_carry_over};
pub use production::{
    Batch, Progress, RecipeSeen, Stored, batches, progress_for_update, recipes_seen,
    refresh_progress, store_progress,
};
pub use write::{
    Fields, delete, insert, lock_line, make_room, next_sequence, release, set_status, update,
};

/// An order with its line's code and name and the recipe it runs: the pinned version once
/// released, else the version holding the production level now.
#[derive(Debug, Clone)]
pub struct Order {
    pub id: Uuid,
    pub line_id: Uuid,
    pub line_code: String,
    pub line_name: String,
    pub kind: Kind,
    pub order_number: String,
    pub name: String,
    pub recipe_group_id: Option<Uuid>,
    pub recipe_code: Option<String>,
    /// The pinned version, else the production version (none: the recipe lost its release).
    pub recipe_id: Option<Uuid>,
    pub recipe_name: Option<String>,
    pub recipe_version: Option<i32>,
    pub pinned: bool,
    pub medication_class: String,
    pub batch_size_kg: f64,
    pub batches: i32,
    pub planned_start: DateTime<Utc>,
    pub sequence: i32,
    pub notes: Option<String>,
    pub status: Status,
    pub control_recipe: Option<Json<ControlRecipe>>,
    pub batches_done: i32,
    pub batches_aborted: i32,
    pub produced_kg: f64,
    pub released_at: Option<DateTime<Utc>>,
    pub released_by: Option<String>,
    pub started_at: Option<DateTime<Utc>>,
    pub finished_at: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
    pub created_by: Option<String>,
    pub updated_at: DateTime<Utc>,
    pub updated_by: Option<String>,
    /// The version holding the production level now (none: the recipe holds none).
    pub production_recipe_id: Option<Uuid>,
    pub production_version: Option<i32>,
    /// A released order whose planned start has passed: when it is expected to start, after
    /// the batches left of the orders before it in the line's queue at the line's recent batch
    /// time (now, when nothing is before it).
    pub expected_start: Option<DateTime<Utc>>,
}

/// Which orders a list holds.
#[derive(Debug, Clone, Default)]
pub struct Filter {
    /// One order ([`get`]).
    pub id: Option<Uuid>,
    pub line: Option<Uuid>,
    /// Planned start at or after.
    pub from: Option<DateTime<Utc>>,
    /// Planned start before.
    pub to: Option<DateTime<Utc>>,
    pub statuses: Vec<Status>,
    pub recipe_group: Option<Uuid>,
    /// At most this many orders (the first by line and sequence); all when `None`.
    pub limit: Option<i64>,
    /// After skipping this many.
    pub offset: i64,
}

pub async fn get(db: impl PgExecutor<'_>, id: Uuid) -> DbResult<Option<Order>> {
    let f = Filter {
        id: Some(id),
        ..Filter::default()
    };
    Ok(list(db, &f).await?.into_iter().next())
}

/// The orders of `f`, by line and sequence: each with its line, the recipe it runs (the pinned
/// version once released, else the version holding the production level now) and, for a
/// released order whose planned start has passed, when it is expected to start (after the
/// batches left of the orders before it in its line's queue at the line's recent batch time).
pub async fn list(db: impl PgExecutor<'_>, f: &Filter) -> DbResult<Vec<Order>> {
    Ok(sqlx::query_as!(
        Order,
        r#"select s.id, s.line_id, l.code as line_code, l.name as line_name, s.kind as "kind: Kind", s.order_number, s.name,
            s.recipe_group_id, g.code as "recipe_code?", coalesce(s.recipe_id, prod.id) as recipe_id,
            coalesce(pinned.name, prod.name) as recipe_name,
            coalesce(pinned.version, prod.version) as recipe_version,
            s.recipe_id is not null as "pinned!", s.medication_class, s.batch_size_kg, s.batches,
            s.planned_start, s.sequence, s.notes, s.status as "status: Status",
            s.control_recipe as "control_recipe: Json<ControlRecipe>",
            s.batches_done, s.batches_aborted, s.produced_kg, s.released_at, s.released_by,
            s.started_at, s.finished_at, s.created_at, s.created_by, s.updated_at, s.updated_by,
            prod.id as "production_recipe_id?", prod.version as "production_version?",
            case when late.late then now() + make_interval(secs => coalesce(ahead.batches, 0) * coalesce(cycle.s, 0))
            end as expected_start
        from production_schedule s
        join line l on l.id = s.line_id
        left join recipe_group g on g.id = s.recipe_group_id
        left join recipe pinned on pinned.id = s.recipe_id
        left join lateral (
            select r.id, r.name, r.version from recipe_release rr join recipe r on r.id = rr.recipe_id
            where rr.recipe_group_id = s.recipe_group_id and rr.ended_at is null
              and rr.level = (select max(level) from release_level)
            limit 1) prod on true
        cross join lateral (select s.status = 'RELEASED' and s.planned_start < now() as late) late
        left join lateral (
            select sum(greatest(a.batches - a.batches_done, 0))::float8 as batches from production_schedule a
            where late.late and a.line_id = s.line_id and a.deleted_at is null
              and a.status in ('RELEASED', 'RUNNING') and a.sequence < s.sequence) ahead on true
        left join lateral (
            select avg(extract(epoch from b.ended_at - b.started_at))::float8 as s
            from (select b.started_at, b.ended_at from production_batch b
                  where late.late and b.line_id = s.line_id::text and b.ended_at is not null
                  order by b.ended_at desc limit 20) b) cycle on true
        where s.deleted_at is null
          and ($1::uuid is null or s.line_id = $1)
          and ($2::timestamptz is null or s.planned_start >= $2)
          and ($3::timestamptz is null or s.planned_start < $3)
          and (cardinality($4::text[]) = 0 or s.status = any($4))
          and ($5::uuid is null or s.recipe_group_id = $5)
          and ($8::uuid is null or s.id = $8)
        order by l.code, s.sequence limit $6 offset $7"#,
        f.line,
        f.from,
        f.to,
        &f.statuses as &[Status],
        f.recipe_group,
        f.limit,
        f.offset,
        f.id,
    )
    .fetch_all(db)
    .await?)
}

/// How many orders [`list`] answers without a limit (the same conditions).
pub async fn count(db: impl PgExecutor<'_>, f: &Filter) -> DbResult<i64> {
    Ok(sqlx::query_scalar!(
        r#"select count(*) as "count!" from production_schedule s where s.deleted_at is null
          and ($1::uuid is null or s.line_id = $1)
          and ($2::timestamptz is null or s.planned_start >= $2)
          and ($3::timestamptz is null or s.planned_start < $3)
          and (cardinality($4::text[]) = 0 or s.status = any($4))
          and ($5::uuid is null or s.recipe_group_id = $5)
          and ($6::uuid is null or s.id = $6)"#,
        f.line,
        f.from,
        f.to,
        &f.statuses as &[Status],
        f.recipe_group,
        f.id,
    )
    .fetch_one(db)
    .await?)
}

/// A line's queue: its orders in sequence (cancelled ones included; the guard skips them).
pub async fn queue(db: impl PgExecutor<'_>, line: Uuid) -> DbResult<Vec<Order>> {
    list(
        db,
        &Filter {
            line: Some(line),
            ..Filter::default()
        },
    )
    .await
}

impl Order {
    pub fn status(&self) -> Status {
        self.status
    }

    pub fn kind(&self) -> Kind {
        self.kind
    }

    /// What a user may do with it now (`model::schedule::Allowed`).
    pub fn allowed(&self) -> Allowed {
        Allowed::of(self.status(), self.kind(), self.batches_done)
    }

    /// The order as its line controller sees it on the board (`None` for an order that was
    /// never released: it has no control recipe).
    pub fn board_entry(&self) -> Option<BoardEntry> {
        Some(BoardEntry {
            order_id: self.id,
            line_id: self.line_id.to_string(),
            line_code: self.line_code.clone(),
            kind: self.kind,
            order_number: self.order_number.clone(),
            name: self.name.clone(),
            sequence: self.sequence,
            status: self.status,
            batches: self.batches,
            batches_done: self.batches_done,
            control_recipe: self.control_recipe.as_ref()?.0.clone(),
            updated_at: self.updated_at,
        })
    }
}

/// What the board should show of each of the orders `ids` as committed: its entry, or `None`
/// for an order that is deleted or was never released.
pub async fn board_entries(
    db: &sqlx::PgPool,
    ids: &[Uuid],
) -> DbResult<Vec<(Uuid, Option<BoardEntry>)>> {
    let mut out = Vec::with_capacity(ids.len());
    let mut entries = Vec::new();
    for id in ids {
        match get(db, *id).await?.and_then(|o| o.board_entry()) {
            Some(e) => entries.push(e),
            None => out.push((*id, None)),
        }
    }
    crate::lots::mark(db, &mut entries).await?;
    out.extend(entries.into_iter().map(|e| (e.order_id, Some(e))));
    Ok(out)
}

/// The board entries of the lines `lines` (ids as production data names them), for showing
/// again after what their bins hold changed.
pub async fn line_entries(
    db: &sqlx::PgPool,
    lines: &[String],
) -> DbResult<Vec<(Uuid, Option<BoardEntry>)>> {
    let mut out = Vec::new();
    for line in lines.iter().filter_map(|l| Uuid::parse_str(l).ok()) {
        out.extend(
            entries_on_board(db, Some(line))
                .await?
                .into_iter()
                .map(|e| (e.order_id, Some(e))),
        );
    }
    Ok(out)
}

/// The board entries of every order on the board (released, running, on hold), of one line
/// or all, with the doses from bins holding a lot not released marked.
pub async fn entries_on_board(db: &sqlx::PgPool, line: Option<Uuid>) -> DbResult<Vec<BoardEntry>> {
    let mut entries: Vec<BoardEntry> = on_board(db, line)
        .await?
        .iter()
        .filter_map(Order::board_entry)
        .collect();
    crate::lots::mark(db, &mut entries).await?;
    Ok(entries)
}

/// The orders on the board (released, running, on hold), of one line or all.
pub async fn on_board(db: impl PgExecutor<'_>, line: Option<Uuid>) -> DbResult<Vec<Order>> {
    let statuses = vec![Status::Released, Status::Running, Status::OnHold];
    list(
        db,
        &Filter {
            line,
            statuses,
            ..Filter::default()
        },
    )
    .await
}

/// Orders of the recipe groups `groups` not finished (the recipe's delete check).
pub async fn unfinished_of_recipes(
    db: impl PgExecutor<'_>,
    groups: &[Uuid],
) -> DbResult<Vec<String>> {
    Ok(sqlx::query_scalar!(
        "select order_number from production_schedule
         where recipe_group_id = any($1) and deleted_at is null and status in ('PLANNED', 'RELEASED', 'RUNNING', 'ON_HOLD')
         order by order_number",
        groups,
    )
    .fetch_all(db)
    .await?)
}

/// An audit entry: (at, actor, action, detail).
pub type AuditRow = (DateTime<Utc>, Option<String>, String, Option<Value>);

/// The audit entries of an order, oldest first.
pub async fn history(db: impl PgExecutor<'_>, id: Uuid) -> DbResult<Vec<AuditRow>> {
    Ok(sqlx::query!(
        "select at, actor, action, detail from audit_log where entity = 'productionSchedule' and entity_id = $1 order by at, id",
        id.to_string(),
    )
    .fetch_all(db)
    .await?
    .into_iter()
    .map(|r| (r.at, r.actor, r.action, r.detail))
    .collect())
}

/// Per line and recipe code, the control recipe of the newest production order that froze one
/// (what the history generator doses), as `(line id, control recipe)`.
pub async fn newest_control_recipes(
    db: impl PgExecutor<'_>,
) -> DbResult<Vec<(String, ControlRecipe)>> {
    let rows = sqlx::query!(
        r#"select distinct on (line_id, control_recipe->>'recipeCode') line_id::text as "line_id!",
                control_recipe as "control!: Json<ControlRecipe>"
         from production_schedule where control_recipe is not null and kind = 'PRODUCTION'
         order by line_id, control_recipe->>'recipeCode', created_at desc"#
    )
    .fetch_all(db)
    .await?;
    Ok(rows.into_iter().map(|r| (r.line_id, r.control.0)).collect())
}

/// How many orders of line `line` are still to finish (planned, released, running or on
/// hold), and the latest planned start of any.
pub async fn open_and_last_start(
    db: impl PgExecutor<'_>,
    line: Uuid,
) -> DbResult<(i64, Option<DateTime<Utc>>)> {
    let r = sqlx::query!(
        r#"select count(*) filter (where status in ('PLANNED', 'RELEASED', 'RUNNING', 'ON_HOLD')) as "open!",
                max(planned_start) as last
         from production_schedule where line_id = $1 and deleted_at is null"#,
        line
    )
    .fetch_one(db)
    .await?;
    Ok((r.open, r.last))
}
