//! The bin history (`bins/getmaterialhistory`): per bin, its fills, doses, empties and material
//! changes in the range with the level before and after; the movements a page at a time; and,
//! for one bin, its level over the range for a chart. Whole UTC days come from the day rollup
//! `report_bin_day`, the partial days at the edges from the raw movements.

use chrono::{DateTime, Datelike, Duration, DurationRound, Months, Utc};
use model::wire::BinMovementKind;
use serde::Serialize;
use utoipa::ToSchema;

use super::read::Names;
use super::scope::{Scope, given};
use crate::{App, Result};

/// One bin over the range.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BinSummary {
    pub line_id: String,
    pub line_name: Option<String>,
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
    /// Every movement's change of level added up (filled − dosed − emptied, and any material
    /// change that moved the level).
    pub net_kg: f64,
    /// The highest level in the range.
    pub peak_kg: Option<f64>,
    /// Opening plus the net of the movements: what the closing level should be.
    pub expected_closing_kg: Option<f64>,
    /// Closing minus expected: the weight the movements do not account for.
    pub discrepancy_kg: Option<f64>,
    /// False when the closing level differs from the expected one by more than
    /// [`RECONCILE_TOLERANCE_KG`]: a lost or doubled movement, or a level the plant reset.
    pub reconciled: bool,
    /// True when a level in the range (opening, peak or closing) was above the bin's capacity.
    pub over_capacity: bool,
    /// Codes of the materials that moved.
    pub materials: Vec<String>,
}

/// How far a closing level may be from opening + movements and still reconcile: half a
/// kilogram, the coarsest scale resolution of a batching line (levels are sums of weighed
/// movements, so anything larger is a movement missing or counted twice).
pub const RECONCILE_TOLERANCE_KG: f64 = 0.5;

impl BinSummary {
    /// The bin's row, checked: opening + filled − dosed − emptied = closing, and levels within
    /// capacity.
    fn reconciled(b: db::bins::Summary, line_name: Option<String>) -> BinSummary {
        let expected_closing_kg = b.opening_kg.map(|o| o + b.net_kg);
        let discrepancy_kg = match (b.closing_kg, expected_closing_kg) {
            (Some(c), Some(e)) => Some(c - e),
            _ => None,
        };
        let over_capacity = b.capacity_kg.is_some_and(|cap| {
            [b.opening_kg, b.peak_kg, b.closing_kg]
                .into_iter()
                .flatten()
                .any(|l| l > cap + RECONCILE_TOLERANCE_KG)
        });
        BinSummary {
            line_id: b.line_id,
            line_name,
            bin_id: b.bin_id,
            bin_name: b.bin_name,
            capacity_kg: b.capacity_kg,
            min_level_kg: b.min_level_kg,
            fills: b.fills,
            filled_kg: b.filled_kg,
            doses: b.doses,
            dosed_kg: b.dosed_kg,
            empties: b.empties,
            emptied_kg: b.emptied_kg,
            changes: b.changes,
            opening_kg: b.opening_kg,
            closing_kg: b.closing_kg,
            net_kg: b.net_kg,
            peak_kg: b.peak_kg,
            expected_closing_kg,
            discrepancy_kg,
            reconciled: discrepancy_kg.is_none_or(|d| d.abs() <= RECONCILE_TOLERANCE_KG),
            over_capacity,
            materials: b.materials,
        }
    }
}

/// One movement of a bin.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Movement {
    pub time: DateTime<Utc>,
    pub line_id: String,
    pub line_name: Option<String>,
    pub bin_id: String,
    pub material_id: String,
    pub material_name: Option<String>,
    pub lot: Option<String>,
    /// `FILL`, `DOSE`, `EMPTY` or `CHANGE`.
    pub kind: String,
    /// Positive into the bin, negative out of it.
    pub delta_kg: f64,
    pub level_kg: f64,
}

/// A bin's level in one step of the chart: the last level, and the lowest and highest.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LevelPoint {
    pub time: DateTime<Utc>,
    pub level_kg: f64,
    pub min_kg: f64,
    pub max_kg: f64,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BinHistory {
    pub from_date_time: DateTime<Utc>,
    pub to_date_time: DateTime<Utc>,
    pub bins: Vec<BinSummary>,
    pub page: i64,
    pub limit: i64,
    /// Movements in the range (every page, of the kind asked).
    pub total: i64,
    /// This page of the movements, newest first.
    pub movements: Vec<Movement>,
    /// With one bin asked: its level over the range in at most 500 steps.
    pub levels: Vec<LevelPoint>,
}

const LEVEL_STEPS: i64 = 500;

/// The whole UTC days of `[from, to)`, if any (read from the day rollup).
fn whole_days(from: DateTime<Utc>, to: DateTime<Utc>) -> Option<(DateTime<Utc>, DateTime<Utc>)> {
    let day = Duration::days(1);
    let first = from.duration_trunc(day).ok()?;
    let first = if first < from { first + day } else { first };
    let last = to.duration_trunc(day).ok()?;
    (first < last).then_some((first, last))
}

/// The whole UTC months within whole UTC `days`, if any (read from the month rollup).
fn whole_months(
    days: Option<(DateTime<Utc>, DateTime<Utc>)>,
) -> Option<(DateTime<Utc>, DateTime<Utc>)> {
    let (first, last) = days?;
    let month_start = |d: DateTime<Utc>| {
        d.date_naive()
            .with_day(1)
            .map(|m| m.and_time(chrono::NaiveTime::MIN).and_utc())
    };
    let start = month_start(first)?;
    let first = if start < first {
        start.checked_add_months(Months::new(1))?
    } else {
        start
    };
    let last = month_start(last)?;
    (first < last).then_some((first, last))
}

/// The bin's code on one of the scope's lines, from its code (any case) or `_id`; a code no
/// bin has now is kept as given (a bin since removed).
async fn bin_code(app: &App, scope: &Scope, raw: Option<&str>) -> Result<Option<String>> {
    let Some(raw) = given(raw) else {
        return Ok(None);
    };
    let names = Names::load(app, "bin", scope).await?;
    Ok(Some(names.code_of(raw)))
}

/// The bin history of `scope`: every bin (or the one `bin` names, by code or `_id`), page
/// `page` of `limit` movements (of `kind` only, when given) and, for one bin, its level.
pub async fn history(
    app: &App,
    scope: &Scope,
    bin: Option<&str>,
    kind: Option<BinMovementKind>,
    page: i64,
    limit: i64,
) -> Result<BinHistory> {
    let lines = scope.line_ids();
    let bin = bin_code(app, scope, bin).await?;
    let days = whole_days(scope.from, scope.to);
    let range = (scope.from, scope.to);
    let tiers = (days, whole_months(days));
    let bins: Vec<BinSummary> =
        db::bins::summaries(app.reads(), &lines, range, bin.as_deref(), tiers)
            .await?
            .into_iter()
            .map(|b| {
                let name = scope.line_name(&b.line_id);
                BinSummary::reconciled(b, name)
            })
            .collect();
    let total = bins
        .iter()
        .map(|b| match kind {
            Some(BinMovementKind::Fill) => b.fills,
            Some(BinMovementKind::Dose) => b.doses,
            Some(BinMovementKind::Empty) => b.empties,
            Some(BinMovementKind::Change) => b.changes,
            None => b.fills + b.doses + b.empties + b.changes,
        })
        .sum();
    let offset = (page - 1) * limit;
    let found = db::bins::movements(
        app.reads(),
        &lines,
        range,
        (bin.as_deref(), kind.map(BinMovementKind::as_str)),
        limit,
        offset,
    )
    .await?;
    let materials = Names::load(app, "material", scope).await?;
    let movements: Vec<Movement> = found
        .into_iter()
        .map(|m| Movement {
            line_name: scope.line_name(&m.line_id),
            material_name: materials
                .get(&m.line_id, &m.material_id)
                .map(|n| n.name.clone()),
            time: m.time,
            line_id: m.line_id,
            bin_id: m.bin_id,
            material_id: m.material_id,
            lot: m.lot,
            kind: m.kind.as_str().to_string(),
            delta_kg: m.delta_kg,
            level_kg: m.level_kg,
        })
        .collect();
    let levels = match &bin {
        None => Vec::new(),
        Some(bin) => {
            // The shortest whole step that keeps the chart within LEVEL_STEPS points.
            let span = scope.to - scope.from;
            let step = [1, 5, 15, 30, 60, 180, 360, 720, 1440, 10080]
                .map(Duration::minutes)
                .into_iter()
                .find(|st| span.num_seconds() / st.num_seconds() < LEVEL_STEPS)
                .unwrap_or(Duration::days(7));
            let daily = days.filter(|_| step == Duration::days(1));
            let step = step.to_std().unwrap_or_default();
            db::bins::levels(app.reads(), &lines, range, bin, step, daily)
                .await?
                .into_iter()
                .map(|p| LevelPoint {
                    time: p.time,
                    level_kg: p.level_kg,
                    min_kg: p.min_kg,
                    max_kg: p.max_kg,
                })
                .collect()
        }
    };
    Ok(BinHistory {
        from_date_time: scope.from,
        to_date_time: scope.to,
        bins,
        page,
        limit,
        total,
        movements,
        levels,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(s: &str) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(s).unwrap().to_utc()
    }

    #[test]
    fn whole_months_lie_within_the_whole_days() {
        // A year from a local midnight (23:00 UTC): days from the next UTC midnight, months from
        // the next first of a month.
        let days = whole_days(t("2025-11-27T23:00:00Z"), t("2026-11-27T23:00:00Z"));
        assert_eq!(
            days,
            Some((t("2025-11-28T00:00:00Z"), t("2026-11-27T00:00:00Z")))
        );
        assert_eq!(
            whole_months(days),
            Some((t("2025-12-01T00:00:00Z"), t("2026-11-01T00:00:00Z")))
        );
        // Days starting on the first hold that month; fewer than a whole month hold none.
        let from_first = Some((t("2026-03-01T00:00:00Z"), t("2026-05-01T00:00:00Z")));
        assert_eq!(whole_months(from_first), from_first);
        let short = Some((t("2026-03-02T00:00:00Z"), t("2026-04-30T00:00:00Z")));
        assert_eq!(whole_months(short), None);
        assert_eq!(whole_months(None), None);
    }
}
