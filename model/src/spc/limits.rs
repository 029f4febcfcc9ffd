//! Control limits computed from a baseline series: individuals / moving
//! range (I-MR) and subgroup means / range (X̄-R), with the Shewhart
//! constant tables they need.

use super::{DispersionLimits, Limits};

/// Smallest subgroup size covered by the constant tables.
pub const MIN_SUBGROUP: usize = crate::limits::SUBGROUP_MIN;
/// Largest subgroup size covered by the constant tables.
pub const MAX_SUBGROUP: usize = crate::limits::SUBGROUP_MAX;

// Standard Shewhart constants, indexed by subgroup size n - 2 (n = 2..=10).
const D2: [f64; 9] = [
    1.128, 1.693, 2.059, 2.326, 2.534, 2.704, 2.847, 2.970, 3.078,
];
const A2: [f64; 9] = [
    1.880, 1.023, 0.729, 0.577, 0.483, 0.419, 0.373, 0.337, 0.308,
];
const D3: [f64; 9] = [0.0, 0.0, 0.0, 0.0, 0.0, 0.076, 0.136, 0.184, 0.223];
const D4: [f64; 9] = [
    3.267, 2.574, 2.282, 2.114, 2.004, 1.924, 1.864, 1.816, 1.777,
];

fn table(values: &[f64; 9], n: usize) -> Option<f64> {
    n.checked_sub(MIN_SUBGROUP)
        .and_then(|i| values.get(i))
        .copied()
}

/// d2(n): expected range of n normal values in units of σ; `None` outside 2..=10.
pub fn d2(n: usize) -> Option<f64> {
    table(&D2, n)
}

/// A2(n): X̄ chart limit factor on R̄; `None` outside 2..=10.
pub fn a2(n: usize) -> Option<f64> {
    table(&A2, n)
}

/// D3(n): R chart lower limit factor on R̄; `None` outside 2..=10.
pub fn d3(n: usize) -> Option<f64> {
    table(&D3, n)
}

/// D4(n): R chart upper limit factor on R̄; `None` outside 2..=10.
pub fn d4(n: usize) -> Option<f64> {
    table(&D4, n)
}

/// Absolute differences of consecutive values (one fewer than the values).
pub fn moving_ranges(values: &[f64]) -> Vec<f64> {
    values.windows(2).map(|w| (w[1] - w[0]).abs()).collect()
}

/// Consecutive, non-overlapping subgroups of `n` values; a trailing
/// incomplete subgroup is dropped. Returns nothing when `n` is 0.
pub fn subgroups(values: &[f64], n: usize) -> Vec<Vec<f64>> {
    if n == 0 {
        return Vec::new();
    }
    values.chunks_exact(n).map(<[f64]>::to_vec).collect()
}

/// Arithmetic mean, `None` for an empty slice.
pub(super) fn mean(values: &[f64]) -> Option<f64> {
    if values.is_empty() {
        return None;
    }
    Some(values.iter().sum::<f64>() / values.len() as f64)
}

/// Largest minus smallest value (0 for an empty slice).
pub(super) fn range(values: &[f64]) -> f64 {
    let max = values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let min = values.iter().copied().fold(f64::INFINITY, f64::min);
    if values.is_empty() { 0.0 } else { max - min }
}

pub(super) fn all_finite(values: &[f64]) -> bool {
    values.iter().all(|v| v.is_finite())
}

/// The common size of `groups` when there is at least one group, every group
/// has the same size, that size is in 2..=10 and every value is finite.
pub(super) fn uniform_size(groups: &[Vec<f64>]) -> Option<usize> {
    let n = groups.first()?.len();
    let valid = (MIN_SUBGROUP..=MAX_SUBGROUP).contains(&n)
        && groups.iter().all(|g| g.len() == n && all_finite(g));
    valid.then_some(n)
}

/// Mean range R̄ of uniformly sized subgroups, with their size.
pub(super) fn mean_range(groups: &[Vec<f64>]) -> Option<(f64, usize)> {
    let n = uniform_size(groups)?;
    let ranges: Vec<f64> = groups.iter().map(|g| range(g)).collect();
    Some((mean(&ranges)?, n))
}

/// I-MR limits from a baseline of individual values.
///
/// Center = mean, σ = MR̄ / d2(2), limits = center ± 3σ; the moving-range
/// chart has center MR̄, UCL = D4(2)·MR̄ and LCL = 0. Needs at least two
/// finite values, else `None`. A constant baseline yields σ = 0.
pub fn individuals_limits(baseline: &[f64]) -> Option<(Limits, DispersionLimits)> {
    if baseline.len() < 2 || !all_finite(baseline) {
        return None;
    }
    let center = mean(baseline)?;
    let mr_bar = mean(&moving_ranges(baseline))?;
    let sigma = mr_bar / d2(2)?;
    let limits = Limits {
        center,
        sigma,
        ucl: center + 3.0 * sigma,
        lcl: center - 3.0 * sigma,
    };
    let dispersion = DispersionLimits {
        center: mr_bar,
        ucl: d4(2)? * mr_bar,
        lcl: 0.0,
    };
    Some((limits, dispersion))
}

/// X̄-R limits from baseline subgroups.
///
/// All subgroups must share one size n in 2..=10 and hold finite values,
/// else `None`. X̄̄ = mean of subgroup means, R̄ = mean range, σ = R̄ / d2(n);
/// the returned `sigma` is that of a subgroup mean, σ/√n, and the X̄ limits
/// are X̄̄ ± 3σ/√n (the exact form of X̄̄ ± A2·R̄, whose table value is
/// rounded; using σ keeps the UCL/LCL identical to the 3σ zone boundary the
/// run rules use). The R chart has center R̄, UCL D4·R̄ and LCL D3·R̄.
pub fn xbar_r_limits(baseline_subgroups: &[Vec<f64>]) -> Option<(Limits, DispersionLimits)> {
    let (r_bar, n) = mean_range(baseline_subgroups)?;
    let means: Vec<f64> = baseline_subgroups.iter().filter_map(|g| mean(g)).collect();
    let center = mean(&means)?;
    let sigma = r_bar / d2(n)? / (n as f64).sqrt();
    let limits = Limits {
        center,
        sigma,
        ucl: center + 3.0 * sigma,
        lcl: center - 3.0 * sigma,
    };
    let dispersion = DispersionLimits {
        center: r_bar,
        ucl: d4(n)? * r_bar,
        lcl: d3(n)? * r_bar,
    };
    Some((limits, dispersion))
}
