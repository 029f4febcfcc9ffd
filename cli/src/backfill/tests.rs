//! The backfill's options and a backfill through ingest's storage.

use super::*;

#[test]
fn options() {
    let args = |s: &str| s.split_whitespace().map(String::from).collect::<Vec<_>>();
    assert_eq!(
        Plan::parse(&args("")).unwrap(),
        Plan {
            days: 30,
            lines: 2,
            seed: 1
        }
    );
    assert_eq!(
        Plan::parse(&args("--days 365 --lines 8 --seed 7")).unwrap(),
        Plan {
            days: 365,
            lines: 8,
            seed: 7
        }
    );
    for bad in ["--days", "--days 0", "--days 401", "--lines x", "--speed 2"] {
        assert!(Plan::parse(&args(bad)).is_err(), "{bad}");
    }
}
