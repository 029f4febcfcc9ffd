//! Diagnostics (issue 13): what went outside its limits (doses outside their tolerance, batch
//! process values past their report parameter's limits), batches with their process values
//! (the compare picker), downstream equipment values per batch, and the mixing of a range
//! consolidated per recipe and step.

use chrono::{DateTime, Utc};
use model::wire::BatchStatus;
use sqlx::{FromRow, PgPool};

use crate::DbResult;
use crate::batches::Filter;
use crate::batches::Identity;

// The statements over the batches of a [`Filter`] (`b`, production_batch) narrow them alike:
// lines $1, ended in [$2, $3), recipe versions $4, order $5 and batch $6 (null: any). sqlx's
// macros take literals only, so each says it.

/// A dose or a batch's process value outside its limits.
#[derive(Debug, Clone, FromRow)]
pub struct OutOfSpec {
    /// How many rows the whole list has.
    pub total: i64,
    /// `DOSE` or `PARAMETER`.
    pub kind: String,
    #[sqlx(flatten)]
    pub batch: Identity,
    /// The dose's time, or the batch's end.
    pub at: DateTime<Utc>,
    /// Material or report parameter code.
    pub code: String,
    /// Scale of a dose.
    pub scale_id: Option<String>,
    /// The dose's actual kg, or the process value's extreme past the limit.
    pub value: f64,
    /// The dose's setpoint (none for a process value).
    pub target: Option<f64>,
    pub low_limit: Option<f64>,
    pub high_limit: Option<f64>,
    /// `UNDER` or `OVER`.
    pub direction: String,
    /// How far past the limit (≥ 0, in the value's unit).
    pub excursion: f64,
}

/// The out-of-spec rows of `f` (`kinds`: `DOSE`, `PARAMETER`), newest first: `limit` from
/// `offset`, and how many there are in all.
pub async fn out_of_spec(
    db: &PgPool,
    f: &Filter,
    kinds: &[&str],
    limit: i64,
    offset: i64,
) -> DbResult<(i64, Vec<OutOfSpec>)> {
    let kinds: Vec<String> = kinds.iter().map(|k| k.to_string()).collect();
    let page = async |limit: i64, offset: i64| -> DbResult<Vec<OutOfSpec>> {
        let rows = sqlx::query_file!(
            "src/diagnostics/out_of_spec.sql",
            &f.lines,
            f.from,
            f.to,
            f.recipes.as_deref(),
            f.order.as_deref(),
            f.batch.as_deref(),
            &kinds,
            limit,
            offset,
        )
        .fetch_all(db)
        .await?;
        Ok(rows
            .into_iter()
            .map(|r| OutOfSpec {
                total: r.total,
                kind: r.kind,
                at: r.at,
                code: r.code,
                scale_id: r.scale_id,
                value: r.value,
                target: r.target,
                low_limit: r.low_limit,
                high_limit: r.high_limit,
                direction: r.direction,
                excursion: r.excursion,
                batch: crate::batches::identity!(r),
            })
            .collect())
    };
    let rows = page(limit, offset).await?;
    let total = match rows.first() {
        Some(r) => r.total,
        // Past the end: the first row still says how many there are.
        None if offset > 0 => page(1, 0).await?.first().map_or(0, |r| r.total),
        None => 0,
    };
    Ok((total, rows))
}

/// A batch of a range, for picking batches to compare.
#[derive(Debug, Clone, FromRow)]
pub struct BatchRef {
    #[sqlx(flatten)]
    pub batch: Identity,
    pub started_at: Option<DateTime<Utc>>,
    pub ended_at: Option<DateTime<Utc>>,
    pub status: BatchStatus,
    pub actual_kg: Option<f64>,
}

/// A [`BatchRef`] of a row a `query!` read.
macro_rules! batch_ref {
    ($r:expr) => {
        BatchRef {
            started_at: $r.started_at,
            ended_at: $r.ended_at,
            status: $r.status,
            actual_kg: $r.actual_kg,
            batch: crate::batches::identity!($r),
        }
    };
}

/// The ended batches of `f`, newest first, at most `limit`.
pub async fn batches(db: &PgPool, f: &Filter, limit: i64) -> DbResult<Vec<BatchRef>> {
    let rows = sqlx::query!(
        "select b.line_id, b.batch_id, b.recipe_id, b.recipe_code, b.recipe_name, b.recipe_version,
                b.production_schedule_id, b.schedule_name, b.started_at, b.ended_at, b.status as \"status: BatchStatus\", b.actual_kg
         from production_batch b
         where b.line_id = any($1) and b.ended_at >= $2 and b.ended_at < $3
           and ($4::text[] is null or b.recipe_id = any($4))
           and ($5::text is null or b.production_schedule_id = $5)
           and ($6::text is null or b.batch_id = $6)
         order by b.ended_at desc, b.line_id, b.batch_id limit $7",
        &f.lines,
        f.from,
        f.to,
        f.recipes.as_deref(),
        f.order.as_deref(),
        f.batch.as_deref(),
        limit,
    )
    .fetch_all(db)
    .await?;
    Ok(rows.into_iter().map(|r| batch_ref!(r)).collect())
}

/// The batches named (`lines[i]`, `batches[i]`; a line `''` matches any line), in the order
/// named.
pub async fn named(db: &PgPool, lines: &[String], batches: &[String]) -> DbResult<Vec<BatchRef>> {
    let rows = sqlx::query!(
        "select b.line_id, b.batch_id, b.recipe_id, b.recipe_code, b.recipe_name, b.recipe_version,
                b.production_schedule_id, b.schedule_name, b.started_at, b.ended_at, b.status as \"status: BatchStatus\", b.actual_kg
         from production_batch b
         join unnest($1::text[], $2::text[]) with ordinality as k(line_id, batch_id, n)
           on b.batch_id = k.batch_id and (k.line_id = '' or b.line_id = k.line_id)
         order by k.n, b.line_id",
        lines,
        batches,
    )
    .fetch_all(db)
    .await?;
    Ok(rows.into_iter().map(|r| batch_ref!(r)).collect())
}

/// The newest running batch of `line`.
pub async fn running(db: &PgPool, line: &str) -> DbResult<Option<BatchRef>> {
    let row = sqlx::query!(
        "select b.line_id, b.batch_id, b.recipe_id, b.recipe_code, b.recipe_name, b.recipe_version,
                b.production_schedule_id, b.schedule_name, b.started_at, b.ended_at, b.status as \"status: BatchStatus\", b.actual_kg
         from production_batch b
         where b.line_id = $1 and b.status = 'RUNNING' and b.ended_at is null
         order by b.started_at desc nulls last limit 1",
        line,
    )
    .fetch_optional(db)
    .await?;
    Ok(row.map(|r| batch_ref!(r)))
}

/// A downstream report parameter's value in one batch (its mean), with the batch's end.
#[derive(Debug, Clone, FromRow)]
pub struct DownstreamPoint {
    pub line_id: String,
    pub code: String,
    pub batch_id: String,
    pub ended_at: DateTime<Utc>,
    pub min_value: f64,
    pub max_value: f64,
    pub mean_value: f64,
}

/// The values of the downstream report parameters of `f`'s lines in each batch of `f`, by
/// line, code and batch end.
pub async fn downstream(db: &PgPool, f: &Filter) -> DbResult<Vec<DownstreamPoint>> {
    Ok(sqlx::query_as!(
        DownstreamPoint,
        r#"select p.line_id, p.parameter_code as code, b.batch_id, b.ended_at as "ended_at!", p.min_value,
                p.max_value, p.sum_value / p.samples as "mean_value!"
         from report_parameter r
         join production_batch b on b.line_id = r.line_id::text
         join batch_parameter p on p.line_id = b.line_id and p.batch_id = b.batch_id and p.parameter_code = r.code
         where r.deleted_at is null and r.is_downstream and r.line_id::text = any($1) and b.line_id = any($1) and b.ended_at >= $2 and b.ended_at < $3
           and ($4::text[] is null or b.recipe_id = any($4))
           and ($5::text is null or b.production_schedule_id = $5)
           and ($6::text is null or b.batch_id = $6)
         order by p.line_id, p.parameter_code, b.ended_at, b.batch_id"#,
        &f.lines,
        f.from,
        f.to,
        f.recipes.as_deref(),
        f.order.as_deref(),
        f.batch.as_deref(),
    )
    .fetch_all(db)
    .await?)
}

/// A mixing step of a recipe over the batches of a range.
#[derive(Debug, Clone, FromRow)]
pub struct MixingSummary {
    pub line_id: String,
    pub recipe_id: String,
    pub recipe_code: Option<String>,
    pub recipe_name: Option<String>,
    pub recipe_version: i32,
    pub action_code: String,
    pub batches: i64,
    pub steps: i64,
    pub planned_mean_s: f64,
    pub actual_mean_s: f64,
    pub actual_min_s: f64,
    pub actual_max_s: f64,
    pub energy_mean_kwh: f64,
    pub peak_mean_kw: f64,
    pub peak_max_kw: f64,
    /// Steps that ran more than 10 % longer or shorter than planned.
    pub off_time_steps: i64,
}

/// The mixing steps of the batches of `f`, per line, recipe version and mixing action.
pub async fn mixing_summary(db: &PgPool, f: &Filter) -> DbResult<Vec<MixingSummary>> {
    Ok(sqlx::query_as!(
        MixingSummary,
        r#"select b.line_id, b.recipe_id, max(b.recipe_code) as recipe_code, max(b.recipe_name) as recipe_name,
                max(b.recipe_version) as "recipe_version!", m.mixing_action_id as action_code,
                count(distinct b.batch_id) as "batches!", count(*) as "steps!",
                avg(m.planned_s) as "planned_mean_s!", avg(m.actual_s) as "actual_mean_s!",
                min(m.actual_s) as "actual_min_s!", max(m.actual_s) as "actual_max_s!",
                avg(m.energy_kwh) as "energy_mean_kwh!", avg(m.peak_power_kw) as "peak_mean_kw!",
                max(m.peak_power_kw) as "peak_max_kw!",
                count(*) filter (where m.planned_s > 0 and abs(m.actual_s - m.planned_s) > 0.1 * m.planned_s)
                    as "off_time_steps!"
         from production_batch b
         join mixing m on m.line_id = b.line_id and m.batch_id = b.batch_id
         where b.line_id = any($1) and b.ended_at >= $2 and b.ended_at < $3
           and ($4::text[] is null or b.recipe_id = any($4))
           and ($5::text is null or b.production_schedule_id = $5)
           and ($6::text is null or b.batch_id = $6)
         group by b.line_id, b.recipe_id, m.mixing_action_id
         order by b.line_id, max(b.recipe_code), max(b.recipe_version), m.mixing_action_id"#,
        &f.lines,
        f.from,
        f.to,
        f.recipes.as_deref(),
        f.order.as_deref(),
        f.batch.as_deref(),
    )
    .fetch_all(db)
    .await?)
}

/// A live report parameter of a line.
#[derive(Debug, Clone, FromRow)]
pub struct ReportParameter {
    pub line_id: String,
    pub code: String,
    pub name: String,
    pub unit: Option<String>,
    pub source: String,
    pub is_downstream: bool,
    pub low_limit: Option<f64>,
    pub high_limit: Option<f64>,
}

/// Live report parameter `code` (any case) of line `line` (its id as text).
pub async fn report_parameter(
    db: &PgPool,
    line: &str,
    code: &str,
) -> DbResult<Option<ReportParameter>> {
    Ok(sqlx::query_as!(
        ReportParameter,
        r#"select line_id::text as "line_id!", code, name, unit, source, is_downstream, low_limit, high_limit
         from report_parameter
         where line_id::text = $1 and upper(code) = upper($2) and deleted_at is null"#,
        line,
        code,
    )
    .fetch_optional(db)
    .await?)
}

/// Which of the upper-case `codes` name a live report parameter of one of `lines`.
pub async fn known_parameter_codes(
    db: &PgPool,
    lines: &[String],
    codes: &[String],
) -> DbResult<Vec<String>> {
    Ok(sqlx::query_scalar!(
        r#"select distinct upper(code) as "code!" from report_parameter
           where deleted_at is null and line_id::text = any($1) and upper(code) = any($2)"#,
        lines,
        codes,
    )
    .fetch_all(db)
    .await?)
}

/// The live report parameters of `lines` (only the downstream ones with `downstream`), by line
/// and code.
pub async fn report_parameters(
    db: &PgPool,
    lines: &[String],
    downstream: bool,
) -> DbResult<Vec<ReportParameter>> {
    Ok(sqlx::query_as!(
        ReportParameter,
        r#"select line_id::text as "line_id!", code, name, unit, source, is_downstream, low_limit, high_limit
         from report_parameter
         where deleted_at is null and line_id::text = any($1) and (not $2 or is_downstream)
         order by line_id, code"#,
        lines,
        downstream,
    )
    .fetch_all(db)
    .await?)
}
