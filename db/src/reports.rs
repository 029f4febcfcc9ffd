//! Report queries (issue 12). Each report reads a list of *pieces* (`model::report::pieces`) of
//! its windows: whole days and hours from the rollups, the rest from the raw rows of the batches
//! that ended in them, so every range is exact (decision 59).
//!
//! The piece statements are put together at compile time from the files of `reports/` (the
//! pieces' common head and each report's tail, `concat!`), which sqlx's macros do not take, so
//! they are bound at run time; the report tests (api `reports::*`) run each of them against the
//! schema. The lookups at the end are checked at build time.

use chrono::{DateTime, Utc};
use model::report::Piece;
use model::wire::BatchStatus;
use sqlx::{FromRow, PgExecutor, PgPool};

use crate::DbResult;
use crate::batches::Identity;

mod names;
pub use names::*;

/// The pieces of a report and its filters.
#[derive(Debug, Default, Clone)]
pub struct Pieces {
    pub lines: Vec<String>,
    /// The window each piece belongs to.
    pub windows: Vec<i32>,
    pub tiers: Vec<&'static str>,
    pub from: Vec<DateTime<Utc>>,
    pub to: Vec<DateTime<Utc>>,
    /// Recipe version ids; `None` for every recipe.
    pub recipes: Option<Vec<String>>,
    pub order: Option<String>,
    pub batch: Option<String>,
    /// Whole hours read by window in one pass per line and run of windows (decision 64):
    /// `hours.lines[n]`'s bounds are `hours.bounds[lo - 1..hi]`, hours from `bounds[i]` on
    /// belong to window `hours.windows[i]` (-1: none); a line with gaps has several runs.
    pub hours: Hours,
    /// Whole local days read likewise, from the local-day rollups (decision 104).
    pub days: Hours,
    /// Material codes the material rows of `hours` are limited to; `None` for every material.
    pub materials: Option<Vec<String>>,
}

/// See [`Pieces::hours`].
#[derive(Debug, Default, Clone)]
pub struct Hours {
    pub lines: Vec<String>,
    pub lo: Vec<i32>,
    pub hi: Vec<i32>,
    pub bounds: Vec<DateTime<Utc>>,
    pub windows: Vec<i32>,
}

impl Hours {
    /// Adds a line's bounds: `(from, window)`, sorted, the last one's window -1. Runs of bounds
    /// apart by more than [`Hours::GAP`] are read apart: one statement reads every row from a
    /// run's first bound to its last, so the hours at the two ends of a year of whole days must
    /// not bring the year between them. Shorter gaps (the rest of the day around a shift
    /// filter's shifts) stay in one run: a probe per window cost more than reading them.
    pub fn push(&mut self, line: &str, bounds: &[(DateTime<Utc>, i32)]) {
        let mut start = 0;
        for (i, b) in bounds.iter().enumerate() {
            if b.1 == -1 && (i + 1 == bounds.len() || bounds[i + 1].0 - b.0 > Self::GAP) {
                self.push_run(line, &bounds[start..=i]);
                start = i + 1;
            }
        }
    }

    /// The longest gap between two windows read in one run.
    pub const GAP: chrono::TimeDelta = chrono::TimeDelta::days(2);

    /// The window and line of slot `slot` (1-based into `bounds`) of a statement's rows (see
    /// `hours.sql`), `None` for the slots of no window.
    pub(crate) fn place(&self, slot: i32) -> Option<(i32, &str)> {
        let k = *self.windows.get(usize::try_from(slot - 1).ok()?)?;
        let run = self.hi.partition_point(|&hi| hi < slot);
        (k >= 0 && self.lo.get(run).is_some_and(|&lo| lo <= slot))
            .then(|| (k, self.lines[run].as_str()))
    }

    /// `rows` read by slot, each named by its window and line; the slots of no window dropped.
    fn placed<R>(&self, rows: Vec<R>, slot: impl Fn(&mut R) -> (&mut i32, &mut String)) -> Vec<R> {
        rows.into_iter()
            .filter_map(|mut r| {
                let (k, line) = slot(&mut r);
                let (window, id) = self.place(*k)?;
                *k = window;
                *line = id.to_string();
                Some(r)
            })
            .collect()
    }

    fn push_run(&mut self, line: &str, bounds: &[(DateTime<Utc>, i32)]) {
        if bounds.len() < 2 {
            return;
        }
        self.lines.push(line.to_string());
        self.lo.push(self.bounds.len() as i32 + 1);
        self.bounds.extend(bounds.iter().map(|b| b.0));
        self.windows.extend(bounds.iter().map(|b| b.1));
        self.hi.push(self.bounds.len() as i32);
    }
}

impl Pieces {
    pub fn push(&mut self, line: &str, window: usize, p: Piece) {
        self.lines.push(line.to_string());
        self.windows.push(window as i32);
        self.tiers.push(p.tier.code());
        self.from.push(p.from);
        self.to.push(p.to);
    }
}

macro_rules! bind_pieces {
    ($q:expr, $p:expr) => {
        $q.bind(&$p.lines)
            .bind(&$p.windows)
            .bind(&$p.tiers)
            .bind(&$p.from)
            .bind(&$p.to)
            .bind(&$p.recipes)
            .bind(&$p.order)
            .bind(&$p.batch)
    };
}

/// Weighed totals per window, line, material, scale and bin (`bin_id` '' when none).
#[derive(Debug, Clone, FromRow)]
pub struct MaterialRow {
    pub k: i32,
    pub line_id: String,
    pub material_id: String,
    pub scale_id: String,
    pub bin_id: String,
    pub doses: i64,
    pub setpoint_kg: f64,
    pub actual_kg: f64,
    pub deviation_kg: f64,
    pub deviation_sq: f64,
    pub out_of_tolerance: i64,
}

macro_rules! bind_hours {
    ($q:expr, $h:expr, $p:expr) => {
        $q.bind(&$h.lines)
            .bind(&$h.lo)
            .bind(&$h.hi)
            .bind(&$h.bounds)
            .bind(&$p.recipes)
    };
}

/// The statements of `hours.sql` and a tail, and the same reading the local-day rollups
/// instead of the hour ones (the tables' columns are the same): built once, at first use.
struct ByBucket {
    hours: &'static str,
    days: std::sync::LazyLock<String>,
}

impl ByBucket {
    /// The statement for `days` or hours.
    fn sql(&'static self, days: bool) -> &'static str {
        if days { self.days.as_str() } else { self.hours }
    }
}

macro_rules! by_bucket {
    ($tail:literal) => {{
        const HOURS: &str = concat!(include_str!("reports/hours.sql"), include_str!($tail));
        ByBucket {
            hours: HOURS,
            days: std::sync::LazyLock::new(|| {
                HOURS
                    .replace("report_line_hour", "report_line_lday")
                    .replace("report_batch_hour", "report_batch_lday")
                    .replace("report_material_hour", "report_material_lday")
            }),
        }
    }};
}

static MATERIAL_BY_BUCKET: ByBucket = by_bucket!("reports/material_hours.sql");
static BATCH_BY_BUCKET: ByBucket = by_bucket!("reports/batch_hours.sql");

pub async fn material_rows(db: &PgPool, p: &Pieces) -> DbResult<Vec<MaterialRow>> {
    let mut rows = Vec::new();
    if !p.lines.is_empty() {
        let q = sqlx::query_as(concat!(
            include_str!("reports/pieces.sql"),
            include_str!("reports/material_rows.sql")
        ));
        rows = bind_pieces!(q, p).fetch_all(db).await?;
    }
    for (h, days) in [(&p.hours, false), (&p.days, true)] {
        if !h.lines.is_empty() {
            let q = sqlx::query_as(MATERIAL_BY_BUCKET.sql(days));
            let read = bind_hours!(q, h, p)
                .bind(&p.materials)
                .fetch_all(db)
                .await?;
            rows.extend(h.placed(read, |r: &mut MaterialRow| (&mut r.k, &mut r.line_id)));
        }
    }
    Ok(rows)
}

/// Batch totals per window, line, recipe version and order (`schedule_id` '' when none).
#[derive(Debug, Clone, FromRow)]
pub struct BatchRow {
    pub k: i32,
    pub line_id: String,
    pub recipe_id: String,
    pub schedule_id: String,
    pub batches: i64,
    pub aborted: i64,
    pub target_kg: f64,
    pub setpoint_kg: f64,
    pub actual_kg: f64,
    pub doses: i64,
    pub out_of_tolerance: i64,
    /// Batches with a dose out of tolerance.
    pub oot_batches: i64,
    /// Batches whose start is known, and their time from start to end.
    pub timed_batches: i64,
    pub duration_s: f64,
    /// Kilograms of batches not aborted with every dose in tolerance.
    pub good_kg: f64,
    /// The time the rated kilograms take at their ideal rates (decision 112).
    pub ideal_s: f64,
    /// Kilograms made with an ideal rate configured.
    pub rated_kg: f64,
}

pub async fn batch_rows(db: &PgPool, p: &Pieces) -> DbResult<Vec<BatchRow>> {
    let mut rows = Vec::new();
    if !p.lines.is_empty() {
        let q = sqlx::query_as(concat!(
            include_str!("reports/pieces.sql"),
            include_str!("reports/batch_rows.sql")
        ));
        rows = bind_pieces!(q, p).fetch_all(db).await?;
    }
    for (h, days) in [(&p.hours, false), (&p.days, true)] {
        if !h.lines.is_empty() {
            let q = sqlx::query_as(BATCH_BY_BUCKET.sql(days));
            let read = bind_hours!(q, h, p).fetch_all(db).await?;
            rows.extend(h.placed(read, |r: &mut BatchRow| (&mut r.k, &mut r.line_id)));
        }
    }
    Ok(rows)
}

/// A batch of a report's list, with what was weighed into it.
#[derive(Debug, Clone, FromRow)]
pub struct BatchListRow {
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
    /// `[{materialId, scaleId, binId, setpointKg, actualKg, inTolerance}]`
    pub weighings: serde_json::Value,
}

/// The batches a list shows: those that ended in windows (line, from, to).
#[derive(Debug, Clone, Default)]
pub struct BatchWindows {
    pub lines: Vec<String>,
    pub from: Vec<DateTime<Utc>>,
    pub to: Vec<DateTime<Utc>>,
}

/// One page of the batches of `w`, newest first, with the filters of `p`. One window per line
/// over one range reads in the order of the `ended_at` index; other windows (a shift's time)
/// are sorted.
pub async fn batch_list(
    db: impl PgExecutor<'_>,
    w: &BatchWindows,
    p: &Pieces,
    limit: i64,
    offset: i64,
) -> DbResult<Vec<BatchListRow>> {
    let one_range =
        w.from.windows(2).all(|x| x[0] == x[1]) && w.to.windows(2).all(|x| x[0] == x[1]);
    let q = if one_range && !w.lines.is_empty() {
        sqlx::query_as(concat!(
            include_str!("reports/batch_page_range.sql"),
            include_str!("reports/batch_list.sql")
        ))
        .bind(&w.lines)
        .bind(w.from[0])
        .bind(w.to[0])
    } else {
        sqlx::query_as(concat!(
            include_str!("reports/batch_page_windows.sql"),
            include_str!("reports/batch_list.sql")
        ))
        .bind(&w.lines)
        .bind(&w.from)
        .bind(&w.to)
    };
    Ok(q.bind(&p.recipes)
        .bind(&p.order)
        .bind(&p.batch)
        .bind(limit)
        .bind(offset)
        .fetch_all(db)
        .await?)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(h: i64) -> DateTime<Utc> {
        DateTime::<Utc>::UNIX_EPOCH + chrono::Duration::hours(h)
    }

    #[test]
    fn a_line_s_bounds_are_read_in_runs_without_gaps() {
        let mut h = Hours::default();
        // Hours 0..23 of window 0, a gap (days read elsewhere), hours 8759..8760 of window 1.
        h.push("L1", &[(t(0), 0), (t(23), -1), (t(8759), 1), (t(8760), -1)]);
        // Contiguous windows, or a day's gaps (one shift a day): one run.
        h.push("L2", &[(t(0), 0), (t(8), 1), (t(16), 2), (t(24), -1)]);
        h.push("L3", &[(t(0), 0), (t(8), -1), (t(24), 1), (t(32), -1)]);
        assert_eq!(h.lines, ["L1", "L1", "L2", "L3"]);
        assert_eq!((&h.lo, &h.hi), (&vec![1, 3, 5, 9], &vec![2, 4, 8, 12]));
        assert_eq!(h.windows, [0, -1, 1, -1, 0, 1, 2, -1, 0, -1, 1, -1]);
        // Each slot is named by its window and line; the slots of no window are none.
        assert_eq!(h.place(1), Some((0, "L1")));
        assert_eq!(h.place(2), None);
        assert_eq!(h.place(3), Some((1, "L1")));
        assert_eq!(h.place(7), Some((2, "L2")));
        assert_eq!(h.place(11), Some((1, "L3")));
        assert_eq!((h.place(12), h.place(0), h.place(13)), (None, None, None));
        // Nothing whole: nothing to read.
        let mut h = Hours::default();
        h.push("L1", &[]);
        h.push("L1", &[(t(3), -1)]);
        assert!(h.lines.is_empty());
    }
}
