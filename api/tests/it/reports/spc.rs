//! SPC charts on a constructed series: limits from the baseline only, the enabled rules fire
//! where they must and nowhere else, capability against the doses' tolerance; saved sets are
//! kept, listed, changed and deleted with the right access; bad input is a 400.

use axum::http::StatusCode;
use chrono::{DateTime, Duration, Utc};
use model::wire::{self, BatchEventKind, BatchStatus};
use serde_json::{Value, json};
use sqlx::PgPool;
use uuid::Uuid;

use super::{History, at};
use crate::harness::TestApp;

const BASE_FROM: &str = "2026-11-01T00:00:00Z";
const FROM: &str = "2026-11-02T00:00:00Z";
const TO: &str = "2026-11-03T00:00:00Z";

/// One CORN dose per batch on the first line, a batch an hour: the baseline day alternates
/// ±0.1 kg around the setpoint; the judged day is `judged` (deviations, kg).
async fn series(h: &History<'_>, judged: &[f64]) {
    let base: Vec<f64> = (0..24)
        .map(|i| if i % 2 == 0 { 0.1 } else { -0.1 })
        .collect();
    let mut rows = db::ingest::Rows::default();
    let mut put = |day: DateTime<Utc>, values: &[f64], tag: &str| {
        for (i, d) in values.iter().enumerate() {
            let t = day + Duration::hours(i as i64);
            let batch = format!("{tag}-{i:02}");
            let ev = |event, status, time| wire::BatchEvent {
                id: Uuid::now_v7(),
                time,
                event,
                batch_id: batch.clone(),
                production_schedule_id: None,
                schedule_name: None,
                recipe_id: "R".into(),
                recipe_code: None,
                recipe_name: None,
                recipe_version: 1,
                status,
                target_kg: 600.0,
                actual_kg: None,
                shift_id: None,
            };
            rows.batch.push((
                h.line.id.clone(),
                ev(BatchEventKind::Started, BatchStatus::Running, t),
            ));
            rows.weighing.push((
                h.line.id.clone(),
                wire::Weighing {
                    id: Uuid::now_v7(),
                    time: t + Duration::minutes(1),
                    batch_id: batch.clone(),
                    scale_id: "S-MAJOR".into(),
                    bin_id: Some("BIN-01".into()),
                    material_id: "CORN".into(),
                    lot: None,
                    setpoint_kg: 600.0,
                    actual_kg: 600.0 + d,
                    deviation_kg: *d,
                    tolerance_kg: 1.5,
                    in_tolerance: d.abs() <= 1.5,
                    duration_s: 30.0,
                    inflight_kg: 1.0,
                },
            ));
            rows.batch.push((
                h.line.id.clone(),
                ev(
                    BatchEventKind::Ended,
                    BatchStatus::Complete,
                    t + Duration::minutes(5),
                ),
            ));
        }
    };
    put(at(BASE_FROM), &base, "B");
    put(at(FROM), judged, "J");
    db::ingest::write::write(&h.f.app.state.pool, &rows)
        .await
        .unwrap();
}

async fn chart(h: &History<'_>, extra: &str) -> Value {
    h.data("spc/batchgraph", &h.line.id, FROM, TO,
        &format!("&materialId=CORN&baselineFrom=2026-11-01T00%3A00%3A00Z&baselineTo=2026-11-02T00%3A00%3A00Z{extra}"))
        .await
}

/// Which points break which rules: (batch, rule).
fn marked(v: &Value) -> Vec<(String, String)> {
    v["points"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|p| {
            p["rules"].as_array().unwrap().iter().map(|r| {
                (
                    p["batchId"].as_str().unwrap().to_string(),
                    r.as_str().unwrap().to_string(),
                )
            })
        })
        .collect()
}

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn the_batch_graph_judges_the_range_by_limits_from_the_baseline(pool: PgPool) {
    let app = TestApp::new(pool).await;
    let h = History::new(&app).await;
    // A spike at point 3; points 10..=17 all above the center (eight in a row).
    let mut judged = vec![
        0.05, -0.05, 0.02, 1.0, -0.03, 0.04, -0.02, 0.01, -0.04, -0.01,
    ];
    judged.extend([0.05; 8]);
    judged.extend([-0.02, 0.03]);
    series(&h, &judged).await;

    let v = chart(&h, "&rules=WE1,WE4").await;
    // Limits from the baseline alone: mean 0, MR̄ 0.2, σ = 0.2 / 1.128.
    let sigma = 0.2 / 1.128;
    let l = &v["limits"];
    assert!(l["center"].as_f64().unwrap().abs() < 1e-9, "{l}");
    assert!((l["sigma"].as_f64().unwrap() - sigma).abs() < 1e-9, "{l}");
    assert!(
        (l["ucl"].as_f64().unwrap() - 3.0 * sigma).abs() < 1e-9,
        "{l}"
    );
    assert_eq!(v["baselinePoints"], 24);
    assert_eq!(v["points"].as_array().unwrap().len(), judged.len());
    assert_eq!(
        marked(&v),
        [("J-03", "WE1"), ("J-17", "WE4")].map(|(b, r)| (b.to_string(), r.to_string())),
        "{v}"
    );
    // The same points under other rules: none enabled, nothing marked; N2 needs nine in a row.
    assert!(marked(&chart(&h, "&rules=NONE").await).is_empty());
    assert!(marked(&chart(&h, "&rules=N2").await).is_empty());
    // Capability against ±1.5 kg, with σ within from the judged points' moving ranges.
    let mr: Vec<f64> = judged.windows(2).map(|w| (w[1] - w[0]).abs()).collect();
    let sw = mr.iter().sum::<f64>() / mr.len() as f64 / 1.128;
    let mean = judged.iter().sum::<f64>() / judged.len() as f64;
    let c = &v["capability"];
    assert!(
        (c["cp"].as_f64().unwrap() - 3.0 / (6.0 * sw)).abs() < 1e-9,
        "{c}"
    );
    assert!(
        (c["cpk"].as_f64().unwrap() - (1.5 - mean) / (3.0 * sw)).abs() < 1e-9,
        "{c}"
    );
    assert_eq!(
        (v["lsl"].as_f64(), v["usl"].as_f64()),
        (Some(-1.5), Some(1.5))
    );

    // An X̄-R chart of subgroups of 4: five means; the baseline gives R̄ 0.2 → A2 limits.
    let x = chart(&h, "&chart=XBAR_R&subgroup=4&rules=WE1").await;
    assert_eq!(x["points"].as_array().unwrap().len(), 5);
    assert!(
        (x["limits"]["ucl"].as_f64().unwrap() - 0.729 * 0.2).abs() < 1e-3,
        "{}",
        x["limits"]
    );
    assert!((x["dispersionLimits"]["center"].as_f64().unwrap() - 0.2).abs() < 1e-9);

    // The chart's points as a PDF: the points the chart judged, with the chart as an image.
    let query = format!(
        "?lineId={}&fromDateTime={}&toDateTime={}&materialId=CORN&baselineFrom={}&baselineTo={}&rules=WE1",
        h.line.id,
        FROM.replace(':', "%3A"),
        TO.replace(':', "%3A"),
        BASE_FROM.replace(':', "%3A"),
        FROM.replace(':', "%3A"),
    );
    let body = json!({"heading": "Corn dosing error", "headers": ["Batch", "Deviation"],
        "matchKeys": ["batchId", "value"], "data": "points", "images": [super::pdf::PNG]});
    let (status, kind, bytes) = app
        .download_post(
            &format!("/api/reports/spc/batchgraph/generatePdf{query}"),
            body,
            &h.f.token,
            "en",
        )
        .await;
    assert_eq!((status, kind.as_str()), (StatusCode::OK, "application/pdf"));
    let text = crate::harness::text_of(&bytes);
    for expected in ["Corn dosing error", "J-03", "J-17"] {
        assert!(text.contains(expected), "{expected} not in {text}");
    }
}

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn saved_sets_are_kept_per_line_and_bad_input_is_a_400(pool: PgPool) {
    let app = TestApp::new(pool).await;
    let h = History::new(&app).await;
    series(&h, &[0.0, 0.1, -0.1, 0.05]).await;
    let token = h.f.token.clone();
    let body = json!({"lineId": h.line.id, "name": "Corn dosing", "subject": "DOSING_ERROR", "materialCode": "CORN",
                      "chart": "IMR", "baselineFrom": BASE_FROM, "baselineTo": FROM, "rules": ["WE1", "N3"]});
    let set = app
        .post("/api/reports/spc/parameters", body.clone(), Some(&token))
        .await
        .ok()["data"]
        .clone();
    let id = set["_id"].as_str().unwrap().to_string();
    assert_eq!(set["rules"], json!(["N3", "WE1"]));
    assert_eq!(set["live"], true);
    app.post("/api/reports/spc/parameters", body.clone(), Some(&token))
        .await
        .failed(StatusCode::BAD_REQUEST);
    // The chart of a saved set: its rules and baseline.
    let v = h
        .data(
            "spc/batchgraph",
            &h.line.id,
            FROM,
            TO,
            &format!("&setId={id}"),
        )
        .await;
    assert_eq!(v["rules"], json!(["N3", "WE1"]));
    assert_eq!(v["baselinePoints"], 24);
    let mut changed = body.clone();
    changed["name"] = json!("Corn on the major scale");
    changed["scaleCode"] = json!("S-MAJOR");
    let up = app
        .put(
            &format!("/api/reports/spc/parameters/{id}"),
            changed,
            Some(&token),
        )
        .await;
    assert_eq!(up.ok()["data"]["scaleCode"], "S-MAJOR");
    let list = app
        .get(
            &format!("/api/reports/spc/parameters?lineId={}", h.line.id),
            Some(&token),
        )
        .await;
    assert_eq!(list.ok()["data"].as_array().unwrap().len(), 1);
    // A reader sees the sets but may not change them; consumption sets are the admins'.
    let (_, reader) = app
        .user(&token, "reader@plant.test", "PRIVILEGE", &["REPORTS_READ"])
        .await;
    app.get("/api/reports/spc/parameters", Some(&reader))
        .await
        .ok();
    app.post("/api/reports/spc/parameters", body.clone(), Some(&reader))
        .await
        .failed(StatusCode::FORBIDDEN);
    app.get("/api/reports/spc/consumptionparameters", Some(&reader))
        .await
        .failed(StatusCode::FORBIDDEN);
    let q = |s: &str| s.replace(':', "%3A");
    let path = format!(
        "/api/reports/spc/consumptiongraph?lineId={}&fromDateTime={}&toDateTime={}&materialId=CORN",
        h.line.id,
        q(FROM),
        q(TO)
    );
    app.get(&path, Some(&reader))
        .await
        .failed(StatusCode::FORBIDDEN);
    app.delete(&format!("/api/reports/spc/parameters/{id}"), Some(&token))
        .await
        .ok();
    app.delete(&format!("/api/reports/spc/parameters/{id}"), Some(&token))
        .await
        .failed(StatusCode::NOT_FOUND);

    for (line, extra, field) in [
        ("ALL", "&materialId=CORN", "lineId"),
        (h.line.id.as_str(), "", "materialId"),
        (h.line.id.as_str(), "&materialId=CORN&rules=WE9", "rules"),
        (h.line.id.as_str(), "&materialId=CORN&chart=PIE", "chart"),
        (
            h.line.id.as_str(),
            "&materialId=CORN&chart=XBAR_R&subgroup=11",
            "subgroup",
        ),
        (h.line.id.as_str(), "&subject=PARAMETER", "parameterCode"),
        (
            h.line.id.as_str(),
            "&materialId=CORN&baselineFrom=2026-10-01T00%3A00%3A00Z&baselineTo=2026-10-02T00%3A00%3A00Z",
            "baselineFrom",
        ),
    ] {
        let a = h.report("spc/batchgraph", line, FROM, TO, extra).await;
        a.failed(StatusCode::BAD_REQUEST);
        assert!(!a.error(field).is_empty(), "{extra}: {a:?}");
    }
}
