//! Process capability (Cp, Cpk) and performance (Pp, Ppk) indices of a
//! series against specification limits.
//!
//! Cp/Cpk use the short-term "within" σ (from moving ranges or subgroup
//! ranges), Pp/Ppk the long-term overall sample standard deviation.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::limits::{all_finite, d2, mean, mean_range, moving_ranges};

/// Capability and performance indices of a series.
#[derive(Serialize, Deserialize, ToSchema, Debug, Clone, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct Capability {
    /// (USL − LSL) / 6σw; needs both specification limits.
    pub cp: Option<f64>,
    /// Distance from the mean to the nearest given specification limit in
    /// units of 3σw (one-sided when only one limit is given).
    pub cpk: Option<f64>,
    /// (USL − LSL) / 6σo; needs both specification limits.
    pub pp: Option<f64>,
    /// As `cpk`, with the overall σ.
    pub ppk: Option<f64>,
    /// Mean of the values.
    pub mean: f64,
    /// Short-term (within) standard deviation used for Cp/Cpk.
    pub sigma_within: f64,
    /// Overall sample standard deviation (n − 1), 0 for a single value.
    pub sigma_overall: f64,
    /// Number of values.
    pub n: usize,
}

/// Within σ of individual values: MR̄ / d2(2). Needs two finite values.
pub fn sigma_within_individuals(points: &[f64]) -> Option<f64> {
    if points.len() < 2 || !all_finite(points) {
        return None;
    }
    Some(mean(&moving_ranges(points))? / d2(2)?)
}

/// Within σ of subgroups: R̄ / d2(n). Needs at least one subgroup, all of
/// one size n in 2..=10.
pub fn sigma_within_subgroups(subgroups: &[Vec<f64>]) -> Option<f64> {
    let (r_bar, n) = mean_range(subgroups)?;
    Some(r_bar / d2(n)?)
}

/// The (Cp-like, Cpk-like) pair for one σ, `None` where it is undefined.
fn indices(
    mean: f64,
    sigma: f64,
    lsl: Option<f64>,
    usl: Option<f64>,
) -> (Option<f64>, Option<f64>) {
    // A zero or unusable σ would give infinite or meaningless indices.
    if !(sigma > 0.0 && sigma.is_finite()) {
        return (None, None);
    }
    let spread = match (lsl, usl) {
        (Some(l), Some(u)) => Some((u - l) / (6.0 * sigma)),
        _ => None,
    };
    let upper = usl.map(|u| (u - mean) / (3.0 * sigma));
    let lower = lsl.map(|l| (mean - l) / (3.0 * sigma));
    let centred = match (upper, lower) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    };
    (spread, centred)
}

/// Capability of `points` against the specification limits.
///
/// The mean and overall σ come from `points`; `sigma_within` is supplied by
/// the caller (see [`sigma_within_individuals`] and
/// [`sigma_within_subgroups`]). Returns `None` for empty or non-finite
/// points. An index is `None` when its σ is not positive, when the limits
/// it needs are missing, or when LSL ≥ USL (an inverted specification has
/// no meaningful capability).
pub fn capability(
    points: &[f64],
    sigma_within: f64,
    lsl: Option<f64>,
    usl: Option<f64>,
) -> Option<Capability> {
    if !all_finite(points) {
        return None;
    }
    let n = points.len();
    let mean = mean(points)?;
    let sigma_overall = if n < 2 {
        0.0
    } else {
        let squares: f64 = points.iter().map(|x| (x - mean).powi(2)).sum();
        (squares / (n - 1) as f64).sqrt()
    };
    let inverted = matches!((lsl, usl), (Some(l), Some(u)) if l >= u);
    let (lsl, usl) = if inverted { (None, None) } else { (lsl, usl) };
    let (cp, cpk) = indices(mean, sigma_within, lsl, usl);
    let (pp, ppk) = indices(mean, sigma_overall, lsl, usl);
    Some(Capability {
        cp,
        cpk,
        pp,
        ppk,
        mean,
        sigma_within,
        sigma_overall,
        n,
    })
}
