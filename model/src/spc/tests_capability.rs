//! Tests of the capability indices against hand-computed values.

use super::{capability, sigma_within_individuals, sigma_within_subgroups};

fn close(a: Option<f64>, b: f64) -> bool {
    a.is_some_and(|a| (a - b).abs() < 1e-9)
}

const SERIES: [f64; 5] = [9.0, 10.0, 11.0, 10.0, 10.0];

#[test]
fn two_sided_by_hand() {
    // mean = 50 / 5 = 10.
    // Overall: squared deviations 1 + 0 + 1 + 0 + 0 = 2, s² = 2 / 4, s = √0.5 ≈ 0.707107.
    // Within: MRs 1, 1, 1, 0 so MR̄ = 0.75 and σw = 0.75 / 1.128 ≈ 0.664894.
    // LSL 8, USL 14:
    //   Cp  = 6 / (6 σw) = 1.128 / 0.75 = 1.504
    //   Cpk = min(4, 2) / (3 σw) = 2 · 1.504 / 3 ≈ 1.002667
    //   Pp  = 6 / (6 s) = 1 / √0.5 = √2 ≈ 1.414214
    //   Ppk = 2 / (3 s) = 2√2 / 3 ≈ 0.942809
    let sigma_within = sigma_within_individuals(&SERIES).unwrap();
    assert!(close(Some(sigma_within), 0.75 / 1.128));
    let cap = capability(&SERIES, sigma_within, Some(8.0), Some(14.0)).unwrap();
    assert!(close(Some(cap.mean), 10.0));
    assert!(close(Some(cap.sigma_overall), 0.5f64.sqrt()));
    assert_eq!(cap.n, 5);
    assert!(close(cap.cp, 1.504));
    assert!(close(cap.cpk, 2.0 * 1.504 / 3.0));
    assert!(close(cap.pp, 2f64.sqrt()));
    assert!(close(cap.ppk, 2.0 * 2f64.sqrt() / 3.0));
}

#[test]
fn one_sided() {
    let sigma_within = 0.75 / 1.128;
    // USL only: Cpk = (14 − 10) / (3 σw) = 4 · 1.504 / 3; Ppk = 4 / (3 √0.5).
    let upper = capability(&SERIES, sigma_within, None, Some(14.0)).unwrap();
    assert_eq!((upper.cp, upper.pp), (None, None));
    assert!(close(upper.cpk, 4.0 * 1.504 / 3.0));
    assert!(close(upper.ppk, 4.0 / (3.0 * 0.5f64.sqrt())));
    // LSL only: Cpk = (10 − 8) / (3 σw).
    let lower = capability(&SERIES, sigma_within, Some(8.0), None).unwrap();
    assert_eq!(lower.cp, None);
    assert!(close(lower.cpk, 2.0 * 1.504 / 3.0));
    // A mean outside the specification gives a negative Cpk.
    let outside = capability(&SERIES, sigma_within, None, Some(9.0)).unwrap();
    assert!(outside.cpk.unwrap() < 0.0);
}

#[test]
fn none_cases() {
    assert!(capability(&[], 1.0, Some(0.0), Some(1.0)).is_none());
    assert!(capability(&[1.0, f64::NAN], 1.0, Some(0.0), Some(1.0)).is_none());
    // No specification limits: statistics only.
    let bare = capability(&SERIES, 1.0, None, None).unwrap();
    assert_eq!(
        (bare.cp, bare.cpk, bare.pp, bare.ppk),
        (None, None, None, None)
    );
    // σ within 0 hides Cp/Cpk only; a constant series hides Pp/Ppk.
    let flat_within = capability(&SERIES, 0.0, Some(8.0), Some(14.0)).unwrap();
    assert_eq!((flat_within.cp, flat_within.cpk), (None, None));
    assert!(flat_within.pp.is_some());
    let constant = capability(&[5.0; 4], 1.0, Some(0.0), Some(10.0)).unwrap();
    assert_eq!((constant.pp, constant.ppk), (None, None));
    assert!(close(constant.cp, 10.0 / 6.0));
    // A single value has no overall σ.
    let single = capability(&[5.0], 1.0, Some(0.0), Some(10.0)).unwrap();
    assert_eq!((single.sigma_overall, single.pp), (0.0, None));
    // An inverted specification has no indices.
    let inverted = capability(&SERIES, 1.0, Some(14.0), Some(8.0)).unwrap();
    assert_eq!(
        (inverted.cp, inverted.cpk, inverted.pp, inverted.ppk),
        (None, None, None, None)
    );
}

#[test]
fn sigma_within_helpers() {
    assert!(sigma_within_individuals(&[1.0]).is_none());
    assert!(close(sigma_within_individuals(&[3.0, 3.0]), 0.0));
    // Ranges 2, 4, 0 so R̄ = 2; d2(3) = 1.693.
    let groups = vec![
        vec![1.0, 2.0, 3.0],
        vec![2.0, 4.0, 6.0],
        vec![3.0, 3.0, 3.0],
    ];
    assert!(close(sigma_within_subgroups(&groups), 2.0 / 1.693));
    assert!(sigma_within_subgroups(&[]).is_none());
    assert!(sigma_within_subgroups(&[vec![1.0, 2.0], vec![1.0]]).is_none());
}
