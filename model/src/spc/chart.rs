//! A complete control chart in one call: limits from a baseline, plotted
//! and dispersion points of the judged series, run-rule violations and
//! capability.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::capability::{Capability, capability, sigma_within_individuals, sigma_within_subgroups};
use super::limits::{individuals_limits, mean, moving_ranges, range, subgroups, xbar_r_limits};
use super::rules::judge;
use super::{ChartKind, DispersionLimits, Limits, Rule, Violation};

/// A control chart ready to draw.
#[derive(Serialize, Deserialize, ToSchema, Debug, Clone, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct Chart {
    /// Which chart this is.
    pub kind: ChartKind,
    /// Plotted values: individual values (I-MR) or subgroup means (X̄-R).
    pub points: Vec<f64>,
    /// Moving range (null for the first point) or subgroup range, one per point.
    pub dispersion: Vec<Option<f64>>,
    /// Limits of the plotted values, from the baseline.
    pub limits: Limits,
    /// Limits of the dispersion values, from the baseline.
    pub dispersion_limits: DispersionLimits,
    /// Run-rule violations of the plotted points, indexed into `points`.
    pub violations: Vec<Violation>,
    /// Capability of the judged individual values, when it can be computed.
    pub capability: Option<Capability>,
}

/// Builds a chart of `judged` with limits computed from `baseline` only.
///
/// For X̄-R both series are cut into consecutive subgroups of `subgroup`
/// values (trailing incomplete subgroups dropped); `subgroup` is ignored for
/// I-MR. The run rules see the judged points only, without history.
/// Capability uses the judged individual values covered by the plotted
/// points, with σ within from their moving ranges or subgroup ranges.
/// Returns `None` when the baseline is too short (or, for X̄-R, the
/// subgroup size is outside 2..=10).
pub fn chart(
    kind: ChartKind,
    baseline: &[f64],
    judged: &[f64],
    subgroup: usize,
    rules: &[Rule],
    lsl: Option<f64>,
    usl: Option<f64>,
) -> Option<Chart> {
    let (limits, dispersion_limits, points, dispersion, sigma_within, covered) = match kind {
        ChartKind::Individuals => {
            let (limits, dispersion_limits) = individuals_limits(baseline)?;
            let dispersion = std::iter::once(None)
                .chain(moving_ranges(judged).into_iter().map(Some))
                .take(judged.len())
                .collect();
            let sigma = sigma_within_individuals(judged);
            (
                limits,
                dispersion_limits,
                judged.to_vec(),
                dispersion,
                sigma,
                judged,
            )
        }
        ChartKind::XbarR => {
            let (limits, dispersion_limits) = xbar_r_limits(&subgroups(baseline, subgroup))?;
            let groups = subgroups(judged, subgroup);
            let points = groups.iter().filter_map(|g| mean(g)).collect();
            let dispersion = groups.iter().map(|g| Some(range(g))).collect();
            let sigma = sigma_within_subgroups(&groups);
            // Capability matches what is plotted, so the dropped tail is left out.
            let covered = &judged[..groups.len() * subgroup];
            (
                limits,
                dispersion_limits,
                points,
                dispersion,
                sigma,
                covered,
            )
        }
    };
    let violations = judge(&points, &limits, rules, 0);
    let capability = sigma_within.and_then(|sigma| capability(covered, sigma, lsl, usl));
    Some(Chart {
        kind,
        points,
        dispersion,
        limits,
        dispersion_limits,
        violations,
        capability,
    })
}
