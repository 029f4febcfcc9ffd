//! Tests of baseline limits, grouping helpers, constants, codes and the
//! one-call chart, against hand-computed values.

use serde::Deserialize;
use serde::de::value::{Error, StrDeserializer};

use super::{
    ChartKind, Rule, a2, chart, d2, individuals_limits, moving_ranges, subgroups, xbar_r_limits,
};

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-9
}

#[test]
fn individuals_limits_by_hand() {
    // mean = 58 / 5 = 11.6; MRs = 2, 1, 2, 1 so MR̄ = 1.5; σ = 1.5 / 1.128.
    let (limits, mr) = individuals_limits(&[10.0, 12.0, 11.0, 13.0, 12.0]).unwrap();
    let sigma = 1.5 / 1.128;
    assert!(close(sigma, 1.329_787_234_042_553));
    assert!(close(limits.center, 11.6));
    assert!(close(limits.sigma, sigma));
    assert!(close(limits.ucl, 15.589_361_702_127_66));
    assert!(close(limits.lcl, 7.610_638_297_872_34));
    assert!(close(mr.center, 1.5));
    assert!(close(mr.ucl, 4.9005)); // 3.267 · 1.5
    assert_eq!(mr.lcl, 0.0);
}

#[test]
fn individuals_limits_edge_cases() {
    assert!(individuals_limits(&[]).is_none());
    assert!(individuals_limits(&[1.0]).is_none());
    assert!(individuals_limits(&[1.0, f64::NAN]).is_none());
    let (flat, mr) = individuals_limits(&[5.0, 5.0, 5.0]).unwrap();
    assert_eq!(
        (flat.center, flat.sigma, flat.ucl, flat.lcl),
        (5.0, 0.0, 5.0, 5.0)
    );
    assert_eq!((mr.center, mr.ucl, mr.lcl), (0.0, 0.0, 0.0));
}

#[test]
fn xbar_r_limits_by_hand() {
    // Means 2, 4, 3 so X̄̄ = 3; ranges 2, 4, 0 so R̄ = 2; σ = 2 / 1.693;
    // σ of a mean = σ / √3 ≈ 0.682045; UCL ≈ 3 + 2.046 = X̄̄ + A2·R̄.
    let groups = vec![
        vec![1.0, 2.0, 3.0],
        vec![2.0, 4.0, 6.0],
        vec![3.0, 3.0, 3.0],
    ];
    let (limits, r) = xbar_r_limits(&groups).unwrap();
    let sigma_mean = 2.0 / 1.693 / 3f64.sqrt();
    assert!(close(limits.center, 3.0));
    assert!(close(limits.sigma, sigma_mean));
    assert!(close(limits.ucl, 3.0 + 3.0 * sigma_mean));
    assert!(close(limits.lcl, 3.0 - 3.0 * sigma_mean));
    assert!((limits.ucl - (3.0 + 1.023 * 2.0)).abs() < 1e-3);
    assert!((limits.lcl - (3.0 - 1.023 * 2.0)).abs() < 1e-3);
    assert!(close(r.center, 2.0));
    assert!(close(r.ucl, 5.148)); // 2.574 · 2
    assert_eq!(r.lcl, 0.0); // D3(3) = 0
}

#[test]
fn xbar_r_lower_range_limit_for_large_subgroups() {
    // n = 7: one subgroup 0..=6 has range 6, so LCL = 0.076 · 6, UCL = 1.924 · 6.
    let groups = vec![(0..7).map(f64::from).collect::<Vec<_>>()];
    let (_, r) = xbar_r_limits(&groups).unwrap();
    assert!(close(r.lcl, 0.456));
    assert!(close(r.ucl, 11.544));
}

#[test]
fn xbar_r_limits_reject_bad_subgroups() {
    assert!(xbar_r_limits(&[]).is_none());
    assert!(xbar_r_limits(&[vec![1.0], vec![2.0]]).is_none());
    assert!(xbar_r_limits(&[vec![1.0, 2.0], vec![1.0, 2.0, 3.0]]).is_none());
    assert!(xbar_r_limits(&[vec![0.0; 11]]).is_none());
    assert!(xbar_r_limits(&[vec![0.0, f64::INFINITY]]).is_none());
}

#[test]
fn grouping_helpers() {
    let values = [1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0];
    assert_eq!(
        subgroups(&values, 3),
        vec![vec![1.0, 2.0, 3.0], vec![4.0, 5.0, 6.0]]
    );
    assert!(subgroups(&values, 0).is_empty());
    assert!(subgroups(&values, 8).is_empty());
    assert_eq!(moving_ranges(&[1.0, 4.0, 2.0]), vec![3.0, 2.0]);
    assert!(moving_ranges(&[1.0]).is_empty());
}

#[test]
fn constant_tables_are_consistent() {
    // A2 = 3 / (d2 √n) up to the rounding of the published tables.
    for n in 2..=10 {
        let derived = 3.0 / (d2(n).unwrap() * (n as f64).sqrt());
        assert!((a2(n).unwrap() - derived).abs() < 2e-3, "n = {n}");
    }
    assert!(d2(1).is_none() && d2(11).is_none());
}

#[test]
fn limits_come_from_the_baseline_only() {
    let baseline = [10.0, 12.0, 11.0, 13.0, 12.0, 11.0];
    let calm = [11.0, 12.0, 11.5, 12.0, 11.0, 12.5];
    let wild = [100.0, -50.0, 300.0, 0.0, 1e6, 7.0];
    for (kind, n) in [(ChartKind::Individuals, 1), (ChartKind::XbarR, 3)] {
        let a = chart(kind, &baseline, &calm, n, &Rule::ALL, None, None).unwrap();
        let b = chart(kind, &baseline, &wild, n, &Rule::ALL, None, None).unwrap();
        assert_eq!(a.limits, b.limits);
        assert_eq!(a.dispersion_limits, b.dispersion_limits);
        assert_ne!(a.points, b.points);
    }
}

#[test]
fn individuals_chart() {
    let baseline = [10.0, 12.0, 11.0, 13.0, 12.0];
    let judged = [11.0, 12.0, 20.0];
    let c = chart(
        ChartKind::Individuals,
        &baseline,
        &judged,
        0,
        &[Rule::We1],
        None,
        Some(25.0),
    )
    .unwrap();
    assert_eq!(c.points, judged.to_vec());
    assert_eq!(c.dispersion, vec![None, Some(1.0), Some(8.0)]);
    assert_eq!(c.violations.len(), 1);
    assert_eq!(c.violations[0].index, 2);
    let cap = c.capability.unwrap();
    assert_eq!(cap.n, 3);
    assert!(close(cap.sigma_within, 4.5 / 1.128));
    assert!(cap.cpk.is_some() && cap.cp.is_none());
    assert!(chart(ChartKind::Individuals, &[1.0], &judged, 0, &[], None, None).is_none());
}

#[test]
fn xbar_r_chart() {
    let baseline = [1.0, 2.0, 3.0, 2.0, 4.0, 6.0, 3.0, 3.0, 3.0, 99.0];
    let judged = [3.0, 3.0, 3.0, 9.0, 9.0, 9.0, 4.0];
    let c = chart(
        ChartKind::XbarR,
        &baseline,
        &judged,
        3,
        &[Rule::We1],
        None,
        None,
    )
    .unwrap();
    assert!(close(c.limits.center, 3.0)); // the trailing 99 is dropped
    assert_eq!(c.points, vec![3.0, 9.0]);
    assert_eq!(c.dispersion, vec![Some(0.0), Some(0.0)]);
    assert_eq!(c.violations.len(), 1);
    assert_eq!(c.violations[0].index, 1);
    let cap = c.capability.unwrap();
    assert_eq!(cap.n, 6); // the incomplete tail is not plotted, so not counted
    assert!(close(cap.mean, 6.0));
    assert!(chart(ChartKind::XbarR, &baseline, &judged, 1, &[], None, None).is_none());
    assert!(chart(ChartKind::XbarR, &[1.0, 2.0], &judged, 3, &[], None, None).is_none());
}

#[test]
fn codes_parse_and_deserialize() {
    for rule in Rule::ALL {
        assert_eq!(Rule::parse(rule.code()), Some(rule));
        assert_eq!(Rule::parse(&rule.code().to_lowercase()), Some(rule));
        assert_eq!(rule.key(), format!("spc.rule.{}", rule.code()));
        assert!(!rule.description().is_empty());
        let wire = Rule::deserialize(StrDeserializer::<Error>::new(rule.code()));
        assert_eq!(wire.unwrap(), rule);
    }
    assert_eq!(Rule::parse(" we4 "), Some(Rule::We4));
    assert_eq!(Rule::parse("N9"), None);
    assert_eq!(
        Rule::WESTERN_ELECTRIC.len() + Rule::NELSON.len(),
        Rule::ALL.len()
    );
    for kind in [ChartKind::Individuals, ChartKind::XbarR] {
        assert_eq!(ChartKind::parse(&kind.code().to_lowercase()), Some(kind));
        let wire = ChartKind::deserialize(StrDeserializer::<Error>::new(kind.code()));
        assert_eq!(wire.unwrap(), kind);
    }
    assert_eq!(ChartKind::parse("xbar_r"), Some(ChartKind::XbarR));
    assert_eq!(ChartKind::parse("P"), None);
}

#[test]
fn rule_schema_name_avoids_collision() {
    use utoipa::ToSchema;
    assert_eq!(Rule::name(), "SpcRule");
    assert_eq!(ChartKind::name(), "ChartKind");
}
