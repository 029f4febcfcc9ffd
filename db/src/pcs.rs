//! Pellet-press pressure control (PCS, issue 13): the pressure readings of a range by material
//! (the product pressed) and sensor, per batch, and bucketed in time for a chart.

use chrono::{DateTime, Utc};
use sqlx::{FromRow, PgPool};

use crate::DbResult;

/// What the readings are narrowed to: lines, a half-open range of reading times, a material
/// code and a sensor (none: all).
#[derive(Debug, Clone, Default)]
pub struct Filter {
    pub lines: Vec<String>,
    pub from: DateTime<Utc>,
    pub to: DateTime<Utc>,
    pub material: Option<String>,
    pub sensor: Option<String>,
    pub batch: Option<String>,
}

/// Readings summed up: per material and sensor, or per batch, material and sensor.
#[derive(Debug, Clone, FromRow)]
pub struct Stats {
    pub line_id: String,
    /// The batch (per-batch rows only).
    pub batch_id: Option<String>,
    pub material_code: Option<String>,
    pub sensor: String,
    pub readings: i64,
    pub first_at: DateTime<Utc>,
    pub last_at: DateTime<Utc>,
    pub mean_bar: f64,
    pub min_bar: f64,
    pub max_bar: f64,
    pub stddev_bar: f64,
    pub setpoint_bar: f64,
    /// Mean of |pressure − setpoint|.
    pub mean_abs_deviation_bar: f64,
    /// Readings within `band` (a fraction of the setpoint) of their setpoint.
    pub within_band: i64,
    /// The batch's recipe version (per-batch rows of a stored batch).
    pub recipe_id: Option<String>,
    /// How many rows the whole list has (per-batch rows).
    pub total: i64,
}

type Query<'q, O> = sqlx::query::QueryAs<'q, sqlx::Postgres, O, sqlx::postgres::PgArguments>;

/// `q` with `f` bound as $1 to $6 ([`WHERE`]).
fn filtered<'q, O>(q: Query<'q, O>, f: &'q Filter) -> Query<'q, O> {
    q.bind(&f.lines)
        .bind(f.from)
        .bind(f.to)
        .bind(&f.material)
        .bind(&f.sensor)
        .bind(&f.batch)
}

const WHERE: &str = "where r.line_id = any($1) and r.time >= $2 and r.time < $3
      and ($4::text is null or upper(r.material_code) = upper($4))
      and ($5::text is null or r.sensor = $5)
      and ($6::text is null or r.batch_id = $6)";

const FIGURES: &str = "count(*) as readings, min(r.time) as first_at, max(r.time) as last_at,
        avg(r.pressure_bar) as mean_bar, min(r.pressure_bar) as min_bar, max(r.pressure_bar) as max_bar,
        coalesce(stddev_samp(r.pressure_bar), 0) as stddev_bar, avg(r.setpoint_bar) as setpoint_bar,
        avg(abs(r.pressure_bar - r.setpoint_bar)) as mean_abs_deviation_bar,
        count(*) filter (where abs(r.pressure_bar - r.setpoint_bar) <= $7 * abs(r.setpoint_bar)) as within_band";

/// The readings of `f` per line, material and sensor (`band`: the fraction of the setpoint a
/// reading may be off and still count as within).
pub async fn by_material(db: &PgPool, f: &Filter, band: f64) -> DbResult<Vec<Stats>> {
    Ok(filtered(
        sqlx::query_as(sqlx::AssertSqlSafe(format!(
            "select r.line_id, null::text as batch_id, r.material_code, r.sensor, {FIGURES},
                null::text as recipe_id, 0::int8 as total
         from pressure_reading r {WHERE}
         group by r.line_id, r.material_code, r.sensor
         order by r.line_id, r.material_code, r.sensor"
        ))),
        f,
    )
    .bind(band)
    .fetch_all(db)
    .await?)
}

/// The readings of `f` per batch, material and sensor, newest batch first: `limit` from
/// `offset`, each row with how many there are in all.
pub async fn by_batch(
    db: &PgPool,
    f: &Filter,
    band: f64,
    limit: i64,
    offset: i64,
) -> DbResult<Vec<Stats>> {
    Ok(filtered(
        sqlx::query_as(sqlx::AssertSqlSafe(format!(
            "select x.*, b.recipe_id, count(*) over () as total from (
            select r.line_id, r.batch_id, r.material_code, r.sensor, {FIGURES}
            from pressure_reading r {WHERE} and r.batch_id is not null
            group by r.line_id, r.batch_id, r.material_code, r.sensor) x
         left join production_batch b on b.line_id = x.line_id and b.batch_id = x.batch_id
         order by x.last_at desc, x.line_id, x.batch_id, x.sensor limit $8 offset $9"
        ))),
        f,
    )
    .bind(band)
    .bind(limit)
    .bind(offset)
    .fetch_all(db)
    .await?)
}

/// A stretch of time of a chart: the readings' mean, min and max and the mean setpoint.
#[derive(Debug, Clone, FromRow)]
pub struct Bucket {
    pub line_id: String,
    pub sensor: String,
    pub at: DateTime<Utc>,
    pub mean_bar: f64,
    pub min_bar: f64,
    pub max_bar: f64,
    pub setpoint_bar: f64,
}

/// The readings of `f` in buckets of `seconds`, per line and sensor, in time order.
pub async fn buckets(db: &PgPool, f: &Filter, seconds: i64) -> DbResult<Vec<Bucket>> {
    Ok(filtered(
        sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "select r.line_id, r.sensor, date_bin(make_interval(secs => $7::float8), r.time, $2) as at,
                avg(r.pressure_bar) as mean_bar, min(r.pressure_bar) as min_bar, max(r.pressure_bar) as max_bar,
                avg(r.setpoint_bar) as setpoint_bar
         from pressure_reading r {WHERE}
         group by 1, 2, 3 order by 1, 2, 3"
    ))),
        f,
    )
    .bind(seconds as f64)
    .fetch_all(db)
    .await?)
}

/// A material code pressed in a range, with its sensors and readings.
#[derive(Debug, Clone, FromRow)]
pub struct MaterialCode {
    pub material_code: String,
    pub sensors: Vec<String>,
    pub readings: i64,
    pub first_at: DateTime<Utc>,
    pub last_at: DateTime<Utc>,
}

/// The material codes of the readings of `f` (its material and sensor ignored).
pub async fn material_codes(db: &PgPool, f: &Filter) -> DbResult<Vec<MaterialCode>> {
    Ok(sqlx::query_as(
        "select r.material_code, array_agg(distinct r.sensor order by r.sensor) as sensors, count(*) as readings,
                min(r.time) as first_at, max(r.time) as last_at
         from pressure_reading r
         where r.line_id = any($1) and r.time >= $2 and r.time < $3 and r.material_code is not null
         group by r.material_code order by r.material_code",
    )
    .bind(&f.lines)
    .bind(f.from)
    .bind(f.to)
    .fetch_all(db)
    .await?)
}
