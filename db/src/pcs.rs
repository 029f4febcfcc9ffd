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

// The three statements narrow the readings alike ($1 to $6: lines, from, to, material, sensor,
// batch) and sum them up alike ($7: the band); sqlx's macros take literals only, so each says it.

/// The readings of `f` per line, material and sensor (`band`: the fraction of the setpoint a
/// reading may be off and still count as within).
pub async fn by_material(db: &PgPool, f: &Filter, band: f64) -> DbResult<Vec<Stats>> {
    Ok(sqlx::query_as!(
        Stats,
        r#"select r.line_id, null::text as batch_id, r.material_code, r.sensor as "sensor!",
                count(*) as "readings!", min(r.time) as "first_at!", max(r.time) as "last_at!",
                avg(r.pressure_bar) as "mean_bar!", min(r.pressure_bar) as "min_bar!", max(r.pressure_bar) as "max_bar!",
                coalesce(stddev_samp(r.pressure_bar), 0) as "stddev_bar!", avg(r.setpoint_bar) as "setpoint_bar!",
                avg(abs(r.pressure_bar - r.setpoint_bar)) as "mean_abs_deviation_bar!",
                count(*) filter (where abs(r.pressure_bar - r.setpoint_bar) <= $7 * abs(r.setpoint_bar)) as "within_band!",
                null::text as recipe_id, 0::int8 as "total!"
         from pressure_reading r
         where r.line_id = any($1) and r.time >= $2 and r.time < $3
           and ($4::text is null or upper(r.material_code) = upper($4))
           and ($5::text is null or r.sensor = $5)
           and ($6::text is null or r.batch_id = $6)
         group by r.line_id, r.material_code, r.sensor
         order by r.line_id, r.material_code, r.sensor"#,
        &f.lines,
        f.from,
        f.to,
        f.material.as_deref(),
        f.sensor.as_deref(),
        f.batch.as_deref(),
        band,
    )
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
    Ok(sqlx::query_as!(
        Stats,
        r#"select x.line_id as "line_id!", x.batch_id, x.material_code, x.sensor as "sensor!",
                x.readings as "readings!", x.first_at as "first_at!", x.last_at as "last_at!",
                x.mean_bar as "mean_bar!", x.min_bar as "min_bar!", x.max_bar as "max_bar!",
                x.stddev_bar as "stddev_bar!", x.setpoint_bar as "setpoint_bar!",
                x.mean_abs_deviation_bar as "mean_abs_deviation_bar!", x.within_band as "within_band!",
                b.recipe_id as "recipe_id?", count(*) over () as "total!"
         from (
            select r.line_id, r.batch_id, r.material_code, r.sensor,
                count(*) as readings, min(r.time) as first_at, max(r.time) as last_at,
                avg(r.pressure_bar) as mean_bar, min(r.pressure_bar) as min_bar, max(r.pressure_bar) as max_bar,
                coalesce(stddev_samp(r.pressure_bar), 0) as stddev_bar, avg(r.setpoint_bar) as setpoint_bar,
                avg(abs(r.pressure_bar - r.setpoint_bar)) as mean_abs_deviation_bar,
                count(*) filter (where abs(r.pressure_bar - r.setpoint_bar) <= $7 * abs(r.setpoint_bar)) as within_band
            from pressure_reading r
            where r.line_id = any($1) and r.time >= $2 and r.time < $3
           and ($4::text is null or upper(r.material_code) = upper($4))
           and ($5::text is null or r.sensor = $5)
           and ($6::text is null or r.batch_id = $6) and r.batch_id is not null
            group by r.line_id, r.batch_id, r.material_code, r.sensor) x
         left join production_batch b on b.line_id = x.line_id and b.batch_id = x.batch_id
         order by x.last_at desc, x.line_id, x.batch_id, x.sensor limit $8 offset $9"#,
        &f.lines,
        f.from,
        f.to,
        f.material.as_deref(),
        f.sensor.as_deref(),
        f.batch.as_deref(),
        band,
        limit,
        offset,
    )
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
    Ok(sqlx::query_as!(
        Bucket,
        r#"select r.line_id, r.sensor, date_bin(make_interval(secs => $7::float8), r.time, $2) as "at!",
                avg(r.pressure_bar) as "mean_bar!", min(r.pressure_bar) as "min_bar!",
                max(r.pressure_bar) as "max_bar!", avg(r.setpoint_bar) as "setpoint_bar!"
         from pressure_reading r
         where r.line_id = any($1) and r.time >= $2 and r.time < $3
           and ($4::text is null or upper(r.material_code) = upper($4))
           and ($5::text is null or r.sensor = $5)
           and ($6::text is null or r.batch_id = $6)
         group by 1, 2, 3 order by 1, 2, 3"#,
        &f.lines,
        f.from,
        f.to,
        f.material.as_deref(),
        f.sensor.as_deref(),
        f.batch.as_deref(),
        seconds as f64,
    )
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
    Ok(sqlx::query_as!(
        MaterialCode,
        r#"select r.material_code as "material_code!", array_agg(distinct r.sensor order by r.sensor) as "sensors!",
                count(*) as "readings!", min(r.time) as "first_at!", max(r.time) as "last_at!"
         from pressure_reading r
         where r.line_id = any($1) and r.time >= $2 and r.time < $3 and r.material_code is not null
         group by r.material_code order by r.material_code"#,
        &f.lines,
        f.from,
        f.to,
    )
    .fetch_all(db)
    .await?)
}
