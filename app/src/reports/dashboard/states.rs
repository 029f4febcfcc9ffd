//! The dashboard's state times: each line's seconds running, idle, stopped and in fault over
//! its day (uptime), and per shift occurrence with what it made (utilisation).

use chrono::{DateTime, Utc};
use model::wire::LineStateKind;
use serde::Serialize;
use utoipa::ToSchema;

use super::{DashboardQuery, LineRows, days, line_rows};
use crate::reports::figures::Row;
use crate::{App, Result};

/// A line's uptime and downtime over its range.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LineUptime {
    pub line_id: String,
    pub line_name: String,
    pub from_date_time: DateTime<Utc>,
    pub to_date_time: DateTime<Utc>,
    pub states: StateTimes,
}

/// Per line: seconds running, idle, stopped and in fault in its day so far; uptime in %.
pub async fn uptime(app: &App, q: &DashboardQuery, reports: bool) -> Result<Vec<LineUptime>> {
    let scopes = days(app, q, reports).await?;
    let windows: Vec<_> = scopes
        .iter()
        .map(|sc| (sc.lines[0].id.clone(), sc.from, sc.to))
        .collect();
    let times = times(app, &windows).await?;
    Ok(scopes
        .iter()
        .zip(times)
        .map(|(sc, states)| LineUptime {
            line_id: sc.lines[0].id.clone(),
            line_name: sc.lines[0].name.clone(),
            from_date_time: sc.from,
            to_date_time: sc.to,
            states,
        })
        .collect())
}

/// One shift occurrence: how much of its time so far the line ran, and what it made.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ShiftUtilization {
    pub line_id: String,
    pub line_name: String,
    pub shift_id: String,
    pub shift_name: String,
    pub from: DateTime<Utc>,
    pub to: DateTime<Utc>,
    pub states: StateTimes,
    pub batches: i64,
    pub actual_kg: f64,
    /// Kilograms per running hour; absent before the line ran.
    pub kg_per_hour: Option<f64>,
}

/// Per line and shift occurrence of its day: running time in % of the shift so far, output.
pub async fn utilization(
    app: &App,
    q: &DashboardQuery,
    reports: bool,
) -> Result<Vec<ShiftUtilization>> {
    let rows: Vec<(LineRows, Row)> = line_rows(app, q, reports, "shift")
        .await?
        .into_iter()
        .flat_map(|l| l.rows.clone().into_iter().map(move |r| (l.clone(), r)))
        .filter(|(_, r)| !r.key.is_empty())
        .collect();
    let windows: Vec<_> = rows
        .iter()
        .map(|(l, r)| {
            (
                l.line_id.clone(),
                r.from.unwrap_or(l.from_date_time),
                r.to.unwrap_or(l.to_date_time),
            )
        })
        .collect();
    let times = times(app, &windows).await?;
    Ok(rows
        .into_iter()
        .zip(windows)
        .zip(times)
        .map(|(((l, r), (_, from, to)), states)| ShiftUtilization {
            kg_per_hour: (states.running_s > 0.0)
                .then(|| r.figures.actual_kg / states.running_s * 3600.0),
            line_id: l.line_id,
            line_name: l.line_name,
            shift_id: r.key,
            shift_name: r.name,
            from,
            to,
            states,
            batches: r.figures.batches.unwrap_or(0),
            actual_kg: r.figures.actual_kg,
        })
        .collect())
}

/// Seconds in each state within a window, up to now. `elapsedS` is the window's time so far;
/// `unknownS` the part of it before the line reported any state.
#[derive(Debug, Clone, Default, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StateTimes {
    pub running_s: f64,
    pub idle_s: f64,
    pub stopped_s: f64,
    pub fault_s: f64,
    pub unknown_s: f64,
    pub elapsed_s: f64,
    /// Stopped and in fault.
    pub downtime_s: f64,
    /// Running in % of the time elapsed; absent before the window began.
    pub uptime_pct: Option<f64>,
}

/// The state times of each window `(line, from, to)`, in their order.
pub async fn times(
    app: &App,
    windows: &[(String, DateTime<Utc>, DateTime<Utc>)],
) -> Result<Vec<StateTimes>> {
    let rows = db::dashboard::state_seconds(app.reads(), windows).await?;
    let now = Utc::now();
    Ok(windows
        .iter()
        .enumerate()
        .map(|(i, (_, from, to))| {
            let mut t = StateTimes {
                elapsed_s: ((*to).min(now) - *from).num_milliseconds().max(0) as f64 / 1000.0,
                ..StateTimes::default()
            };
            for r in rows.iter().filter(|r| r.window == i as i64 + 1) {
                let secs = r.seconds;
                match r.state {
                    LineStateKind::Running => t.running_s += secs,
                    LineStateKind::Idle => t.idle_s += secs,
                    LineStateKind::Stopped => t.stopped_s += secs,
                    LineStateKind::Fault => t.fault_s += secs,
                }
            }
            let known = t.running_s + t.idle_s + t.stopped_s + t.fault_s;
            t.unknown_s = (t.elapsed_s - known).max(0.0);
            t.downtime_s = t.stopped_s + t.fault_s;
            t.uptime_pct = (t.elapsed_s > 0.0).then(|| t.running_s / t.elapsed_s * 100.0);
            t
        })
        .collect())
}
