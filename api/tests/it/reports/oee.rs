//! OEE (issue 34, item 3): one day of a line with every loss worked out by hand — time before the
//! line reported, planned and unplanned stops (one given a planned reason afterwards), a fault,
//! idle time, a stop still going; batches good, aborted, out of tolerance, made out of tolerance
//! by a dose that came after the batch was rolled, rated at the recipe's ideal rate, at the line's
//! default one, and made before any rate was configured; a rate changed afterwards.

use axum::http::StatusCode;
use chrono::{DateTime, Duration, Utc};
use model::wire::{self, BatchEventKind, BatchStatus, LineState, LineStateKind};
use serde_json::{Value, json};
use sqlx::PgPool;
use uuid::Uuid;

use super::{History, at};
use crate::harness::TestApp;

const LAYER: &str = "22222222-2222-7222-8222-222222222222";
const BROILER: &str = "11111111-1111-7111-8111-111111111111";

/// A batch of `recipe` (LAYER or BROILER) ending at `end` with doses of `kg` (in tolerance or
/// not), its events and weighings added to `rows`.
fn batch(
    rows: &mut db::ingest::Rows,
    line: &str,
    id: &str,
    code: &str,
    end: DateTime<Utc>,
    status: BatchStatus,
    doses: &[(f64, bool)],
) {
    let recipe = if code == "BROILER" { BROILER } else { LAYER };
    let event = |kind, status, time| wire::BatchEvent {
        id: Uuid::now_v7(),
        time,
        event: kind,
        batch_id: id.into(),
        production_schedule_id: None,
        schedule_name: None,
        recipe_id: recipe.into(),
        recipe_code: Some(code.into()),
        recipe_name: Some(code.into()),
        recipe_version: 1,
        status,
        target_kg: 1000.0,
        actual_kg: None,
        shift_id: None,
    };
    let start = end - Duration::minutes(10);
    rows.batch.push((
        line.into(),
        event(BatchEventKind::Started, BatchStatus::Running, start),
    ));
    for (n, (kg, ok)) in doses.iter().enumerate() {
        rows.weighing.push((
            line.into(),
            dose(id, start + Duration::minutes(n as i64 + 1), *kg, *ok),
        ));
    }
    rows.batch
        .push((line.into(), event(BatchEventKind::Ended, status, end)));
}

fn dose(batch: &str, time: DateTime<Utc>, kg: f64, ok: bool) -> wire::Weighing {
    let actual = if ok { kg } else { kg * 1.05 };
    wire::Weighing {
        id: Uuid::now_v7(),
        time,
        batch_id: batch.into(),
        scale_id: "S-MAJOR".into(),
        bin_id: Some("BIN-01".into()),
        material_id: "CORN".into(),
        lot: None,
        setpoint_kg: kg,
        actual_kg: actual,
        deviation_kg: actual - kg,
        tolerance_kg: kg * 0.01,
        in_tolerance: ok,
        duration_s: 30.0,
        inflight_kg: 0.0,
    }
}

fn close(got: &Value, want: f64, what: &str) {
    let g = got
        .as_f64()
        .unwrap_or_else(|| panic!("{what}: no number in {got}"));
    assert!(
        (g - want).abs() < 1e-9 * want.abs().max(1.0),
        "{what}: {g} vs {want}"
    );
}

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn oee_per_shift_day_and_line_worked_out_by_hand(pool: PgPool) {
    let app = TestApp::new(pool).await;
    let h = History::new(&app).await;
    let line = h.line.id.clone();
    let pool = app.state.pool.clone();
    let group = h
        .create(
            "stoptimereasongroup",
            json!({"lineId": line, "name": "Planned", "code": "PLAN", "planned": true}),
        )
        .await;
    let clean = h.create("stopreasons", json!({"lineId": line, "stopTimeGroupId": group, "name": "Cleaning", "code": "CLEAN", "planned": true})).await;
    h.create("stopreasons", json!({"lineId": line, "stopTimeGroupId": group, "name": "Conveyor jam", "code": "JAM", "planned": false})).await;
    let changeover = h.create("stopreasons", json!({"lineId": line, "stopTimeGroupId": group, "name": "Changeover", "code": "CHANGEOVER", "planned": true})).await;

    // Tuesday 10 March 2026 in Berlin (UTC+1): Night 22–06, Early 06–14, Late 14–22 local, i.e.
    // Early 05:00–13:00 and Late 13:00–21:00 UTC. The line reports from 04:00 UTC on.
    let t = |hm: &str| at(&format!("2026-03-10T{hm}:00Z"));
    let mut rows = db::ingest::Rows::default();
    for (hm, state, reason) in [
        ("04:00", LineStateKind::Running, None),
        ("07:00", LineStateKind::Stopped, Some("CLEAN")),
        ("07:30", LineStateKind::Running, None),
        ("09:00", LineStateKind::Fault, None),
        ("09:15", LineStateKind::Running, None),
        ("11:00", LineStateKind::Idle, None),
        ("11:30", LineStateKind::Stopped, Some("JAM")),
        ("12:00", LineStateKind::Running, None),
        // Stopped without a reason, still (the report's day ends at 23:00 UTC).
        ("14:00", LineStateKind::Stopped, None),
    ] {
        rows.state.push((
            line.clone(),
            LineState {
                id: Uuid::now_v7(),
                time: t(hm),
                state,
                stop_reason_id: reason.map(str::to_string),
            },
        ));
    }
    // Made before any ideal rate was configured (Late shift): unrated.
    batch(
        &mut rows,
        &line,
        "B0",
        "LAYER",
        t("13:30"),
        BatchStatus::Complete,
        &[(1000.0, true)],
    );
    db::ingest::write::write(&pool, &rows).await.unwrap();

    // The line's default: 4,000 kg mixer per 600 s = 24,000 kg/h; Broiler 6,000 kg/h.
    let edit = h
        .f
        .app
        .post(
            &format!("/api/lines/edit/{line}"),
            json!({"name": "Line PL1", "code": "PL1", "timezone": "Europe/Berlin", "mixerCapacityKg": 4000, "nominalBatchTimeS": 600}),
            Some(&h.f.token),
        )
        .await;
    edit.ok();
    let broiler = h
        .create(
            "idealrates",
            json!({"lineId": line, "recipeCode": "broiler", "kgPerHour": 6000}),
        )
        .await;

    let mut rows = db::ingest::Rows::default();
    // Early shift: B1 good (Layer, 150 s ideal), B2 good (Broiler, 600 s), B3 aborted, B4 a dose
    // out of tolerance (its 1,000 kg weigh 1,050), B5 good when it ended; B6 in the night before.
    batch(
        &mut rows,
        &line,
        "B1",
        "LAYER",
        t("06:00"),
        BatchStatus::Complete,
        &[(600.0, true), (400.0, true)],
    );
    batch(
        &mut rows,
        &line,
        "B2",
        "BROILER",
        t("08:00"),
        BatchStatus::Complete,
        &[(1000.0, true)],
    );
    batch(
        &mut rows,
        &line,
        "B3",
        "LAYER",
        t("10:00"),
        BatchStatus::Aborted,
        &[(1000.0, true)],
    );
    batch(
        &mut rows,
        &line,
        "B4",
        "LAYER",
        t("12:30"),
        BatchStatus::Complete,
        &[(1000.0, false)],
    );
    batch(
        &mut rows,
        &line,
        "B5",
        "LAYER",
        t("12:40"),
        BatchStatus::Complete,
        &[(980.0, true)],
    );
    batch(
        &mut rows,
        &line,
        "B6",
        "LAYER",
        t("03:00"),
        BatchStatus::Complete,
        &[(1000.0, true)],
    );
    db::ingest::write::write(&pool, &rows).await.unwrap();
    let from = "2026-03-10T00:00:00+01:00";
    let to = "2026-03-11T00:00:00+01:00";
    // Read once before the late data below: its pieces are kept (decision 115), and what comes
    // later must replace them.
    h.data("oee", &line, from, to, "&groupBy=shift").await;
    let kept: i64 = sqlx::query_scalar("select count(*) from oee_piece where line_id = $1")
        .bind(&line)
        .fetch_one(&pool)
        .await
        .unwrap();
    assert!(kept >= 3, "the day's shifts kept ({kept})");
    // A dose of B5 arrives after it was rolled, out of tolerance: B5 is no longer good.
    let mut late = db::ingest::Rows::default();
    late.weighing
        .push((line.clone(), dose("B5", t("12:39"), 20.0, false)));
    db::ingest::write::write(&pool, &late).await.unwrap();
    // The jam is given a planned reason afterwards (a changeover after all).
    h.f.app
        .post(
            "/api/reports/stoptimereport/assignreason",
            json!({"lineId": line, "startedAt": "2026-03-10T11:30:00Z", "stopReasonId": changeover}),
            Some(&h.f.token),
        )
        .await
        .ok();
    // A rate changed now judges what is made from now on, not what was made.
    let e =
        h.f.app
            .post(
                &format!("/api/idealrates/edit/{broiler}"),
                json!({"lineId": line, "recipeCode": "BROILER", "kgPerHour": 12000}),
                Some(&h.f.token),
            )
            .await;
    e.ok();
    assert!(
        db::ingest::check::rollup_mismatches(&pool)
            .await
            .unwrap()
            .is_empty()
    );

    let shifts = h.data("oee", &line, from, to, "&groupBy=shift").await;
    let early = super::row(&shifts, "rows", |r| {
        r["shiftName"] == "Early" && r["date"] == "2026-03-10"
    });
    // Early, 05:00–13:00: running 2 h + 1.5 h + 1.75 h + 1 h; the cleaning and the changeover
    // planned; the fault unplanned; idle 30 min.
    let (running, planned_stop) = (22_500.0, 3_600.0);
    close(&early["shiftS"], 28_800.0, "shift");
    close(&early["runningS"], running, "running");
    close(&early["plannedStopS"], planned_stop, "planned stops");
    close(&early["plannedS"], 28_800.0 - planned_stop, "planned time");
    close(&early["unplannedStopS"], 900.0, "unplanned stops");
    close(&early["idleS"], 1_800.0, "idle");
    close(&early["unknownS"], 0.0, "unknown");
    // B1–B5: 1,000 + 1,000 + 1,000 + 1,050 + 980 + 21 kg; good B1 and B2.
    let (kg, good) = (5_051.0, 2_000.0);
    // Ideal: Layer at 24,000 kg/h, Broiler at 6,000 kg/h (as B2 ended).
    let ideal =
        (1_000.0 + 1_000.0 + 1_050.0 + 1_001.0) / 24_000.0 * 3600.0 + 1_000.0 / 6_000.0 * 3600.0;
    close(&early["batches"], 5.0, "batches");
    close(&early["actualKg"], kg, "kg");
    close(&early["goodKg"], good, "good kg");
    close(&early["idealS"], ideal, "ideal time");
    close(&early["unratedKg"], 0.0, "unrated");
    let (a, p, q) = (
        running / (28_800.0 - planned_stop),
        ideal / running,
        good / kg,
    );
    close(&early["availability"], a, "availability");
    close(&early["performance"], p, "performance");
    close(&early["quality"], q, "quality");
    close(&early["oee"], a * p * q, "OEE");

    // Late, 13:00–21:00: ran an hour, then stopped without a reason (still going: read from the
    // states); B0 made before any rate: no performance, no OEE.
    let late = super::row(&shifts, "rows", |r| {
        r["shiftName"] == "Late" && r["date"] == "2026-03-10"
    });
    close(&late["runningS"], 3_600.0, "late running");
    close(&late["unplannedStopS"], 7.0 * 3_600.0, "late stopped");
    close(&late["availability"], 1.0 / 8.0, "late availability");
    close(&late["unratedKg"], 1_000.0, "late unrated");
    assert!(
        late["performance"].is_null() && late["oee"].is_null(),
        "{late}"
    );
    close(&late["quality"], 1.0, "late quality");

    // The day (23:00 UTC the day before to 23:00): nothing known for 5 h; B6 in its night.
    let days = h.data("oee", &line, from, to, "&groupBy=day").await;
    let rows = days["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 1, "{days}");
    let d = &rows[0];
    assert_eq!(d["date"], "2026-03-10");
    close(&d["shiftS"], 86_400.0, "day");
    close(&d["unknownS"], 5.0 * 3_600.0, "day unknown");
    close(&d["runningS"], 3_600.0 + running + 3_600.0, "day running");
    close(&d["plannedStopS"], planned_stop, "day planned stops");
    close(&d["unplannedStopS"], 900.0 + 9.0 * 3_600.0, "day unplanned");
    close(&d["actualKg"], kg + 2_000.0, "day kg");
    close(&d["goodKg"], good + 2_000.0, "day good");
    assert!(d["performance"].is_null(), "B0 is unrated: {d}");
    // By line: the same day; the lines' and the totals' figures too.
    let by_line = h.data("oee", &line, from, to, "&groupBy=line").await;
    for (v, what) in [
        (&by_line["rows"][0], "line row"),
        (&by_line["lines"][0], "lines"),
        (&by_line["totals"], "totals"),
        (&days["lines"][0], "day's lines"),
    ] {
        for k in [
            "shiftS",
            "runningS",
            "plannedStopS",
            "unplannedStopS",
            "idleS",
            "actualKg",
            "goodKg",
            "idealS",
        ] {
            close(&v[k], d[k].as_f64().unwrap(), &format!("{what} {k}"));
        }
    }
    // The shifts of the day add up to it.
    let sum = |k: &str| -> f64 {
        shifts["rows"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r[k].as_f64().unwrap())
            .sum()
    };
    for k in [
        "shiftS",
        "runningS",
        "plannedStopS",
        "unplannedStopS",
        "actualKg",
        "goodKg",
    ] {
        close(
            &json!(sum(k)),
            d[k].as_f64().unwrap(),
            &format!("shifts' {k}"),
        );
    }

    // The dashboard's tile: the same figures for the same range.
    let tile =
        h.f.app
            .post(
                "/api/dashboard/oee",
                json!({"lineId": line, "fromDateTime": from, "toDateTime": to}),
                Some(&h.f.token),
            )
            .await;
    let tile = tile.ok()["data"][0].clone();
    for k in ["runningS", "plannedStopS", "actualKg", "goodKg"] {
        close(&tile[k], d[k].as_f64().unwrap(), &format!("tile {k}"));
    }

    // The PDF of the shifts: their OEE in per cent, their planned time as h:mm:ss.
    let enc = |s: &str| s.replace('+', "%2B").replace(':', "%3A");
    let (status, kind, bytes) = app
        .download_post(
            &format!("/api/reports/oee/generatePdf?lineId={line}&fromDateTime={}&toDateTime={}&groupBy=shift", enc(from), enc(to)),
            json!({"heading": "OEE", "headers": ["Shift", "Planned", "OEE"], "matchKeys": ["shiftName", "plannedS", "oee"], "data": "rows"}),
            &h.f.token,
            "en",
        )
        .await;
    assert_eq!((status, kind.as_str()), (StatusCode::OK, "application/pdf"));
    let text = crate::harness::text_of(&bytes);
    let pct = format!("{:.1} %", a * p * q * 100.0);
    assert!(
        text.contains("Early") && text.contains("7:00:00") && text.contains(&pct),
        "{pct} in {text}"
    );

    // The cleaning is no longer a planned stop: every piece is read again.
    let before = early["plannedStopS"].as_f64().unwrap();
    h.f.app
        .post(
            &format!("/api/stopreasons/{clean}"),
            json!({"lineId": line, "stopTimeGroupId": group, "name": "Cleaning", "code": "CLEAN", "planned": false}),
            Some(&h.f.token),
        )
        .await
        .ok();
    let again = h.data("oee", &line, from, to, "&groupBy=shift").await;
    let early_again = super::row(&again, "rows", |r| {
        r["shiftName"] == "Early" && r["date"] == "2026-03-10"
    });
    let after = early_again["plannedStopS"].as_f64().unwrap();
    assert!(after < before - 1.0, "planned stops {before} → {after}");
    close(
        &early_again["unplannedStopS"],
        900.0 + (before - after),
        "the cleaning unplanned",
    );

    // Bad input: a grouping OEE does not have, a filter it does not take.
    let bad = h.report("oee", &line, from, to, "&groupBy=week").await;
    assert!(bad.failed(StatusCode::BAD_REQUEST)["errors"]["groupBy"].is_string());
    let bad = h
        .report("oee", &line, from, to, &format!("&recipeId={LAYER}"))
        .await;
    assert!(bad.failed(StatusCode::BAD_REQUEST)["errors"]["recipeId"].is_string());
}
