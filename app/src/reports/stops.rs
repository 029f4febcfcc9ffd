//! The stop-time report's engine: every stop of a range (a line state STOPPED or FAULT, until
//! the next state of that line), its reason and group, totals and a Pareto by reason; and the
//! reason a supervisor gives a stop afterwards (audited). A stop the line reported without a
//! reason is *unqualified* until one is given.

use chrono::{DateTime, Utc};
use model::{Lang, Msg};
use serde::{Deserialize, Serialize};
use serde_json::json;
use utoipa::ToSchema;
use uuid::Uuid;

use super::scope::Scope;
use super::windows::Window;
use crate::{App, Error, Result};

/// One stop.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Stop {
    pub line_id: String,
    #[serde(default)]
    pub line_name: Option<String>,
    pub started_at: DateTime<Utc>,
    /// `None` while the line is still stopped.
    pub ended_at: Option<DateTime<Utc>>,
    /// Up to its end, or up to now while it lasts.
    pub duration_s: f64,
    /// `STOPPED` or `FAULT`.
    pub state: String,
    /// The reason the line reported (a stop reason's code), if any.
    pub reported_reason: Option<String>,
    /// The stop reason (`_id`) in force: the one given afterwards, else the one reported.
    pub reason_id: Option<String>,
    pub reason_code: Option<String>,
    pub reason_name: Option<String>,
    pub group_id: Option<String>,
    pub group_code: Option<String>,
    pub group_name: Option<String>,
    pub planned: Option<bool>,
    /// Whether the stop has a known reason.
    pub qualified: bool,
    pub assigned_by: Option<String>,
    pub assigned_at: Option<DateTime<Utc>>,
}

/// One reason of the Pareto, largest first.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ParetoRow {
    /// The stop reason's code (one row for a reason configured on several lines, by its code
    /// in any case), the reported code when it names no configured reason, or '' for
    /// unqualified stops.
    pub key: String,
    pub code: Option<String>,
    pub name: String,
    pub group_name: Option<String>,
    pub stops: i64,
    pub duration_s: f64,
    pub share_pct: f64,
    pub cumulative_pct: f64,
    /// The name of the unqualified stops' row, said at the edge ([`Stops::said`]).
    #[serde(skip)]
    pub unnamed: Option<Msg>,
}

#[derive(Debug, Clone, Default, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StopTotals {
    pub stops: i64,
    pub duration_s: f64,
    pub unqualified: i64,
    pub unqualified_s: f64,
    pub planned_s: f64,
    pub unplanned_s: f64,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StopReport {
    pub from_date_time: DateTime<Utc>,
    pub to_date_time: DateTime<Utc>,
    pub page: i64,
    pub limit: i64,
    /// Stops in the range (every page).
    pub total: i64,
    /// This page of the stops, in time order.
    pub stops: Vec<Stop>,
    pub totals: StopTotals,
    pub pareto: Vec<ParetoRow>,
}

/// The stops of a reason in force (see `stops.sql`).
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct StopGroup {
    key: String,
    code: Option<String>,
    name: Option<String>,
    group_name: Option<String>,
    planned: Option<bool>,
    stops: i64,
    duration_s: f64,
}

/// One page of the stops of some windows, with the totals and Pareto of every page.
pub struct Stops {
    pub page: Vec<Stop>,
    pub totals: StopTotals,
    pub pareto: Vec<ParetoRow>,
}

impl Stops {
    /// The stops with the Pareto's unqualified row named in `lang` (and ranked by that name
    /// among rows of the same length).
    pub fn said(mut self, lang: Lang) -> Stops {
        for row in &mut self.pareto {
            if let Some(msg) = &row.unnamed {
                row.name = msg.text(lang);
            }
        }
        rank(&mut self.pareto, self.totals.duration_s);
        self
    }
}

/// The stops that began in `windows` (line, from, to; half-open): `limit` of them from `offset`
/// in time order, and the totals and Pareto of them all, counted by the database from every
/// state of the windows (short ones: a stop, a day on the dashboard).
pub async fn stops(
    app: &App,
    windows: &[(String, DateTime<Utc>, DateTime<Utc>)],
    limit: i64,
    offset: i64,
) -> Result<Stops> {
    let pieces = db::stops::StopPieces {
        raw: windows.to_vec(),
        rolled: Vec::new(),
    };
    counted(app, windows, &pieces, limit, offset).await
}

/// [`stops`] of the windows of `scope`, their whole local days and months counted from the
/// stop rollups (decision 104), the rest from the states.
pub async fn stops_in(
    app: &App,
    scope: &Scope,
    windows: &[Window],
    limit: i64,
    offset: i64,
) -> Result<Stops> {
    let p = scope.pieces(app, windows).await?;
    let mut pieces = db::stops::StopPieces::default();
    for (i, line) in p.lines.into_iter().enumerate() {
        let (tier, from, to) = (p.tiers[i], p.from[i], p.to[i]);
        match tier {
            "M" | "D" => pieces.rolled.push((line, tier, from, to)),
            _ => pieces.raw.push((line, from, to)),
        }
    }
    let windows: Vec<_> = windows
        .iter()
        .map(|w| (scope.lines[w.line].id.clone(), w.from, w.to))
        .collect();
    counted(app, &windows, &pieces, limit, offset).await
}

async fn counted(
    app: &App,
    windows: &[(String, DateTime<Utc>, DateTime<Utc>)],
    pieces: &db::stops::StopPieces,
    limit: i64,
    offset: i64,
) -> Result<Stops> {
    let (page, groups): (Vec<Stop>, Vec<StopGroup>) =
        db::stops::page(app.reads(), windows, pieces, limit, offset).await?;
    let (totals, pareto) = pareto(groups);
    Ok(Stops {
        page,
        totals,
        pareto,
    })
}

/// The stop of `line` that began at `at`, if any.
async fn stop_at(app: &App, line: &str, at: DateTime<Utc>) -> Result<Stop> {
    let windows = [(line.to_string(), at, at + chrono::Duration::microseconds(1))];
    // The stop is read where it is written: a standby may not have it yet.
    stops(&app.on_primary(), &windows, 1, 0)
        .await?
        .page
        .into_iter()
        .next()
        .ok_or_else(|| Error::NotFound(Msg::new("report.stopNotFound")))
}

/// Totals and the Pareto, largest first, of the stops by reason.
fn pareto(groups: Vec<StopGroup>) -> (StopTotals, Vec<ParetoRow>) {
    let mut totals = StopTotals::default();
    let mut rows: Vec<ParetoRow> = Vec::new();
    for g in groups {
        totals.stops += g.stops;
        totals.duration_s += g.duration_s;
        if g.key.is_empty() {
            totals.unqualified += g.stops;
            totals.unqualified_s += g.duration_s;
        }
        match g.planned {
            Some(true) => totals.planned_s += g.duration_s,
            _ => totals.unplanned_s += g.duration_s,
        }
        let name = g.name.or_else(|| g.code.clone());
        rows.push(ParetoRow {
            key: g.key,
            code: g.code,
            unnamed: name.is_none().then(|| Msg::new("report.unqualifiedStop")),
            name: name.unwrap_or_default(),
            group_name: g.group_name,
            stops: g.stops,
            duration_s: g.duration_s,
            share_pct: 0.0,
            cumulative_pct: 0.0,
        });
    }
    rank(&mut rows, totals.duration_s);
    (totals, rows)
}

/// The Pareto's order (longest first, then by name) and each row's share and cumulative share
/// of `total_s`.
fn rank(rows: &mut [ParetoRow], total_s: f64) {
    rows.sort_by(|a, b| {
        b.duration_s
            .total_cmp(&a.duration_s)
            .then(a.name.cmp(&b.name))
    });
    let mut cumulative = 0.0;
    for r in rows {
        if total_s > 0.0 {
            r.share_pct = r.duration_s / total_s * 100.0;
        }
        cumulative += r.share_pct;
        r.cumulative_pct = cumulative.min(100.0);
    }
}

/// The reason given to a stop afterwards.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AssignReason {
    /// The stop's line (`_id`).
    pub line_id: Option<String>,
    /// The stop's start, as the report gives it.
    pub started_at: Option<String>,
    /// A stop reason of that line (`_id`).
    pub stop_reason_id: Option<String>,
}

/// Gives the stop `b` names its reason as `actor` (a supervisor qualifying a stop, or
/// correcting the reported one); audited with the reason before and after. The stop as the
/// report now shows it.
pub async fn assign(app: &App, actor: &str, b: &AssignReason) -> Result<(Stop, Msg)> {
    let line = b.line_id.as_deref().map(str::trim).unwrap_or_default();
    if line.is_empty() {
        return Err(Error::field("lineId", Msg::new("validation.required")));
    }
    let at = crate::when::range(b.started_at.as_deref(), None)?.0;
    let at = at.ok_or_else(|| Error::field("startedAt", Msg::new("validation.required")))?;
    let reason = b
        .stop_reason_id
        .as_deref()
        .and_then(|r| Uuid::parse_str(r.trim()).ok())
        .ok_or_else(|| Error::field("stopReasonId", Msg::new("validation.required")))?;
    let stop = stop_at(app, line, at).await?;
    if !db::stops::reason_is_live(&app.pool, reason, line).await? {
        return Err(Error::field(
            "stopReasonId",
            Msg::new("report.stopReasonNotFound"),
        ));
    }
    let mut tx = app.pool.begin().await?;
    db::stops::assign(&mut tx, line, stop.started_at, reason, actor).await?;
    db::audit::write(
        &mut *tx,
        db::audit::Entry {
            actor: Some(actor),
            action: "stopReasonAssigned",
            entity: "stop",
            entity_id: Some(format!("{line}/{}", stop.started_at.to_rfc3339())),
            before: Some(
                json!({"reasonId": stop.reason_id, "reportedReason": stop.reported_reason}),
            ),
            after: Some(json!({"reasonId": reason})),
            detail: None,
        },
    )
    .await?;
    tx.commit().await?;
    let stop = stop_at(app, line, stop.started_at).await?;
    Ok((stop, Msg::new("report.stopReasonAssigned")))
}
