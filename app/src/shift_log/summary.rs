//! The production summary of a shift, counted with the reports' own functions.

use chrono::{DateTime, Utc};
use model::choice::OeeGroup;

use super::types::{ShiftSummary, SummaryStop};
use crate::reports::read::{MaterialFilter, by_window};
use crate::reports::scope::{Scope, lines_of};
use crate::reports::stops::stops;
use crate::{App, Result};

/// The stop reasons a summary lists, longest first.
pub const SUMMARY_REASONS: usize = 10;

/// The summary of line `line` over [from, to) as the reports count it.
pub async fn summary(
    app: &App,
    line: &str,
    from: DateTime<Utc>,
    to: DateTime<Utc>,
) -> Result<ShiftSummary> {
    let now = Utc::now();
    let lines = lines_of(app, line).await?;
    let scope = Scope {
        lines,
        from,
        to,
        recipes: None,
        order: None,
        batch: None,
        shift: None,
    };
    let production = by_window(app, &scope, "line", &MaterialFilter::default()).await?;
    let f = production.totals;
    let found = stops(app, &[(line.to_string(), from, to)], 0, 0).await?;
    let alarms = db::shift_log::alarms(&app.pool, line, from, to).await?;
    let oee = crate::reports::oee::report(app, &scope, OeeGroup::Line, now)
        .await?
        .lines
        .into_iter()
        .next()
        .map(|r| r.figures)
        .unwrap_or_default();
    let mut stop_reasons: Vec<SummaryStop> = found
        .pareto
        .into_iter()
        .map(|p| SummaryStop {
            name: (!p.key.is_empty()).then_some(p.name),
            code: p.key,
            stops: p.stops,
            duration_s: p.duration_s,
        })
        .collect();
    stop_reasons.sort_by(|a, b| b.duration_s.total_cmp(&a.duration_s));
    stop_reasons.truncate(SUMMARY_REASONS);
    Ok(ShiftSummary {
        computed_at: now,
        batches: f.batches.unwrap_or(0),
        aborted: f.aborted.unwrap_or(0),
        actual_kg: f.actual_kg,
        tonnes: f.actual_kg / 1000.0,
        stops: found.totals.stops,
        stop_s: found.totals.duration_s,
        stop_reasons,
        alarms: alarms.raised,
        critical_alarms: alarms.critical,
        unacknowledged_alarms: alarms.unacknowledged,
        oee,
    })
}
