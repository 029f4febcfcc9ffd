//! The bin history: per bin its movements in a range summed (whole UTC months from the month
//! rollup `report_bin_month`, whole UTC days from the day rollup `report_bin_day`, the partial
//! days at the edges from the raw movements), the movements a page at a time, and one bin's
//! level over the range in steps.

use chrono::{DateTime, Utc};
use model::wire::BinMovementKind;
use sqlx::PgExecutor;

use crate::DbResult;

/// One bin over a range.
#[derive(Debug, Clone)]
pub struct Summary {
    pub line_id: String,
    /// The bin's code.
    pub bin_id: String,
    /// Absent for a bin no longer configured.
    pub bin_name: Option<String>,
    pub capacity_kg: Option<f64>,
    pub min_level_kg: Option<f64>,
    pub fills: i64,
    pub filled_kg: f64,
    pub doses: i64,
    pub dosed_kg: f64,
    pub empties: i64,
    pub emptied_kg: f64,
    /// Material changes.
    pub changes: i64,
    /// The level before the range (the last one known; for a bin with none, the level its
    /// first movement in the range started from), and at its end.
    pub opening_kg: Option<f64>,
    pub closing_kg: Option<f64>,
    /// Every movement's change of level added up.
    pub net_kg: f64,
    /// The highest level in the range.
    pub peak_kg: Option<f64>,
    /// Codes of the materials that moved.
    pub materials: Vec<String>,
}

/// The whole UTC days `[from, to)` of a range, read from the day rollup.
pub type Days = Option<(DateTime<Utc>, DateTime<Utc>)>;

/// The bins of `lines` (only bin code `bin`) configured or moved in `[from, to)`, its whole
/// UTC `days` from the day rollup and the whole UTC `months` among them from the month rollup.
pub async fn summaries(
    db: impl PgExecutor<'_>,
    lines: &[String],
    (from, to): (DateTime<Utc>, DateTime<Utc>),
    bin: Option<&str>,
    (days, months): (Days, Days),
) -> DbResult<Vec<Summary>> {
    Ok(sqlx::query_file_as!(
        Summary,
        "src/bins/summary.sql",
        lines,
        from,
        to,
        bin,
        days.map(|d| d.0),
        days.map(|d| d.1),
        months.map(|m| m.0),
        months.map(|m| m.1)
    )
    .fetch_all(db)
    .await?)
}

/// One movement of a bin.
#[derive(Debug, Clone)]
pub struct Movement {
    pub time: DateTime<Utc>,
    pub line_id: String,
    pub bin_id: String,
    pub material_id: String,
    pub lot: Option<String>,
    pub kind: BinMovementKind,
    /// Positive into the bin, negative out of it.
    pub delta_kg: f64,
    pub level_kg: f64,
}

/// The movements of `lines` in `[from, to)` (only bin `bin`, only of `kind`), newest first:
/// `limit` from `offset`.
pub async fn movements(
    db: impl PgExecutor<'_>,
    lines: &[String],
    (from, to): (DateTime<Utc>, DateTime<Utc>),
    (bin, kind): (Option<&str>, Option<&str>),
    limit: i64,
    offset: i64,
) -> DbResult<Vec<Movement>> {
    Ok(sqlx::query_as!(
        Movement,
        r#"select time, line_id, bin_id, material_id, lot, kind as "kind: BinMovementKind", delta_kg, level_kg from bin_movement
         where line_id = any($1) and time >= $2 and time < $3 and ($4::text is null or bin_id = $4)
           and ($5::text is null or kind = $5)
         order by time desc, id desc limit $6 offset $7"#,
        lines,
        from,
        to,
        bin,
        kind,
        limit,
        offset
    )
    .fetch_all(db)
    .await?)
}

/// A bin's level in one step: the last level, and the lowest and highest.
#[derive(Debug, Clone)]
pub struct LevelPoint {
    pub time: DateTime<Utc>,
    pub level_kg: f64,
    pub min_kg: f64,
    pub max_kg: f64,
}

/// Bin `bin`'s level on `lines` from `from` to `to` in steps of `step`; with day steps, the
/// whole UTC `days` from the rollup.
pub async fn levels(
    db: impl PgExecutor<'_>,
    lines: &[String],
    (from, to): (DateTime<Utc>, DateTime<Utc>),
    bin: &str,
    step: std::time::Duration,
    days: Days,
) -> DbResult<Vec<LevelPoint>> {
    let step = sqlx::postgres::types::PgInterval::try_from(step).map_err(sqlx::Error::Encode)?;
    Ok(sqlx::query_file_as!(
        LevelPoint,
        "src/bins/levels.sql",
        lines,
        from,
        to,
        bin,
        step,
        days.map(|d| d.0),
        days.map(|d| d.1)
    )
    .fetch_all(db)
    .await?)
}
