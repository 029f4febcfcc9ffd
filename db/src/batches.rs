//! Batch records (issue 13): the batch summary a page at a time, and a batch's own record
//! (header, doses, mixing, parameters, alarms).
//!
//! The summary pages through a year of batches without reading the batches before the page:
//! whole days are counted from the day rollup (`report_batch_day`: batches, aborted ones, ones
//! with a dose out of tolerance), the partial days at the ends of the range from the batch table,
//! and the page is read from the one or few days that hold it ([`plan`]). Batches that went past
//! a parameter limit are found from the parameters' min/max indexes instead.

mod record;

pub use record::*;

use chrono::{DateTime, Duration, DurationRound, Utc};
use model::wire::BatchStatus;
use sqlx::{FromRow, PgPool};

use crate::DbResult;

/// Which batches a summary lists.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    All,
    Aborted,
    /// With at least one dose out of tolerance.
    OutOfTolerance,
}

impl Kind {
    fn code(self) -> &'static str {
        match self {
            Kind::All => "ALL",
            Kind::Aborted => "ABORTED",
            Kind::OutOfTolerance => "OOT",
        }
    }
}

/// The batches a summary is about: lines, a half-open range of batch ends, and the §9 filters.
#[derive(Debug, Clone, Default)]
pub struct Filter {
    pub lines: Vec<String>,
    pub from: DateTime<Utc>,
    pub to: DateTime<Utc>,
    pub recipes: Option<Vec<String>>,
    pub order: Option<String>,
    pub batch: Option<String>,
}

/// Which batch a row is of: its line and number, the recipe it ran and its order (the columns
/// of `production_batch` every batch report selects).
#[derive(Debug, Clone, FromRow)]
pub struct Identity {
    pub line_id: String,
    pub batch_id: String,
    pub recipe_id: String,
    pub recipe_code: Option<String>,
    pub recipe_name: Option<String>,
    pub recipe_version: i32,
    pub production_schedule_id: Option<String>,
    pub schedule_name: Option<String>,
}

/// The [`Identity`] of a row a `query!` read (its fields named as `Identity`'s): the statements
/// that read a batch with more say so by hand, since `query_as!` fills no nested struct.
macro_rules! identity {
    ($r:expr) => {
        $crate::batches::Identity {
            line_id: $r.line_id,
            batch_id: $r.batch_id,
            recipe_id: $r.recipe_id,
            recipe_code: $r.recipe_code,
            recipe_name: $r.recipe_name,
            recipe_version: $r.recipe_version,
            production_schedule_id: $r.production_schedule_id,
            schedule_name: $r.schedule_name,
        }
    };
}
pub(crate) use identity;

/// One batch of the summary.
#[derive(Debug, Clone, FromRow)]
pub struct SummaryRow {
    #[sqlx(flatten)]
    pub batch: Identity,
    pub started_at: Option<DateTime<Utc>>,
    pub ended_at: DateTime<Utc>,
    pub status: BatchStatus,
    pub target_kg: f64,
    pub setpoint_kg: f64,
    pub actual_kg: f64,
    pub doses: i64,
    pub out_of_tolerance: i64,
    /// Codes of the report parameters whose limits the batch went past.
    pub exceeded: Vec<String>,
    /// Alarms raised while it ran.
    pub alarms: i64,
}

/// `$sql` with the predicate of each [`Kind`] after `$head`, so a partial index can serve it.
///
/// These statements (the count and page of a kind, the batches past a limit) are put together
/// from pieces at compile time (`concat!`), which sqlx's macros do not take, so they are bound
/// at run time; the batch report tests (api `reports::batches`, `reports::pdf_batches`) run
/// every kind of them against the schema.
macro_rules! by_kind {
    ($kind:expr, $head:expr, $tail:expr) => {
        match $kind {
            Kind::All => concat!($head, $tail),
            Kind::Aborted => concat!($head, " and b.status = 'ABORTED'", $tail),
            Kind::OutOfTolerance => concat!(
                $head,
                " and exists (select 1 from weighing w
                    where w.line_id = b.line_id and w.batch_id = b.batch_id and not w.in_tolerance)",
                $tail
            ),
        }
    };
}

/// A stretch of batch ends, newest first in a plan, and how many batches it holds.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Stretch {
    pub from: DateTime<Utc>,
    pub to: DateTime<Utc>,
    pub count: i64,
}

/// The stretches (newest first) that hold rows `offset..offset + limit` of `stretches` (newest
/// first), and the offset of the first row in the first of them. Empty past the end.
pub fn plan(stretches: &[Stretch], offset: i64, limit: i64) -> (Vec<Stretch>, i64) {
    let mut before = 0;
    let mut out = Vec::new();
    let mut skip = 0;
    for s in stretches.iter().filter(|s| s.count > 0) {
        if before + s.count <= offset {
            before += s.count;
            continue;
        }
        if out.is_empty() {
            skip = offset - before;
        }
        out.push(*s);
        before += s.count;
        if before >= offset + limit {
            break;
        }
    }
    (out, skip)
}

/// The stretches of `f`'s range, newest first: the partial days at its ends counted from the
/// batch table, whole UTC days from the day rollup.
async fn stretches(db: &PgPool, f: &Filter, kind: Kind) -> DbResult<Vec<Stretch>> {
    let day = Duration::days(1);
    let floor = |t: DateTime<Utc>| t.duration_trunc(day).unwrap_or(t);
    let first = floor(f.from)
        + if floor(f.from) < f.from {
            day
        } else {
            Duration::zero()
        };
    let last = floor(f.to).max(first);
    if first >= f.to || last <= f.from {
        let count = count(db, f, kind, f.from, f.to).await?;
        return Ok(vec![Stretch {
            from: f.from,
            to: f.to,
            count,
        }]);
    }
    let mut out = Vec::new();
    if last < f.to {
        let count = count(db, f, kind, last, f.to).await?;
        out.push(Stretch {
            from: last,
            to: f.to,
            count,
        });
    }
    let days = sqlx::query_file!(
        "src/batches/day_counts.sql",
        &f.lines,
        first,
        last,
        f.recipes.as_deref(),
        f.order.as_deref(),
        kind.code(),
    )
    .fetch_all(db)
    .await?;
    out.extend(days.into_iter().map(|d| Stretch {
        from: d.at,
        to: d.at + day,
        count: d.n,
    }));
    if f.from < first {
        let count = count(db, f, kind, f.from, first).await?;
        out.push(Stretch {
            from: f.from,
            to: first,
            count,
        });
    }
    Ok(out)
}

async fn count(
    db: &PgPool,
    f: &Filter,
    kind: Kind,
    from: DateTime<Utc>,
    to: DateTime<Utc>,
) -> DbResult<i64> {
    let sql = by_kind!(
        kind,
        "select count(*) from production_batch b
         where b.line_id = any($1) and b.ended_at >= $2 and b.ended_at < $3
           and ($4::text[] is null or b.recipe_id = any($4))
           and ($5::text is null or b.production_schedule_id = $5)
           and ($6::text is null or b.batch_id = $6)",
        ""
    );
    Ok(sqlx::query_scalar(sql)
        .bind(&f.lines)
        .bind(from)
        .bind(to)
        .bind(&f.recipes)
        .bind(&f.order)
        .bind(&f.batch)
        .fetch_one(db)
        .await?)
}

/// Page `offset / limit` of the batches of `f` (newest first) and how many there are in all.
pub async fn summary(
    db: &PgPool,
    f: &Filter,
    kind: Kind,
    limit: i64,
    offset: i64,
) -> DbResult<(i64, Vec<SummaryRow>)> {
    if f.lines.is_empty() {
        return Ok((0, Vec::new()));
    }
    // One batch: no need to count days.
    let all = if f.batch.is_some() {
        vec![Stretch {
            from: f.from,
            to: f.to,
            count: count(db, f, kind, f.from, f.to).await?,
        }]
    } else {
        stretches(db, f, kind).await?
    };
    let total = all.iter().map(|s| s.count).sum();
    let (read, skip) = plan(&all, offset, limit);
    if read.is_empty() {
        return Ok((total, Vec::new()));
    }
    let sql = by_kind!(
        kind,
        "with page as (
            select b.* from unnest($2::timestamptz[], $3::timestamptz[]) as s(f, t)
            cross join lateral (
                select * from production_batch b
                where b.line_id = any($1) and b.ended_at >= s.f and b.ended_at < s.t
                  and ($4::text[] is null or b.recipe_id = any($4))
                  and ($5::text is null or b.production_schedule_id = $5)
                  and ($6::text is null or b.batch_id = $6)",
        concat!(
            " offset 0) b
            order by b.ended_at desc, b.line_id, b.batch_id limit $7 offset $8)\n",
            include_str!("batches/summary_rows.sql")
        )
    );
    let rows = sqlx::query_as(sql)
        .bind(&f.lines)
        .bind(read.iter().map(|s| s.from).collect::<Vec<_>>())
        .bind(read.iter().map(|s| s.to).collect::<Vec<_>>())
        .bind(&f.recipes)
        .bind(&f.order)
        .bind(&f.batch)
        .bind(limit)
        .bind(skip)
        .fetch_all(db)
        .await?;
    Ok((total, rows))
}

/// Page `offset / limit` of the batches of `f` that went past a limit of one of the report
/// parameters `codes` (upper case; `None`: any), and how many there are in all.
pub async fn exceeded(
    db: &PgPool,
    f: &Filter,
    codes: Option<&[String]>,
    limit: i64,
    offset: i64,
) -> DbResult<(i64, Vec<SummaryRow>)> {
    let total: i64 = sqlx::query_scalar(concat!(
        include_str!("batches/exceeded.sql"),
        "select count(*) from found"
    ))
    .bind(&f.lines)
    .bind(f.from)
    .bind(f.to)
    .bind(&f.recipes)
    .bind(&f.order)
    .bind(&f.batch)
    .bind(codes)
    .fetch_one(db)
    .await?;
    let rows = sqlx::query_as(concat!(
        include_str!("batches/exceeded.sql"),
        ", page as (select * from found b order by b.ended_at desc, b.line_id, b.batch_id limit $8 offset $9)\n",
        include_str!("batches/summary_rows.sql")
    ))
    .bind(&f.lines)
    .bind(f.from)
    .bind(f.to)
    .bind(&f.recipes)
    .bind(&f.order)
    .bind(&f.batch)
    .bind(codes)
    .bind(limit)
    .bind(offset)
    .fetch_all(db)
    .await?;
    Ok((total, rows))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(h: i64) -> DateTime<Utc> {
        DateTime::UNIX_EPOCH + Duration::hours(h)
    }
    fn s(h: i64, count: i64) -> Stretch {
        Stretch {
            from: at(h),
            to: at(h + 1),
            count,
        }
    }

    #[test]
    fn a_plan_reads_only_the_stretches_that_hold_the_page() {
        let all = [s(5, 10), s(4, 0), s(3, 10), s(2, 10), s(1, 10)];
        assert_eq!(plan(&all, 0, 5), (vec![all[0]], 0));
        assert_eq!(plan(&all, 8, 5), (vec![all[0], all[2]], 8));
        assert_eq!(plan(&all, 10, 10), (vec![all[2]], 0));
        assert_eq!(plan(&all, 25, 50), (vec![all[3], all[4]], 5));
    }

    #[test]
    fn a_page_past_the_end_reads_nothing() {
        let all = [s(2, 3), s(1, 4)];
        assert_eq!(plan(&all, 7, 5), (vec![], 0));
        assert_eq!(plan(&all, 70, 5), (vec![], 0));
        assert_eq!(plan(&[], 0, 5), (vec![], 0));
    }
}
