//! Pellet-press pressure control (PCS) under `/api/reports/pcs/`: the material codes pressed in
//! a range, the pressure per material and sensor against its setpoint (`getpressure`), per
//! batch (`getreport`, paged), and over time for a chart (`getpressureforgraph`: the pressure,
//! `PRESSURE`, or the pressure and its setpoint, `BOTH`, §9).

use chrono::{DateTime, Utc};
use model::Msg;
use model::choice::PressureView;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::App;
use crate::reports::scope::{Scope, given};
use crate::{Error, Result};

/// The most buckets of a chart series.
pub const MAX_BUCKETS: i64 = 600;

#[derive(Debug, Clone, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct PcsQuery {
    /// A material code pressed (omitted, `0` or `NONE`: all).
    pub material_code: Option<String>,
    /// A pressure sensor (omitted, `0` or `NONE`: all).
    pub sensor: Option<String>,
    /// How far from its setpoint a reading may be and count as within, % of the setpoint
    /// (0–100, default 5).
    pub band_pct: Option<String>,
    /// `getpressureforgraph`: `PRESSURE` (default) or `BOTH` (with the setpoint).
    #[serde(rename = "type")]
    #[param(value_type = Option<PressureView>)]
    pub kind: Option<String>,
}

/// The readings of the scope narrowed by `p`, and the band as a fraction.
pub fn filter(scope: &Scope, p: &PcsQuery) -> Result<(db::pcs::Filter, f64)> {
    let f = scope.batches()?;
    let band = match p
        .band_pct
        .as_deref()
        .map(str::trim)
        .filter(|s| !s.is_empty())
    {
        None => 5.0,
        Some(v) => v
            .parse::<f64>()
            .ok()
            .filter(|b| b.is_finite() && (0.0..=100.0).contains(b))
            .ok_or_else(|| {
                Error::field(
                    "bandPct",
                    Msg::new("validation.numberRange")
                        .arg("min", "0")
                        .arg("max", "100"),
                )
            })?,
    };
    Ok((
        db::pcs::Filter {
            lines: f.lines,
            from: f.from,
            to: f.to,
            material: given(p.material_code.as_deref()).map(str::to_string),
            sensor: given(p.sensor.as_deref()).map(str::to_string),
            batch: f.batch,
        },
        band / 100.0,
    ))
}

/// A material code pressed in the range.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MaterialCode {
    pub material_code: String,
    pub sensors: Vec<String>,
    pub readings: i64,
    pub first_at: DateTime<Utc>,
    pub last_at: DateTime<Utc>,
}

/// Pressure readings summed up (per material and sensor, or per batch).
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PressureRow {
    pub line_id: String,
    pub line_name: Option<String>,
    pub batch_id: Option<String>,
    /// The batch's recipe version (per-batch rows), for the link to its specific view.
    pub recipe_id: Option<String>,
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
    /// Mean pressure − mean setpoint.
    pub deviation_bar: f64,
    pub mean_abs_deviation_bar: f64,
    /// Share of the readings within the band of their setpoint, %.
    pub within_band_pct: f64,
}

pub fn row(scope: &Scope, r: db::pcs::Stats) -> PressureRow {
    PressureRow {
        line_name: scope.line_name(&r.line_id),
        deviation_bar: r.mean_bar - r.setpoint_bar,
        within_band_pct: if r.readings > 0 {
            100.0 * r.within_band as f64 / r.readings as f64
        } else {
            0.0
        },
        line_id: r.line_id,
        batch_id: r.batch_id,
        recipe_id: r.recipe_id,
        material_code: r.material_code,
        sensor: r.sensor,
        readings: r.readings,
        first_at: r.first_at,
        last_at: r.last_at,
        mean_bar: r.mean_bar,
        min_bar: r.min_bar,
        max_bar: r.max_bar,
        stddev_bar: r.stddev_bar,
        setpoint_bar: r.setpoint_bar,
        mean_abs_deviation_bar: r.mean_abs_deviation_bar,
    }
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PressureReport {
    pub from_date_time: DateTime<Utc>,
    pub to_date_time: DateTime<Utc>,
    pub band_pct: f64,
    /// Per batch (`getreport`: this page) or per material and sensor (`getpressure`).
    pub rows: Vec<PressureRow>,
    /// `getreport`: the page, rows a page and rows in all (every page).
    pub page: Option<i64>,
    pub limit: Option<i64>,
    pub total: Option<i64>,
}

/// A sensor's pressure over time.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PressureSeries {
    pub line_id: String,
    pub line_name: Option<String>,
    pub sensor: String,
    /// `[epoch ms of the bucket's start, mean, min, max]` (bar).
    pub points: Vec<[f64; 4]>,
    /// `BOTH`: `[epoch ms, mean setpoint]` (bar).
    pub setpoint: Option<Vec<[f64; 2]>>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PressureGraph {
    pub from_date_time: DateTime<Utc>,
    pub to_date_time: DateTime<Utc>,
    /// `PRESSURE` or `BOTH`.
    #[serde(rename = "type")]
    pub kind: PressureView,
    /// The length of a bucket, s (at most 600 buckets over the range).
    pub bucket_s: i64,
    pub series: Vec<PressureSeries>,
}

/// A round bucket length giving at most [`MAX_BUCKETS`] over `span` seconds.
pub fn bucket_for(span: i64) -> i64 {
    const STEPS: [i64; 14] = [
        1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200,
    ];
    let need = (span + MAX_BUCKETS - 1) / MAX_BUCKETS;
    STEPS
        .iter()
        .copied()
        .find(|s| *s >= need)
        .unwrap_or_else(|| (need + 86_399) / 86_400 * 86_400)
}

/// The material codes pressed in the range, with their sensors (the PCS screens' picker).
pub async fn material_codes(app: &App, scope: &Scope) -> Result<Vec<MaterialCode>> {
    scope.raw_series()?;
    let (f, _) = filter(scope, &PcsQuery::default())?;
    let rows = db::pcs::material_codes(app.reads(), &f).await?;
    Ok(rows
        .into_iter()
        .map(|m| MaterialCode {
            material_code: m.material_code,
            sensors: m.sensors,
            readings: m.readings,
            first_at: m.first_at,
            last_at: m.last_at,
        })
        .collect())
}

/// The pressure per line, material and sensor: readings, mean, spread, setpoint, the share
/// within the band.
pub async fn pressure(app: &App, scope: &Scope, p: &PcsQuery) -> Result<PressureReport> {
    scope.raw_series()?;
    let (f, band) = filter(scope, p)?;
    let rows = db::pcs::by_material(app.reads(), &f, band).await?;
    Ok(PressureReport {
        from_date_time: scope.from,
        to_date_time: scope.to,
        band_pct: band * 100.0,
        rows: rows.into_iter().map(|r| row(scope, r)).collect(),
        page: None,
        limit: None,
        total: None,
    })
}

/// The pressure of each batch and sensor, newest batch first, a page at a time (a page past
/// the end is empty).
pub async fn pressure_report(
    app: &App,
    scope: &Scope,
    p: &PcsQuery,
    page: i64,
    limit: i64,
) -> Result<PressureReport> {
    scope.raw_series()?;
    let (f, band) = filter(scope, p)?;
    let offset = (page - 1) * limit;
    let rows = db::pcs::by_batch(app.reads(), &f, band, limit, offset).await?;
    let total = match rows.first() {
        Some(r) => r.total,
        None if offset > 0 => db::pcs::by_batch(app.reads(), &f, band, 1, 0)
            .await?
            .first()
            .map_or(0, |r| r.total),
        None => 0,
    };
    Ok(PressureReport {
        from_date_time: scope.from,
        to_date_time: scope.to,
        band_pct: band * 100.0,
        rows: rows.into_iter().map(|r| row(scope, r)).collect(),
        page: Some(page),
        limit: Some(limit),
        total: Some(total),
    })
}

/// The pressure over the range per line and sensor, in at most 600 buckets (mean, min, max),
/// and with `type=BOTH` the setpoint too.
pub async fn pressure_graph(
    app: &App,
    scope: &Scope,
    p: &PcsQuery,
    kind: PressureView,
) -> Result<PressureGraph> {
    scope.raw_series()?;
    let (f, _) = filter(scope, p)?;
    let span = (scope.to - scope.from).num_seconds().max(1);
    let bucket = bucket_for(span);
    let buckets = db::pcs::buckets(app.reads(), &f, bucket).await?;
    let mut series: Vec<PressureSeries> = Vec::new();
    for b in buckets {
        if series
            .last()
            .is_none_or(|x| x.line_id != b.line_id || x.sensor != b.sensor)
        {
            series.push(PressureSeries {
                line_name: scope.line_name(&b.line_id),
                line_id: b.line_id.clone(),
                sensor: b.sensor.clone(),
                points: Vec::new(),
                setpoint: (kind == PressureView::Both).then(Vec::new),
            });
        }
        let Some(x) = series.last_mut() else {
            continue;
        };
        let ms = b.at.timestamp_millis() as f64;
        x.points.push([ms, b.mean_bar, b.min_bar, b.max_bar]);
        if let Some(sp) = x.setpoint.as_mut() {
            sp.push([ms, b.setpoint_bar]);
        }
    }
    Ok(PressureGraph {
        from_date_time: scope.from,
        to_date_time: scope.to,
        kind,
        bucket_s: bucket,
        series,
    })
}

#[cfg(test)]
mod tests {
    use super::bucket_for;

    #[test]
    fn buckets_are_round_and_at_most_600_over_the_range() {
        assert_eq!(bucket_for(60), 1);
        assert_eq!(bucket_for(3600), 10);
        assert_eq!(bucket_for(86_400), 300);
        assert_eq!(bucket_for(30 * 86_400), 7200);
        for span in [1, 599, 601, 86_399, 400 * 86_400] {
            assert!(span / bucket_for(span) <= 600, "{span}");
        }
    }
}
