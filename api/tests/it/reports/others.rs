//! The bin history and the calibration report on hand-made movements and checks.

use axum::http::StatusCode;
use chrono::{Duration, SecondsFormat, Utc};
use model::wire::{BinMovement, BinMovementKind, Calibration};
use sqlx::PgPool;
use uuid::Uuid;

use super::{History, at, row};
use crate::harness::TestApp;

const FROM: &str = "2026-11-02T00:00:00Z";
const TO: &str = "2026-11-03T00:00:00Z";

fn movement(
    bin: &str,
    material: &str,
    time: &str,
    kind: BinMovementKind,
    delta: f64,
    level: f64,
) -> BinMovement {
    BinMovement {
        id: Uuid::now_v7(),
        time: at(time),
        bin_id: bin.into(),
        material_id: material.into(),
        lot: None,
        delta_kg: delta,
        level_kg: level,
        kind,
    }
}

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn bin_history_sums_a_bins_movements_with_its_levels(pool: PgPool) {
    let app = TestApp::new(pool).await;
    let h = History::new(&app).await;
    let line = h.line.id.clone();
    use BinMovementKind::*;
    let mut rows = db::ingest::Rows::default();
    for m in [
        movement(
            "BIN-01",
            "CORN",
            "2026-11-01T23:00:00Z",
            Dose,
            -200.0,
            15000.0,
        ),
        movement(
            "BIN-01",
            "CORN",
            "2026-11-02T08:00:00Z",
            Dose,
            -600.0,
            14400.0,
        ),
        movement(
            "BIN-01",
            "SOY",
            "2026-11-02T08:00:30Z",
            Dose,
            -380.0,
            14020.0,
        ),
        movement(
            "BIN-01",
            "CORN",
            "2026-11-02T09:00:00Z",
            Fill,
            4000.0,
            18020.0,
        ),
        movement(
            "BIN-01",
            "WHEAT",
            "2026-11-02T10:00:00Z",
            Change,
            0.0,
            18020.0,
        ),
        movement(
            "BIN-01",
            "WHEAT",
            "2026-11-02T12:00:00Z",
            Empty,
            -18020.0,
            0.0,
        ),
        movement("BIN-99", "CORN", "2026-11-02T13:00:00Z", Fill, 500.0, 500.0),
        // The end is not in the range.
        movement(
            "BIN-01",
            "WHEAT",
            "2026-11-03T00:00:00Z",
            Fill,
            9000.0,
            9000.0,
        ),
    ] {
        rows.bin.push((line.clone(), m));
    }
    db::ingest::write::write(&app.state.pool, &rows)
        .await
        .unwrap();
    let v = h.data("bins/getmaterialhistory", &line, FROM, TO, "").await;
    let bin = row(&v, "bins", |b| b["binId"] == "BIN-01");
    assert_eq!(bin["binName"], "Bin 1");
    assert_eq!(bin["lineName"], "Line PL1");
    assert_eq!(
        (bin["fills"].as_i64(), bin["filledKg"].as_f64()),
        (Some(1), Some(4000.0))
    );
    assert_eq!(
        (bin["doses"].as_i64(), bin["dosedKg"].as_f64()),
        (Some(2), Some(980.0))
    );
    assert_eq!(
        (bin["empties"].as_i64(), bin["emptiedKg"].as_f64()),
        (Some(1), Some(18020.0))
    );
    assert_eq!(bin["changes"], 1);
    assert_eq!(bin["openingKg"], 15000.0, "the last level before the range");
    assert_eq!(bin["closingKg"], 0.0);
    assert_eq!(
        bin["materials"],
        serde_json::json!(["CORN", "SOY", "WHEAT"])
    );
    assert_eq!(
        (
            bin["netKg"].as_f64(),
            bin["expectedClosingKg"].as_f64(),
            bin["reconciled"].as_bool(),
            bin["overCapacity"].as_bool()
        ),
        (Some(-15000.0), Some(0.0), Some(true), Some(false)),
        "15,000 + 4,000 − 980 − 18,020 = 0"
    );
    let idle = row(&v, "bins", |b| b["binId"] == "BIN-30");
    assert_eq!(
        (idle["doses"].as_i64(), idle["openingKg"].is_null()),
        (Some(0), true)
    );
    let gone = row(&v, "bins", |b| b["binId"] == "BIN-99");
    assert!(
        gone["binName"].is_null(),
        "a bin not configured keeps its code"
    );
    assert_eq!(v["total"], 6);
    let movements = v["movements"].as_array().unwrap();
    assert_eq!(movements.len(), 6);
    assert_eq!(movements[0]["binId"], "BIN-99", "newest first");
    assert_eq!(movements[5]["materialName"], "CORN");
    assert_eq!(movements[5]["lineName"], "Line PL1");
    assert!(
        v["levels"].as_array().unwrap().is_empty(),
        "levels for one bin only"
    );

    // One bin by its code in any case, or its `_id`: its levels over the range.
    for bin in ["bin-01", h.line.id("BIN-01")] {
        let v = h
            .data(
                "bins/getmaterialhistory",
                &line,
                FROM,
                TO,
                &format!("&binId={bin}"),
            )
            .await;
        assert_eq!(v["bins"].as_array().unwrap().len(), 1);
        assert_eq!(v["total"], 5);
        let levels = v["levels"].as_array().unwrap();
        assert_eq!(
            levels.len(),
            4,
            "08:00 (two doses), 09:00, 10:00, 12:00: {levels:?}"
        );
        assert_eq!(
            (levels[0]["levelKg"].as_f64(), levels[0]["minKg"].as_f64()),
            (Some(14020.0), Some(14020.0))
        );
        assert_eq!(levels[0]["maxKg"], 14400.0);
        assert_eq!(levels[3]["levelKg"], 0.0);
    }
    // A ragged range: raw edges around a whole day from the day rollup.
    let v = h
        .data(
            "bins/getmaterialhistory",
            &line,
            "2026-11-01T22:00:00Z",
            "2026-11-03T00:00:30Z",
            "&binId=BIN-01",
        )
        .await;
    let b = &v["bins"][0];
    assert_eq!(
        (b["doses"].as_i64(), b["dosedKg"].as_f64()),
        (Some(3), Some(1180.0))
    );
    assert_eq!(
        (
            b["fills"].as_i64(),
            b["openingKg"].as_f64(),
            b["closingKg"].as_f64()
        ),
        (Some(2), Some(15200.0), Some(9000.0)),
        "no level before the range: the opening is the level the first movement started from"
    );
    assert_eq!(
        (b["reconciled"].as_bool(), b["discrepancyKg"].as_f64()),
        (Some(true), Some(0.0))
    );
    // Most of a year: the level per UTC day, from the rollup.
    let v = h
        .data(
            "bins/getmaterialhistory",
            &line,
            "2026-01-01T00:00:00Z",
            "2026-11-10T00:00:00Z",
            "&binId=BIN-01",
        )
        .await;
    let levels = v["levels"].as_array().unwrap();
    assert_eq!(levels.len(), 3, "{levels:?}");
    assert_eq!(
        (levels[0]["time"].as_str(), levels[0]["levelKg"].as_f64()),
        (Some("2026-11-01T00:00:00Z"), Some(15000.0))
    );
    assert_eq!(
        (
            levels[1]["levelKg"].as_f64(),
            levels[1]["minKg"].as_f64(),
            levels[1]["maxKg"].as_f64()
        ),
        (Some(0.0), Some(0.0), Some(18020.0))
    );
    assert_eq!(levels[2]["levelKg"], 9000.0);
    assert_eq!(v["bins"][0]["doses"], 3);
    // Kind filter, paging, 0/NONE, bad kind.
    let fills = h
        .data("bins/getmaterialhistory", &line, FROM, TO, "&kind=fill")
        .await;
    assert_eq!(
        (
            fills["total"].as_i64(),
            fills["movements"].as_array().unwrap().len()
        ),
        (Some(2), 2)
    );
    let page = h
        .data(
            "bins/getmaterialhistory",
            &line,
            FROM,
            TO,
            "&kind=NONE&binId=0&limit=4&page=2",
        )
        .await;
    assert_eq!(page["movements"].as_array().unwrap().len(), 2);
    assert_eq!(page["movements"][1]["time"], "2026-11-02T08:00:00Z");
    let bad = h
        .report("bins/getmaterialhistory", &line, FROM, TO, "&kind=LEAK")
        .await;
    assert!(!bad.failed(StatusCode::BAD_REQUEST)["errors"]["kind"].is_null());
}

/// A bin whose level jumps without a movement, and one above its capacity, are flagged; a bin
/// whose movements add up is not.
#[sqlx::test(migrator = "db::MIGRATOR")]
async fn bin_history_flags_rows_that_do_not_reconcile_or_exceed_capacity(pool: PgPool) {
    let app = TestApp::new(pool).await;
    let h = History::new(&app).await;
    let line = h.line.id.clone();
    use BinMovementKind::*;
    let mut rows = db::ingest::Rows::default();
    for m in [
        movement(
            "BIN-01",
            "CORN",
            "2026-11-02T07:00:00Z",
            Fill,
            1000.0,
            1000.0,
        ),
        movement(
            "BIN-01",
            "CORN",
            "2026-11-02T07:10:00Z",
            Dose,
            -100.0,
            900.0,
        ),
        // BIN-30 holds 500 kg: filled to 400, dosed 50, then the plant reports 900 kg after a
        // 50 kg dose (a fill it never reported).
        movement(
            "BIN-30",
            "PREMIX",
            "2026-11-02T08:00:00Z",
            Fill,
            400.0,
            400.0,
        ),
        movement(
            "BIN-30",
            "PREMIX",
            "2026-11-02T08:10:00Z",
            Dose,
            -50.0,
            350.0,
        ),
        movement(
            "BIN-30",
            "PREMIX",
            "2026-11-02T08:20:00Z",
            Dose,
            -50.0,
            900.0,
        ),
    ] {
        rows.bin.push((line.clone(), m));
    }
    db::ingest::write::write(&app.state.pool, &rows)
        .await
        .unwrap();
    let v = h.data("bins/getmaterialhistory", &line, FROM, TO, "").await;
    let good = row(&v, "bins", |b| b["binId"] == "BIN-01");
    assert_eq!(
        (
            good["openingKg"].as_f64(),
            good["closingKg"].as_f64(),
            good["reconciled"].as_bool(),
            good["overCapacity"].as_bool()
        ),
        (Some(0.0), Some(900.0), Some(true), Some(false))
    );
    let bad = row(&v, "bins", |b| b["binId"] == "BIN-30");
    assert_eq!(
        (
            bad["openingKg"].as_f64(),
            bad["filledKg"].as_f64(),
            bad["dosedKg"].as_f64(),
            bad["expectedClosingKg"].as_f64(),
            bad["closingKg"].as_f64(),
            bad["discrepancyKg"].as_f64(),
            bad["reconciled"].as_bool()
        ),
        (
            Some(0.0),
            Some(400.0),
            Some(100.0),
            Some(300.0),
            Some(900.0),
            Some(600.0),
            Some(false)
        )
    );
    assert_eq!(
        (bad["peakKg"].as_f64(), bad["overCapacity"].as_bool()),
        (Some(900.0), Some(true))
    );
}

fn check(scale: &str, days_ago: i64, error: f64, passed: bool) -> Calibration {
    Calibration {
        id: Uuid::now_v7(),
        time: Utc::now() - Duration::days(days_ago),
        scale_id: scale.into(),
        test_weight_kg: 100.0,
        reading_kg: 100.0 + error,
        error_kg: error,
        passed,
        by: Some("metrologist".into()),
    }
}

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn calibration_report_flags_scales_past_their_due_date(pool: PgPool) {
    let app = TestApp::new(pool).await;
    let h = History::new(&app).await;
    let line = h.line.id.clone();
    let mut rows = db::ingest::Rows::default();
    // S-MAJOR passed 40 days ago and failed 10 days ago: due 30 days after the pass, overdue.
    // S-MICRO passed 5 days ago: due in 25 days. The second line's scales were never checked.
    for c in [
        check("S-MAJOR", 40, 0.5, true),
        check("S-MAJOR", 10, -3.0, false),
        check("S-MICRO", 5, 0.01, true),
    ] {
        rows.calibration.push((line.clone(), c));
    }
    db::ingest::write::write(&app.state.pool, &rows)
        .await
        .unwrap();
    let iso = |d: chrono::DateTime<Utc>| d.to_rfc3339_opts(SecondsFormat::Secs, true);
    let (from, to) = (
        iso(Utc::now() - Duration::days(60)),
        iso(Utc::now() + Duration::days(1)),
    );
    let v = h.data("calibrationreport", &line, &from, &to, "").await;
    assert_eq!(v["intervalDays"], 30);
    let major = row(&v, "scales", |s| s["scaleId"] == "S-MAJOR");
    assert_eq!(
        (major["checks"].as_i64(), major["passed"].as_i64()),
        (Some(2), Some(1))
    );
    assert_eq!(major["maxAbsErrorKg"], 3.0);
    assert_eq!(
        (major["lastPassed"].as_bool(), major["overdue"].as_bool()),
        (Some(false), Some(true))
    );
    let due = at(major["nextDueAt"].as_str().unwrap());
    assert!(
        (due - (Utc::now() - Duration::days(10)))
            .num_minutes()
            .abs()
            < 5,
        "due 30 days after the pass: {due}"
    );
    let micro = row(&v, "scales", |s| s["scaleId"] == "S-MICRO");
    assert_eq!(
        (micro["scaleName"].as_str(), micro["overdue"].as_bool()),
        (Some("Micro"), Some(false))
    );
    assert_eq!(v["overdue"], 1);
    assert_eq!(v["total"], 3);
    let checks = v["checks"].as_array().unwrap();
    assert_eq!(checks[0]["scaleId"], "S-MICRO", "newest first");
    assert_eq!(checks[1]["errorPct"], -3.0);
    assert_eq!(
        (
            checks[1]["passed"].as_bool(),
            checks[1]["scaleName"].as_str()
        ),
        (Some(false), Some("Major"))
    );
    assert_eq!(checks[2]["checkedBy"], "metrologist");
    assert_eq!(checks[2]["lineName"], "Line PL1");
    // Every line: the second line's two scales were never checked, so they are overdue too.
    let all = h.data("calibrationreport", "ALL", &from, &to, "").await;
    assert_eq!(all["overdue"], 3);
    // One scale by `_id` or by code in any case; a range without its checks still says when it
    // is due.
    for scale in [h.line.id("S-MICRO"), "s-micro"] {
        let one = h
            .data(
                "calibrationreport",
                &line,
                &from,
                &to,
                &format!("&scaleId={scale}"),
            )
            .await;
        assert_eq!(
            (
                one["scales"].as_array().unwrap().len(),
                one["total"].as_i64()
            ),
            (1, Some(1))
        );
    }
    let old = h
        .data(
            "calibrationreport",
            &line,
            "2026-01-01T00:00:00Z",
            "2026-02-01T00:00:00Z",
            "&scaleId=S-MICRO",
        )
        .await;
    assert_eq!(
        (
            old["scales"][0]["checks"].as_i64(),
            old["scales"][0]["overdue"].as_bool()
        ),
        (Some(0), Some(false))
    );
    let page = h
        .data("calibrationreport", &line, &from, &to, "&limit=2&page=2")
        .await;
    assert_eq!(page["checks"].as_array().unwrap().len(), 1);
}
