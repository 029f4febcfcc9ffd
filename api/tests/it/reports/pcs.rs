//! Pellet-press pressure (PCS): material codes, the pressure per material and sensor and per
//! batch (paged) against hand-computed figures, the chart's buckets with and without the
//! setpoint, and 400s.

use axum::http::StatusCode;
use chrono::Duration;
use model::wire;
use serde_json::Value;
use sqlx::PgPool;
use uuid::Uuid;

use super::{History, at};
use crate::harness::TestApp;

const FROM: &str = "2026-11-02T00:00:00Z";
const TO: &str = "2026-11-03T00:00:00Z";

/// Three batches an hour apart pressing LAYER on PCS-1, ten readings each; the second batch
/// runs 0.5 bar high. A GROWER batch on PCS-2.
async fn readings(h: &History<'_>) {
    let mut rows = db::ingest::Rows::default();
    let start = at(FROM) + Duration::hours(6);
    let mut put =
        |batch: &str, material: &str, sensor: &str, t0: chrono::DateTime<chrono::Utc>, off: f64| {
            for i in 0..10 {
                rows.pressure.push((
                    h.line.id.clone(),
                    wire::Pressure {
                        id: Uuid::now_v7(),
                        time: t0 + Duration::seconds(2 * i),
                        batch_id: Some(batch.into()),
                        material_code: Some(material.into()),
                        sensor: sensor.into(),
                        pressure_bar: 2.5 + off + if i % 2 == 0 { 0.1 } else { -0.1 },
                        setpoint_bar: 2.5,
                    },
                ));
            }
        };
    for (i, off) in [0.0, 0.5, 0.0].into_iter().enumerate() {
        put(
            &format!("B-{i}"),
            "LAYER",
            "PCS-1",
            start + Duration::hours(i as i64),
            off,
        );
    }
    put("G-0", "GROWER", "PCS-2", start + Duration::hours(5), 0.0);
    db::ingest::write::write(&h.f.app.state.pool, &rows)
        .await
        .unwrap();
}

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn pressure_per_material_batch_and_time(pool: PgPool) {
    let app = TestApp::new(pool).await;
    let h = History::new(&app).await;
    readings(&h).await;
    let line = h.line.id.clone();

    let codes = h.data("pcs/getmaterialcodes", &line, FROM, TO, "").await;
    let codes: Vec<(&str, &str)> = codes
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            (
                c["materialCode"].as_str().unwrap(),
                c["sensors"][0].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(codes, [("GROWER", "PCS-2"), ("LAYER", "PCS-1")]);

    // LAYER: 30 readings, mean 2.5 + 0.5/3; ±5 % of 2.5 bar is 0.125: the high batch is out.
    let p = h
        .data("pcs/getpressure", &line, FROM, TO, "&materialCode=LAYER")
        .await;
    let rows = p["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 1);
    let r = &rows[0];
    assert_eq!(r["readings"], 30);
    assert!(
        (r["meanBar"].as_f64().unwrap() - (2.5 + 0.5 / 3.0)).abs() < 1e-9,
        "{r}"
    );
    assert!((r["maxBar"].as_f64().unwrap() - 3.1).abs() < 1e-9);
    assert!((r["deviationBar"].as_f64().unwrap() - 0.5 / 3.0).abs() < 1e-9);
    assert!(
        (r["withinBandPct"].as_f64().unwrap() - 200.0 / 3.0).abs() < 1e-9,
        "{r}"
    );
    let wide = h
        .data(
            "pcs/getpressure",
            &line,
            FROM,
            TO,
            "&materialCode=LAYER&bandPct=30",
        )
        .await;
    assert_eq!(wide["rows"][0]["withinBandPct"].as_f64(), Some(100.0));

    // Per batch, newest first, paged.
    let page = |n: u32| {
        let h = &h;
        let line = line.clone();
        async move {
            h.data(
                "pcs/getreport",
                &line,
                FROM,
                TO,
                &format!("&page={n}&limit=2"),
            )
            .await
        }
    };
    let first = page(1).await;
    assert_eq!(first["total"], 4);
    let ids = |v: &Value| -> Vec<String> {
        v["rows"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r["batchId"].as_str().unwrap().to_string())
            .collect()
    };
    assert_eq!(ids(&first), ["G-0", "B-2"]);
    assert_eq!(ids(&page(2).await), ["B-1", "B-0"]);
    let past = page(3).await;
    assert_eq!((ids(&past).len(), past["total"].as_i64()), (0, Some(4)));
    let b1 = &page(2).await["rows"][0];
    assert!((b1["meanBar"].as_f64().unwrap() - 3.0).abs() < 1e-9, "{b1}");

    // The chart: one series per sensor; the setpoint only with BOTH.
    let g = h.data("pcs/getpressureforgraph", &line, FROM, TO, "").await;
    assert_eq!(
        (g["type"].as_str(), g["bucketS"].as_i64()),
        (Some("PRESSURE"), Some(300))
    );
    let series = g["series"].as_array().unwrap();
    assert_eq!(series.len(), 2);
    assert!(series.iter().all(|s| s["setpoint"].is_null()));
    let pcs1 = series.iter().find(|s| s["sensor"] == "PCS-1").unwrap();
    assert_eq!(
        pcs1["points"].as_array().unwrap().len(),
        3,
        "one 5-minute bucket a batch"
    );
    let both = h
        .data(
            "pcs/getpressureforgraph",
            &line,
            FROM,
            TO,
            "&type=BOTH&sensor=PCS-1",
        )
        .await;
    let s = &both["series"].as_array().unwrap()[0];
    assert_eq!(s["setpoint"].as_array().unwrap().len(), 3);
    assert_eq!(s["setpoint"][0][1].as_f64(), Some(2.5));

    // Bad input names its field.
    for (extra, field) in [
        ("&type=TEMP", "type"),
        ("&bandPct=200", "bandPct"),
        ("&bandPct=x", "bandPct"),
    ] {
        let a = h
            .report("pcs/getpressureforgraph", &line, FROM, TO, extra)
            .await;
        let a = if field == "type" {
            a
        } else {
            h.report("pcs/getpressure", &line, FROM, TO, extra).await
        };
        assert!(
            !a.failed(StatusCode::BAD_REQUEST)["errors"][field].is_null(),
            "{extra}"
        );
    }
}

/// Decision 94: the pressure reports read every reading, so their range is capped by line-days.
#[sqlx::test(migrator = "db::MIGRATOR")]
async fn pressure_reports_cover_at_most_62_line_days(pool: PgPool) {
    let app = TestApp::new(pool).await;
    let h = History::new(&app).await;
    let line = h.line.id.clone();
    let to = "2026-11-26T00:00:00Z";
    for call in [
        "pcs/getmaterialcodes",
        "pcs/getpressure",
        "pcs/getreport",
        "pcs/getpressureforgraph",
    ] {
        h.data(call, &line, "2026-09-25T00:00:00Z", to, "").await;
        let a = h.report(call, &line, "2026-09-24T00:00:00Z", to, "").await;
        assert_eq!(
            a.failed(StatusCode::BAD_REQUEST)["errors"]["toDateTime"],
            "This report reads every sample: at most 62 days for 1 line(s). Choose a shorter range or one line.",
            "{call}"
        );
    }
}
