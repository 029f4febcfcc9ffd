//! Tests of the run rules on hand-built series with center 0 and σ 1, so
//! that a value reads directly as its distance from the center in σ.

use super::{Limits, Rule, Violation, judge, judge_new};

fn unit() -> Limits {
    Limits {
        center: 0.0,
        sigma: 1.0,
        ucl: 3.0,
        lcl: -3.0,
    }
}

/// Indices at which `rule` alone fires over the whole series.
fn fired(points: &[f64], rule: Rule) -> Vec<usize> {
    judge(points, &unit(), &[rule], 0)
        .into_iter()
        .map(|v| v.index)
        .collect()
}

fn alternating(n: usize, a: f64, b: f64) -> Vec<f64> {
    (0..n).map(|i| if i % 2 == 0 { a } else { b }).collect()
}

#[test]
fn one_point_beyond_3_sigma() {
    let points = [0.0, 3.5, 0.0, -3.1, 3.0, -3.0];
    for rule in [Rule::We1, Rule::N1] {
        assert_eq!(fired(&points, rule), vec![1, 3]);
        // Exactly at 3σ is not beyond it.
        assert!(fired(&[3.0, -3.0, 2.99], rule).is_empty());
    }
}

#[test]
fn two_of_three_beyond_2_sigma() {
    for rule in [Rule::We2, Rule::N5] {
        assert_eq!(fired(&[0.0, 2.5, 0.5, 2.1], rule), vec![3]);
        assert_eq!(fired(&[0.0, -2.5, -2.1], rule), vec![2]);
        // The two need not be adjacent, and an opposite-side point does not count against them.
        assert_eq!(fired(&[2.5, -2.5, 2.5], rule), vec![2]);
        // Near misses: 1 of 3; 2 of 3 on opposite sides; exactly 2σ; third point not beyond.
        assert!(fired(&[2.5, 0.5, 1.9], rule).is_empty());
        assert!(fired(&[0.0, 2.5, -2.5], rule).is_empty());
        assert!(fired(&[0.0, 2.5, 2.0], rule).is_empty());
        assert!(fired(&[2.5, 0.0, 0.0, 2.5], rule).is_empty());
        // Fires at the completing point only, not at a later in-zone point.
        assert_eq!(fired(&[0.0, 2.5, 2.5, 0.5], rule), vec![2]);
    }
}

#[test]
fn two_of_three_at_series_start_uses_available_points() {
    assert_eq!(fired(&[2.5, 2.5], Rule::We2), vec![1]);
    assert!(fired(&[2.5], Rule::We2).is_empty());
}

#[test]
fn four_of_five_beyond_1_sigma() {
    for rule in [Rule::We3, Rule::N6] {
        assert_eq!(fired(&[0.0, 1.5, 1.2, 0.5, 1.1, 1.3], rule), vec![5]);
        assert_eq!(fired(&[-1.5, -1.2, -1.1, -1.3], rule), vec![3]);
        // Near misses: 3 of 5; 4 of 5 split across sides; exactly 1σ.
        assert!(fired(&[1.5, 0.5, 1.2, 0.2, 1.3], rule).is_empty());
        assert!(fired(&[1.5, 1.2, -1.1, 1.3, -1.4], rule).is_empty());
        assert!(fired(&[1.5, 1.2, 1.0, 1.3, 0.0], rule).is_empty());
    }
}

#[test]
fn eight_on_one_side() {
    assert_eq!(fired(&[0.5; 10], Rule::We4), vec![7, 8, 9]);
    assert_eq!(fired(&[-0.5; 8], Rule::We4), vec![7]);
    let mut seven = vec![0.5; 7];
    seven.push(-0.5);
    assert!(fired(&seven, Rule::We4).is_empty());
}

#[test]
fn nine_on_one_side() {
    assert_eq!(fired(&[-0.5; 9], Rule::N2), vec![8]);
    assert_eq!(fired(&[2.0; 11], Rule::N2), vec![8, 9, 10]);
    assert!(fired(&[0.5; 8], Rule::N2).is_empty());
}

#[test]
fn point_on_center_breaks_side_runs() {
    let mut points = vec![0.5; 4];
    points.push(0.0);
    points.extend([0.5; 7]);
    assert!(fired(&points, Rule::We4).is_empty());
    assert!(fired(&points, Rule::N2).is_empty());
    points.push(0.5);
    assert_eq!(fired(&points, Rule::We4), vec![12]);
}

#[test]
fn six_point_trend() {
    assert_eq!(fired(&[0.0, 1.0, 2.0, 3.0, 4.0, 5.0], Rule::N3), vec![5]);
    assert_eq!(
        fired(&[5.0, 4.0, 3.0, 2.0, 1.0, 0.0, -1.0], Rule::N3),
        vec![5, 6]
    );
    // Near misses: 5 increasing; an equal pair breaks the trend.
    assert!(fired(&[0.0, 1.0, 2.0, 3.0, 4.0], Rule::N3).is_empty());
    assert!(fired(&[0.0, 1.0, 2.0, 2.0, 3.0, 4.0, 5.0], Rule::N3).is_empty());
}

#[test]
fn fourteen_alternating() {
    assert_eq!(fired(&alternating(14, 0.2, -0.2), Rule::N4), vec![13]);
    assert_eq!(fired(&alternating(15, 1.0, 2.0), Rule::N4), vec![13, 14]);
    assert!(fired(&alternating(13, 0.2, -0.2), Rule::N4).is_empty());
    // A zero difference breaks the alternation.
    let mut broken = alternating(7, 0.2, -0.2);
    broken.extend(alternating(8, 0.2, -0.2));
    assert_eq!(broken[6], broken[7]);
    assert!(fired(&broken, Rule::N4).is_empty());
}

#[test]
fn fifteen_within_1_sigma() {
    assert_eq!(fired(&alternating(15, 0.5, -0.5), Rule::N7), vec![14]);
    assert!(fired(&alternating(14, 0.5, -0.5), Rule::N7).is_empty());
    // Exactly 1σ is not within.
    let mut points = alternating(15, 0.5, -0.5);
    points[7] = 1.0;
    assert!(fired(&points, Rule::N7).is_empty());
}

#[test]
fn eight_beyond_1_sigma_either_side() {
    assert_eq!(fired(&alternating(8, 1.5, -1.5), Rule::N8), vec![7]);
    assert!(fired(&alternating(7, 1.5, -1.5), Rule::N8).is_empty());
    let mut points = alternating(8, 1.5, -1.5);
    points[3] = -1.0;
    assert!(fired(&points, Rule::N8).is_empty());
}

#[test]
fn disabled_rules_never_fire() {
    let wild = [5.0, -5.0, 5.0, 5.0, 5.0, 5.0, 5.0, 5.0, 5.0, 5.0, 5.0];
    assert!(judge(&wild, &unit(), &[], 0).is_empty());
    let only_trend = judge(&wild, &unit(), &[Rule::N3], 0);
    assert!(only_trend.is_empty());
    let only_we1 = judge(&[0.5; 10], &unit(), &[Rule::We1], 0);
    assert!(only_we1.is_empty());
}

#[test]
fn from_hides_earlier_but_history_completes_runs() {
    let limits = unit();
    let rules = [Rule::We1, Rule::We4];
    let at = |points: &[f64], from| -> Vec<usize> {
        judge(points, &limits, &rules, from)
            .iter()
            .map(|v| v.index)
            .collect()
    };
    let mut points = vec![-3.5];
    points.extend([0.5; 9]);
    assert_eq!(at(&points, 0), vec![0, 8, 9]);
    assert_eq!(at(&points, 1), vec![8, 9]);
    assert_eq!(at(&points, 9), vec![9]);
    assert!(at(&points, 10).is_empty());
    // The 8-run starts in history and ends at `from`.
    assert_eq!(at(&[0.5; 8], 7), vec![7]);
    // A run far longer than the look-back still fires when judged late.
    assert_eq!(at(&[0.5; 40], 39), vec![39]);
}

#[test]
fn output_sorted_by_index_then_rule_without_duplicates() {
    let points = [0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 3.5];
    let rules = [Rule::N1, Rule::We4, Rule::We1, Rule::We1];
    let got = judge(&points, &unit(), &rules, 0);
    let expected = vec![
        Violation {
            index: 7,
            rule: Rule::We4,
        },
        Violation {
            index: 8,
            rule: Rule::We1,
        },
        Violation {
            index: 8,
            rule: Rule::We4,
        },
        Violation {
            index: 8,
            rule: Rule::N1,
        },
    ];
    assert_eq!(got, expected);
}

#[test]
fn judge_new_reports_last_point_only() {
    let got = judge_new(&[0.5; 10], &unit(), &Rule::ALL);
    assert_eq!(
        got,
        vec![
            Violation {
                index: 9,
                rule: Rule::We4
            },
            Violation {
                index: 9,
                rule: Rule::N2
            },
        ]
    );
    assert!(judge_new(&[], &unit(), &Rule::ALL).is_empty());
}

#[test]
fn zero_sigma_counts_any_offset_as_beyond() {
    let flat = Limits {
        center: 1.0,
        sigma: 0.0,
        ucl: 1.0,
        lcl: 1.0,
    };
    let hits = |points: &[f64], rule| -> Vec<usize> {
        judge(points, &flat, &[rule], 0)
            .iter()
            .map(|v| v.index)
            .collect()
    };
    assert_eq!(hits(&[1.0, 1.001, 0.999], Rule::We1), vec![1, 2]);
    assert!(hits(&[1.0; 20], Rule::N7).is_empty());
    assert!(hits(&[1.0; 20], Rule::We1).is_empty());
}

#[test]
fn nan_points_never_fire_and_break_runs() {
    let mut points = vec![0.5; 4];
    points.push(f64::NAN);
    points.extend([0.5; 4]);
    assert!(judge(&points, &unit(), &Rule::ALL, 0).is_empty());
}
