//! The dashboard's figures (§7 Dashboard): per line, what it made today by shift and by
//! hour, its state now, its uptime and downtime, the utilisation of each shift and its top stop
//! reasons. "Today" is each line's own production day in its zone: its local day, begun where
//! its shift over midnight ends (decisions 61 and 78), unless the query gives a range. The
//! figures come from the same windows and rollups as the reports, so the dashboard and a report
//! of the same range agree.

use chrono::{DateTime, Utc};
use model::choice::OeeGroup;
use model::config::shift_window::ShiftTimes;
use model::{Lang, Msg};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::reports::figures::{Figures, Report, Row};
use crate::reports::oee::{OeeFigures, OeeRow};
use crate::reports::read::{MaterialFilter, by_window};
use crate::reports::scope::{Line, ReportQuery, Scope};
use crate::reports::stops::{ParetoRow, StopTotals, Stops, stops};
use crate::{App, Error, Result};

mod states;
pub use states::{LineUptime, ShiftUtilization, StateTimes, times, uptime, utilization};

/// The line and range of a dashboard call.
#[derive(Debug, Default, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DashboardQuery {
    /// A line's `_id`; omitted or `ALL` for every line.
    pub line_id: Option<String>,
    /// Start of the range (RFC 3339); omitted with `toDateTime` for each line's local today.
    pub from_date_time: Option<String>,
    /// End of the range, excluded (RFC 3339).
    pub to_date_time: Option<String>,
}

/// The production day of `line` that holds now, in its zone (a night shift is not cut at
/// midnight: [`model::report::production_day`]).
pub async fn production_day(app: &App, line: &Line) -> Result<(DateTime<Utc>, DateTime<Utc>)> {
    let now = db::zones::to_local(app.reads(), &line.zone, &[Utc::now()]).await?;
    let times: Vec<ShiftTimes<usize>> = line.shifts.iter().map(|s| s.times.clone()).collect();
    let (from, to) = model::report::production_day(&times, now[0]);
    let utc = db::zones::to_utc(app.reads(), &line.zone, &[from, to]).await?;
    Ok((utc[0], utc[1]))
}

/// One scope per line, over the range given or else the line's production day that holds now.
/// The longest range a user without a `REPORTS_*` privilege may ask of the dashboard: its own
/// day, or a week back (reports are for those with the right to them; decision 94).
pub const DAYS_WITHOUT_REPORTS: i64 = 7;

/// `reports`: whether the user holds a `REPORTS_*` privilege (longer ranges).
pub async fn days(app: &App, q: &DashboardQuery, reports: bool) -> Result<Vec<Scope>> {
    let blank = |v: &Option<String>| v.as_deref().is_none_or(|v| v.trim().is_empty());
    let today = blank(&q.from_date_time) && blank(&q.to_date_time);
    let now = Utc::now().to_rfc3339();
    let scope = ReportQuery {
        line_id: q.line_id.clone(),
        from_date_time: if today {
            Some(now.clone())
        } else {
            q.from_date_time.clone()
        },
        to_date_time: if today {
            Some(now)
        } else {
            q.to_date_time.clone()
        },
        ..ReportQuery::default()
    }
    .scope(app)
    .await?;
    if scope.to - scope.from > chrono::Duration::days(DAYS_WITHOUT_REPORTS) && !reports {
        return Err(Error::field(
            "toDateTime",
            Msg::new("dashboard.rangeTooLong").arg("days", DAYS_WITHOUT_REPORTS.to_string()),
        ));
    }
    let ranges: Vec<(DateTime<Utc>, DateTime<Utc>)> = if today {
        let mut out = Vec::with_capacity(scope.lines.len());
        for line in &scope.lines {
            out.push(production_day(app, line).await?);
        }
        out
    } else {
        vec![(scope.from, scope.to); scope.lines.len()]
    };
    Ok(scope
        .lines
        .iter()
        .zip(ranges)
        .map(|(line, (from, to))| Scope {
            lines: vec![line.clone()],
            from,
            to,
            ..scope.clone()
        })
        .collect())
}

/// A line's rows over its range (its shifts or its hours).
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LineRows {
    pub line_id: String,
    pub line_name: String,
    pub from_date_time: DateTime<Utc>,
    pub to_date_time: DateTime<Utc>,
    pub rows: Vec<Row>,
    pub totals: Figures,
}

/// Each line's rows over its range, by `by` (`shift` or `hour`); rows without a name of their
/// own are named by [`LineRows::said`].
pub async fn line_rows(
    app: &App,
    q: &DashboardQuery,
    reports: bool,
    by: &str,
) -> Result<Vec<LineRows>> {
    let mut out = Vec::new();
    for scope in days(app, q, reports).await? {
        let Report { rows, totals, .. } =
            by_window(app, &scope, by, &MaterialFilter::default()).await?;
        let line = &scope.lines[0];
        out.push(LineRows {
            line_id: line.id.clone(),
            line_name: line.name.clone(),
            from_date_time: scope.from,
            to_date_time: scope.to,
            rows,
            totals,
        });
    }
    Ok(out)
}

/// A line's day at a glance.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LineDetails {
    pub line_id: String,
    pub line_name: String,
    pub from_date_time: DateTime<Utc>,
    pub to_date_time: DateTime<Utc>,
    /// Batches, kilograms and dosing accuracy of the batches that ended in the range.
    pub figures: Figures,
    pub states: StateTimes,
    pub stops: StopTotals,
    /// The three reasons that stopped the line longest.
    pub top_stops: Vec<ParetoRow>,
}

impl LineRows {
    /// The rows named in `lang` where they have no name of their own ("No shift").
    pub fn said(mut self, lang: Lang) -> LineRows {
        for row in &mut self.rows {
            if let Some(msg) = &row.unnamed {
                row.name = msg.text(lang);
            }
        }
        self
    }
}

impl LineDetails {
    /// The stop reasons named in `lang` and cut to the three that stopped the line longest.
    pub fn said(mut self, lang: Lang) -> LineDetails {
        let found = Stops {
            page: Vec::new(),
            totals: self.stops.clone(),
            pareto: std::mem::take(&mut self.top_stops),
        }
        .said(lang);
        self.top_stops = found.pareto;
        self.top_stops.truncate(3);
        self
    }
}

/// Per line: production, dosing accuracy, uptime and the stop reasons of its day (named and
/// cut to the top three by [`LineDetails::said`]).
pub async fn details(app: &App, q: &DashboardQuery, reports: bool) -> Result<Vec<LineDetails>> {
    let mut out = Vec::new();
    for scope in days(app, q, reports).await? {
        let report = by_window(app, &scope, "line", &MaterialFilter::default()).await?;
        let line = &scope.lines[0];
        let window = [(line.id.clone(), scope.from, scope.to)];
        let found = stops(app, &window, 0, 0).await?;
        let states = times(app, &[(line.id.clone(), scope.from, scope.to)]).await?;
        out.push(LineDetails {
            line_id: line.id.clone(),
            line_name: line.name.clone(),
            from_date_time: scope.from,
            to_date_time: scope.to,
            figures: report.totals,
            states: states.into_iter().next().unwrap_or_default(),
            stops: found.totals,
            top_stops: found.pareto,
        });
    }
    Ok(out)
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
pub async fn line_status(app: &App, q: &DashboardQuery, reports: bool) -> Result<Vec<LineStatus>> {
    let scopes = days(app, q, reports).await?;
    let days: Vec<_> = scopes
        .iter()
        .map(|sc| (sc.lines[0].id.clone(), sc.from, sc.to))
        .collect();
    let now = db::dashboard::lines_now(app.reads(), &days).await?;
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
    Ok(out)
}

/// Per line: its OEE over its day so far (issue 34, item 3; `crate::reports::oee`); a line
/// without a shift in it has no figures.
pub async fn oee(app: &App, q: &DashboardQuery, reports: bool) -> Result<Vec<OeeRow>> {
    let now = Utc::now();
    let mut out = Vec::new();
    for scope in days(app, q, reports).await? {
        let report = crate::reports::oee::report(app, &scope, OeeGroup::Line, now).await?;
        let line = &scope.lines[0];
        out.push(report.lines.into_iter().next().unwrap_or_else(|| OeeRow {
            key: line.id.clone(),
            line_id: line.id.clone(),
            line_name: line.name.clone(),
            shift_id: None,
            shift_name: None,
            date: None,
            from: scope.from,
            to: scope.to,
            figures: OeeFigures::default(),
        }));
    }
    Ok(out)
}
