//! Property tests of limits and run rules.

use proptest::prelude::*;

use super::{Limits, Rule, individuals_limits, judge, judge_new, subgroups, xbar_r_limits};

/// Values on a half-σ grid so that ties and exact zone boundaries occur
/// often; a random span makes long runs (e.g. 15 within 1σ) likely too.
fn grid_points() -> impl Strategy<Value = Vec<f64>> {
    (1i32..=8).prop_flat_map(|span| {
        prop::collection::vec((-span..=span).prop_map(|k| f64::from(k) * 0.5), 0..60)
    })
}

fn rules() -> impl Strategy<Value = Vec<Rule>> {
    prop::sample::subsequence(Rule::ALL.to_vec(), 0..=12)
}

fn unit() -> Limits {
    Limits {
        center: 0.0,
        sigma: 1.0,
        ucl: 3.0,
        lcl: -3.0,
    }
}

fn near(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-9 * (1.0 + a.abs().max(b.abs()))
}

proptest! {
    #[test]
    fn individuals_limits_shift_with_offset(
        baseline in prop::collection::vec(-1e3f64..1e3, 2..50),
        offset in -1e3f64..1e3,
    ) {
        let shifted: Vec<f64> = baseline.iter().map(|x| x + offset).collect();
        let (a, mr_a) = individuals_limits(&baseline).unwrap();
        let (b, mr_b) = individuals_limits(&shifted).unwrap();
        prop_assert!(near(b.center, a.center + offset));
        prop_assert!(near(b.ucl, a.ucl + offset));
        prop_assert!(near(b.lcl, a.lcl + offset));
        prop_assert!((a.sigma - b.sigma).abs() < 1e-6);
        prop_assert!((mr_a.center - mr_b.center).abs() < 1e-6);
    }

    #[test]
    fn xbar_r_limits_shift_with_offset(
        baseline in prop::collection::vec(-1e3f64..1e3, 5..60),
        n in 2usize..=5,
        offset in -1e3f64..1e3,
    ) {
        let shifted: Vec<f64> = baseline.iter().map(|x| x + offset).collect();
        let (a, r_a) = xbar_r_limits(&subgroups(&baseline, n)).unwrap();
        let (b, r_b) = xbar_r_limits(&subgroups(&shifted, n)).unwrap();
        prop_assert!(near(b.center, a.center + offset));
        prop_assert!(near(b.ucl, a.ucl + offset));
        prop_assert!(near(b.lcl, a.lcl + offset));
        prop_assert!((a.sigma - b.sigma).abs() < 1e-6);
        prop_assert!((r_a.center - r_b.center).abs() < 1e-6);
    }

    #[test]
    fn judge_indices_in_range_and_sorted(
        points in grid_points(),
        rules in rules(),
        from in 0usize..70,
    ) {
        let found = judge(&points, &unit(), &rules, from);
        for v in &found {
            prop_assert!(v.index >= from && v.index < points.len());
            prop_assert!(rules.contains(&v.rule));
        }
        for pair in found.windows(2) {
            prop_assert!((pair[0].index, pair[0].rule) < (pair[1].index, pair[1].rule));
        }
    }

    #[test]
    fn from_only_filters_a_full_judgement(
        points in grid_points(),
        from in 0usize..70,
    ) {
        // The look-back shortcut must not change anything the full pass finds.
        let all = judge(&points, &unit(), &Rule::ALL, 0);
        let later: Vec<_> = all.iter().copied().filter(|v| v.index >= from).collect();
        prop_assert_eq!(judge(&points, &unit(), &Rule::ALL, from), later);
        let last: Vec<_> = all
            .iter()
            .copied()
            .filter(|v| v.index + 1 == points.len())
            .collect();
        prop_assert_eq!(judge_new(&points, &unit(), &Rule::ALL), last);
    }

    #[test]
    fn we1_fires_exactly_beyond_3_sigma(
        points in prop::collection::vec(-10f64..10.0, 0..40),
        center in -2f64..2.0,
        sigma in prop_oneof![Just(0.0), 0.0f64..3.0],
    ) {
        let limits = Limits { center, sigma, ucl: center + 3.0 * sigma, lcl: center - 3.0 * sigma };
        let fired: Vec<usize> = judge(&points, &limits, &[Rule::We1], 0)
            .iter()
            .map(|v| v.index)
            .collect();
        let expected: Vec<usize> = (0..points.len())
            .filter(|&i| (points[i] - center).abs() > 3.0 * sigma)
            .collect();
        prop_assert_eq!(fired, expected);
    }
}
