//! Line states over time: the seconds in each state within windows, and each line's state now.

use axum::extract::State;
use chrono::{DateTime, Utc};
use model::Envelope;
use model::wire::LineStateKind;
use serde::Serialize;
use utoipa::ToSchema;

use super::{DashboardQuery, days};
use crate::AppState;
use crate::auth::AuthUser;
use crate::error::ApiResult;
use crate::extract::Body;
use crate::reports::read::{Answer, answer};

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
    s: &AppState,
    windows: &[(String, DateTime<Utc>, DateTime<Utc>)],
) -> ApiResult<Vec<StateTimes>> {
    let rows = db::dashboard::state_seconds(&s.pool, windows).await?;
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

/// A line now.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LineStatus {
    pub line_id: String,
    pub line_name: String,
    /// `RUNNING`, `IDLE`, `STOPPED` or `FAULT`; absent before the line reported one.
    pub state: Option<String>,
    pub since: Option<DateTime<Utc>>,
    /// The stop reason the line reported with its state.
    pub reason: Option<String>,
    /// The batch it is running.
    pub batch_id: Option<String>,
    pub recipe_code: Option<String>,
    pub recipe_name: Option<String>,
    pub schedule_name: Option<String>,
    pub batch_started_at: Option<DateTime<Utc>>,
    pub batch_target_kg: Option<f64>,
    pub last_batch_ended_at: Option<DateTime<Utc>>,
    pub last_batch_status: Option<String>,
    /// Batches ended in the line's day so far.
    pub batches_today: i64,
}

/// Per line: its state and since when, the batch it runs, its last batch, its batches today.
#[utoipa::path(post, path = "/api/dashboard/linestatus", tag = "dashboard",
    request_body = DashboardQuery, responses((status = 200, body = Envelope<Vec<LineStatus>>), (status = 400)))]
pub async fn line_status(
    State(s): State<AppState>,
    user: AuthUser,
    Body(q): Body<DashboardQuery>,
) -> Answer<Vec<LineStatus>> {
    let scopes = days(&s, &q, &user).await?;
    let days: Vec<_> = scopes
        .iter()
        .map(|sc| (sc.lines[0].id.clone(), sc.from, sc.to))
        .collect();
    let now = db::dashboard::lines_now(&s.pool, &days).await?;
    let out = now
        .into_iter()
        .zip(&scopes)
        .map(|(l, sc)| LineStatus {
            line_name: sc.lines[0].name.clone(),
            line_id: l.line_id,
            state: l.state.map(|s| s.as_str().to_string()),
            since: l.since,
            reason: l.reason,
            batch_id: l.batch_id,
            recipe_code: l.recipe_code,
            recipe_name: l.recipe_name,
            schedule_name: l.schedule_name,
            batch_started_at: l.batch_started_at,
            batch_target_kg: l.batch_target_kg,
            last_batch_ended_at: l.last_batch_ended_at,
            last_batch_status: l.last_batch_status.map(|s| s.as_str().to_string()),
            batches_today: l.batches_today,
        })
        .collect();
    answer(out)
}
