//! Western Electric and Nelson run rules: find the points of a series at
//! which a non-random pattern completes, relative to given control limits.
//!
//! Conventions shared by all rules:
//! - zones are multiples of `limits.sigma` around `limits.center`;
//! - "same side" means strictly above or strictly below the center, so a
//!   point exactly on the center is on neither side and breaks a run;
//! - "beyond kσ" means strictly farther than k·σ from the center. With
//!   σ = 0 every point off the center is therefore beyond 3σ (and 2σ, 1σ),
//!   N7 ("within 1σ", strict) can never fire and N8 fires on any 8 points
//!   off the center;
//! - a NaN point is on no side, in no zone and breaks every run.
//! - "k of m" windows near the start of the series are the points that
//!   exist: 2 beyond 2σ at indices 0 and 1 already fire WE2/N5 at index 1,
//!   because any third point would complete a qualifying window of 3.

use super::{Limits, Rule, Violation};

/// Points before the judged one that any rule can need: N7 spans 15 points.
const LOOKBACK: usize = 14;

/// Zone geometry of one set of limits.
struct Zones {
    center: f64,
    sigma: f64,
}

impl Zones {
    /// +1 above the center, -1 below, 0 on it (or NaN).
    fn side(&self, x: f64) -> i8 {
        if x > self.center {
            1
        } else if x < self.center {
            -1
        } else {
            0
        }
    }

    /// Whether `x` lies strictly more than k·σ from the center on `side`.
    fn beyond(&self, x: f64, k: f64, side: i8) -> bool {
        match side {
            1 => x - self.center > k * self.sigma,
            -1 => self.center - x > k * self.sigma,
            _ => false,
        }
    }
}

/// Lengths of the runs ending at the current point, updated point by point
/// so that the whole series is judged in one pass.
#[derive(Default)]
struct Runs {
    side: i8,
    same_side: usize,
    up: usize,
    down: usize,
    step: i8,
    /// Number of consecutive non-zero steps alternating in sign.
    alternating: usize,
    within: usize,
    outside: usize,
}

impl Runs {
    fn push(&mut self, zones: &Zones, prev: Option<f64>, x: f64) {
        let side = zones.side(x);
        self.same_side = match side {
            0 => 0,
            s if s == self.side => self.same_side + 1,
            _ => 1,
        };
        self.side = side;

        // Equal neighbours (and NaN) give step 0, which breaks trends and alternation.
        let step = match prev {
            Some(p) if x > p => 1,
            Some(p) if x < p => -1,
            _ => 0,
        };
        self.up = if step == 1 { self.up + 1 } else { 0 };
        self.down = if step == -1 { self.down + 1 } else { 0 };
        self.alternating = match step {
            0 => 0,
            s if s == -self.step => self.alternating + 1,
            _ => 1,
        };
        self.step = step;

        let distance = (x - zones.center).abs();
        self.within = if distance < zones.sigma {
            self.within + 1
        } else {
            0
        };
        self.outside = if distance > zones.sigma {
            self.outside + 1
        } else {
            0
        };
    }
}

/// "`need` of the last `window` points beyond kσ on one side", where the
/// point at `i` must itself be one of them (that side is its side).
fn k_of_m(points: &[f64], zones: &Zones, i: usize, k: f64, need: usize, window: usize) -> bool {
    let side = zones.side(points[i]);
    if !zones.beyond(points[i], k, side) {
        return false;
    }
    let start = (i + 1).saturating_sub(window);
    let count = points[start..=i]
        .iter()
        .filter(|&&p| zones.beyond(p, k, side))
        .count();
    count >= need
}

fn fires(rule: Rule, runs: &Runs, points: &[f64], i: usize, zones: &Zones) -> bool {
    match rule {
        Rule::We1 | Rule::N1 => zones.beyond(points[i], 3.0, zones.side(points[i])),
        Rule::We2 | Rule::N5 => k_of_m(points, zones, i, 2.0, 2, 3),
        Rule::We3 | Rule::N6 => k_of_m(points, zones, i, 1.0, 4, 5),
        Rule::We4 => runs.same_side >= 8,
        Rule::N2 => runs.same_side >= 9,
        Rule::N3 => runs.up >= 5 || runs.down >= 5,
        Rule::N4 => runs.alternating >= 13,
        Rule::N7 => runs.within >= 15,
        Rule::N8 => runs.outside >= 8,
    }
}

/// Judges `points[from..]` against `limits` with the enabled `rules`.
///
/// `points[..from]` are history: they can complete a run that ends at or
/// after `from` but are never reported. A violation is reported at index `i`
/// when the points ending at `i` satisfy the rule, so a run of 10 points
/// above the center fires WE4 at its 8th, 9th and 10th point. The result is
/// sorted by (index, rule) and holds each pair once.
pub fn judge(points: &[f64], limits: &Limits, rules: &[Rule], from: usize) -> Vec<Violation> {
    let mut enabled = rules.to_vec();
    enabled.sort();
    enabled.dedup();
    if enabled.is_empty() || from >= points.len() {
        return Vec::new();
    }
    let zones = Zones {
        center: limits.center,
        sigma: limits.sigma,
    };
    // No rule looks further back than LOOKBACK, so older history cannot
    // change the outcome; skipping it keeps live judging O(1) per point.
    let start = from.saturating_sub(LOOKBACK);
    let mut runs = Runs::default();
    let mut violations = Vec::new();
    for i in start..points.len() {
        let prev = i.checked_sub(1).map(|j| points[j]);
        runs.push(&zones, prev, points[i]);
        if i < from {
            continue;
        }
        for &rule in &enabled {
            if fires(rule, &runs, points, i, &zones) {
                violations.push(Violation { index: i, rule });
            }
        }
    }
    violations
}

/// Violations at the last point only: used live when one new batch
/// completes, with the earlier points as history.
pub fn judge_new(points: &[f64], limits: &Limits, rules: &[Rule]) -> Vec<Violation> {
    match points.len().checked_sub(1) {
        Some(last) => judge(points, limits, rules, last),
        None => Vec::new(),
    }
}
