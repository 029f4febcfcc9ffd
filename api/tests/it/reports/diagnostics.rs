//! Diagnostics on generated history: out of spec matches the doses and values past their
//! limits read straight from the tables (every page, each kind); one batch's diagnostics; the
//! compare of batches of one recipe against a golden batch and its 400s; downstream equipment;
//! the mixing consolidated per recipe and step; the running batch of a line.

use axum::http::StatusCode;
use chrono::Duration;
use model::wire::{self, BatchEventKind, BatchStatus, ProcessSample};
use serde_json::{Value, json};
use sqlx::PgPool;
use uuid::Uuid;

use super::History;
use super::batches::history;
use crate::harness::TestApp;

const FROM: &str = "2026-11-02T05:30:00Z";
const TO: &str = "2026-11-05T17:10:00Z";

/// Every page of out of spec of `kind`, 40 rows a page.
async fn all_rows(h: &History<'_>, kind: &str) -> (Vec<Value>, i64) {
    let mut rows = Vec::new();
    let mut total = 0;
    for page in 1.. {
        let v = h
            .data(
                "batches/getbatchesdiagnostics",
                &h.line.id,
                FROM,
                TO,
                &format!("&kind={kind}&page={page}&limit=40"),
            )
            .await;
        total = v["total"].as_i64().unwrap();
        let got = v["rows"].as_array().unwrap().clone();
        if got.is_empty() {
            break;
        }
        rows.extend(got);
    }
    (rows, total)
}

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn out_of_spec_lists_every_dose_and_value_past_its_limits(pool: PgPool) {
    let app = TestApp::new(pool.clone()).await;
    let h = history(&app).await;
    let range = (super::at(FROM), super::at(TO));
    let doses: Vec<(String, String, f64)> = sqlx::query_as(
        "select w.batch_id, w.material_id, abs(w.deviation_kg) - w.tolerance_kg from weighing w
         join production_batch b on b.line_id = w.line_id and b.batch_id = w.batch_id
         where b.line_id = $1 and b.ended_at >= $2 and b.ended_at < $3 and not w.in_tolerance
         order by w.time desc",
    )
    .bind(&h.line.id)
    .bind(range.0)
    .bind(range.1)
    .fetch_all(&pool)
    .await
    .unwrap();
    let values: i64 = sqlx::query_scalar(
        "select count(*) filter (where p.max_value > 45) + count(*) filter (where p.min_value < 5)
         from batch_parameter p join production_batch b on b.line_id = p.line_id and b.batch_id = p.batch_id
         where b.line_id = $1 and b.ended_at >= $2 and b.ended_at < $3 and p.parameter_code = 'MIXER_TEMP_C'",
    )
    .bind(&h.line.id)
    .bind(range.0)
    .bind(range.1)
    .fetch_one(&pool)
    .await
    .unwrap();
    assert!(doses.len() > 40 && values > 5, "{} {values}", doses.len());

    let (d, total) = all_rows(&h, "DOSE").await;
    assert_eq!(total as usize, doses.len());
    assert_eq!(d.len(), doses.len(), "every page, no row twice or lost");
    for (row, (batch, material, excursion)) in d.iter().zip(&doses) {
        assert_eq!(
            (row["batchId"].as_str(), row["code"].as_str()),
            (Some(batch.as_str()), Some(material.as_str()))
        );
        assert!(
            (row["excursion"].as_f64().unwrap() - excursion).abs() < 1e-9,
            "{row}"
        );
        assert_eq!(row["unit"], "kg");
        let dir = if row["value"].as_f64() < row["target"].as_f64() {
            "UNDER"
        } else {
            "OVER"
        };
        assert_eq!(row["direction"], dir, "{row}");
    }
    let (p, _) = all_rows(&h, "PARAMETER").await;
    assert_eq!(p.len() as i64, values);
    let hot = p.iter().find(|r| r["direction"] == "OVER").unwrap();
    // Each row names its batch's order (for the link to the specific view).
    assert!(p.iter().any(|r| r["productionScheduleId"].is_string()));
    assert!(p.iter().any(|r| r["productionScheduleId"].is_null()));
    assert_eq!(
        (hot["value"].as_f64(), hot["excursion"].as_f64()),
        (Some(47.5), Some(2.5)),
        "{hot}"
    );
    assert_eq!(
        (hot["name"].as_str(), hot["unit"].as_str()),
        (Some("Mixer temperature"), Some("°C"))
    );
    let cold = p.iter().find(|r| r["direction"] == "UNDER").unwrap();
    assert_eq!(cold["excursion"].as_f64(), Some(2.0), "{cold}");
    let (all, total) = all_rows(&h, "ALL").await;
    assert_eq!(all.len() as i64, total);
    assert_eq!(total, doses.len() as i64 + values);
    let times: Vec<&str> = all.iter().map(|r| r["at"].as_str().unwrap()).collect();
    assert!(times.windows(2).all(|w| w[0] >= w[1]), "newest first");

    // Bad input names its field; a page past the end is empty but counts.
    let bad = h
        .report(
            "batches/getbatchesdiagnostics",
            &h.line.id,
            FROM,
            TO,
            "&kind=SOME",
        )
        .await;
    assert!(!bad.failed(StatusCode::BAD_REQUEST)["errors"]["kind"].is_null());
    let past = h
        .data(
            "batches/getbatchesdiagnostics",
            &h.line.id,
            FROM,
            TO,
            "&page=999",
        )
        .await;
    assert_eq!(
        (
            past["rows"].as_array().unwrap().len() as i64,
            past["total"].as_i64()
        ),
        (0, Some(total))
    );

    // One batch: its values, curves and its own rows.
    let batch = hot["batchId"].as_str().unwrap();
    let one = h
        .get(&format!(
            "/api/reports/batches/getbatchdiagnostics?batchId={batch}"
        ))
        .await
        .ok()["data"]
        .clone();
    let temp = super::row(&one, "parameters", |r| r["code"] == "MIXER_TEMP_C");
    assert_eq!(
        (temp["exceeded"].as_bool(), temp["max"].as_f64()),
        (Some(true), Some(47.5))
    );
    let curve = super::row(&one, "curves", |c| c["code"] == "MIXER_TEMP_C");
    assert_eq!(curve["points"].as_array().unwrap().len(), 4);
    assert!(
        one["outOfSpec"]
            .as_array()
            .unwrap()
            .iter()
            .all(|r| r["batchId"] == batch)
    );
    assert!(
        one["outOfSpec"]
            .as_array()
            .unwrap()
            .iter()
            .any(|r| r["kind"] == "PARAMETER")
    );
    h.get("/api/reports/batches/getbatchdiagnostics?batchId=NOPE")
        .await
        .failed(StatusCode::NOT_FOUND);
}

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn compare_takes_up_to_ten_batches_of_one_recipe_against_a_golden_one(pool: PgPool) {
    let app = TestApp::new(pool.clone()).await;
    let h = history(&app).await;
    let listed = h
        .data("batches/getbatcheswithparameters", &h.line.id, FROM, TO, "")
        .await;
    let rows = listed["rows"].as_array().unwrap();
    let in_range: i64 = sqlx::query_scalar(
        "select count(*) from production_batch where line_id = $1 and ended_at >= $2 and ended_at < $3",
    )
    .bind(&h.line.id)
    .bind(super::at(FROM))
    .bind(super::at(TO))
    .fetch_one(&pool)
    .await
    .unwrap();
    assert_eq!(
        (rows.len() as i64, listed["truncated"].as_bool()),
        (in_range, Some(false))
    );
    assert!(
        rows.iter()
            .all(|r| r["parameters"][0]["code"] == "MIXER_TEMP_C")
    );
    for r in rows {
        let past = r["parameters"][0]["exceeded"].as_bool().unwrap();
        assert_eq!(r["exceeded"] == json!(["MIXER_TEMP_C"]), past, "{r}");
        assert!(r["lineName"].is_string(), "{r}");
    }
    let of = |code: &str| -> Vec<String> {
        rows.iter()
            .filter(|r| r["recipeCode"] == code)
            .map(|r| r["batchId"].as_str().unwrap().to_string())
            .collect()
    };
    let (layer, broiler) = (of("LAYER"), of("BROILER"));
    let three = layer[..3].join(",");
    let q = |extra: &str| format!("&batchIds={three}{extra}");
    let m = h
        .data(
            "batches/getcomparemixingreportbatches",
            &h.line.id,
            FROM,
            TO,
            &q(&format!("&goldenBatchId={}", layer[1])),
        )
        .await;
    assert_eq!(m["goldenBatchId"], layer[1].as_str());
    let golden: Vec<bool> = m["batches"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b["golden"].as_bool().unwrap())
        .collect();
    assert_eq!(golden, [false, true, false]);
    let curves: Vec<&str> = m["curves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["batchId"].as_str().unwrap())
        .collect();
    assert_eq!(
        curves,
        layer[..3].iter().map(String::as_str).collect::<Vec<_>>()
    );

    let p = h
        .data(
            "batches/getcomparereportparameters",
            &h.line.id,
            FROM,
            TO,
            &q(&format!("&goldenBatchId={}", layer[1])),
        )
        .await;
    let temp = super::row(&p, "rows", |r| r["code"] == "MIXER_TEMP_C");
    let values = temp["values"].as_array().unwrap();
    let g = values[1]["mean"].as_f64().unwrap();
    for v in values {
        let want = v["mean"].as_f64().unwrap() - g;
        assert!(
            (v["deltaMean"].as_f64().unwrap() - want).abs() < 1e-9,
            "{v}"
        );
    }
    assert_eq!(values[1]["deltaMean"].as_f64(), Some(0.0));

    // 400s, each naming its field.
    let bad = |extra: String, field: &'static str| {
        let h = &h;
        async move {
            let a = h
                .report(
                    "batches/getcomparemixingreportbatches",
                    &h.line.id,
                    FROM,
                    TO,
                    &extra,
                )
                .await;
            assert!(
                !a.failed(StatusCode::BAD_REQUEST)["errors"][field].is_null(),
                "{extra}: {a:?}"
            );
        }
    };
    bad(String::new(), "batchIds").await;
    bad(format!("&batchIds={},{}", layer[0], broiler[0]), "batchIds").await;
    bad(format!("&batchIds={}", layer[..11].join(",")), "batchIds").await;
    bad("&batchIds=NOPE".into(), "batchIds").await;
    bad(
        format!("&batchIds={three}&goldenBatchId={}", layer[5]),
        "goldenBatchId",
    )
    .await;
}

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn downstream_mixing_and_the_running_batch(pool: PgPool) {
    let app = TestApp::new(pool.clone()).await;
    let h = History::new(&app).await;
    h.produce(
        super::at("2026-11-02T00:00:00Z"),
        super::at("2026-11-03T00:00:00Z"),
    )
    .await;
    api::plant::create(&app.state, "super@plant.test", "reportparameters",
        json!({"lineId": h.line.id, "name": "Conditioner", "code": "CONDITIONER_TEMP_C", "unit": "°C",
               "source": "DOWNSTREAM", "isDownstream": true, "lowLimit": 70, "highLimit": 85}))
        .await
        .unwrap();
    let batches: Vec<(String, chrono::DateTime<chrono::Utc>)> = sqlx::query_as(
        "select batch_id, started_at from production_batch where line_id = $1 order by started_at",
    )
    .bind(&h.line.id)
    .fetch_all(&pool)
    .await
    .unwrap();
    let mut rows = db::ingest::Rows::default();
    for (i, (batch, start)) in batches.iter().enumerate() {
        let hot = if i % 10 == 0 { 86.0 } else { 80.0 };
        for (k, v) in [78.0, hot].into_iter().enumerate() {
            rows.process.push((
                h.line.id.clone(),
                ProcessSample {
                    id: Uuid::now_v7(),
                    time: *start + Duration::seconds(200 + k as i64),
                    batch_id: Some(batch.clone()),
                    parameter_code: "CONDITIONER_TEMP_C".into(),
                    value: v,
                },
            ));
        }
        for (action, planned, actual) in [
            ("DRY_MIX", 60.0, 61.0),
            ("WET_MIX", 30.0, if i % 4 == 0 { 40.0 } else { 30.0 }),
        ] {
            rows.mixing.push((
                h.line.id.clone(),
                wire::Mixing {
                    id: Uuid::now_v7(),
                    time: *start + Duration::seconds(180),
                    batch_id: batch.clone(),
                    mixing_action_id: action.into(),
                    planned_s: planned,
                    actual_s: actual,
                    energy_kwh: 1.0,
                    peak_power_kw: 50.0,
                },
            ));
        }
    }
    db::ingest::write::write(&pool, &rows).await.unwrap();
    let (from, to) = ("2026-11-02T00:00:00Z", "2026-11-03T00:00:00Z");
    let ended =
        |b: &&(String, chrono::DateTime<chrono::Utc>)| b.1 + Duration::minutes(4) < super::at(to);
    let n = batches.iter().filter(ended).count() as i64;
    let hot = batches
        .iter()
        .enumerate()
        .filter(|(i, b)| i % 10 == 0 && ended(b))
        .count() as i64;

    let d = h
        .data("batches/getdownstreams", &h.line.id, from, to, "")
        .await;
    let c = super::row(&d, "rows", |r| r["code"] == "CONDITIONER_TEMP_C");
    assert_eq!(
        (c["batches"].as_i64(), c["exceededBatches"].as_i64()),
        (Some(n), Some(hot)),
        "{c}"
    );
    assert_eq!(
        (c["min"].as_f64(), c["max"].as_f64()),
        (Some(78.0), Some(86.0))
    );
    assert_eq!(c["points"].as_array().unwrap().len() as i64, n);
    assert_eq!(
        d["rows"].as_array().unwrap().len(),
        1,
        "only downstream parameters"
    );

    let m = h
        .data(
            "batches/getbatchconsolidatemixingreport",
            &h.line.id,
            from,
            to,
            "",
        )
        .await;
    let steps: i64 = m["rows"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r["actionCode"] == "DRY_MIX")
        .map(|r| r["batches"].as_i64().unwrap())
        .sum();
    assert_eq!(steps, n, "each recipe's DRY_MIX once a batch");
    let wet: Vec<&Value> = m["rows"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r["actionCode"] == "WET_MIX")
        .collect();
    assert!(wet.iter().all(
        |r| r["actualMaxS"].as_f64() == Some(40.0) && r["plannedMeanS"].as_f64() == Some(30.0)
    ));
    assert!(
        wet.iter()
            .map(|r| r["offTimeSteps"].as_i64().unwrap())
            .sum::<i64>()
            > 0
    );

    // No batch running, then one started with a dose.
    let live = |line: String| {
        let h = &h;
        async move {
            h.get(&format!("/api/reports/batches/getlivebatch?lineId={line}"))
                .await
        }
    };
    assert!(live(h.line.id.clone()).await.ok()["data"]["details"].is_null());
    assert!(
        !live("ALL".into()).await.failed(StatusCode::BAD_REQUEST)["errors"]["lineId"].is_null()
    );
    // Its PDF says so.
    let live_pdf = |lang: &'static str| {
        let (f, q) = (&h.f, format!("?lineId={}", h.line.id));
        async move { super::pdf_record::record_text(f, "getlivebatch", &q, lang).await }
    };
    let idle = live_pdf("en").await;
    assert!(idle.contains("The line runs no batch."), "{idle}");
    let mut rows = db::ingest::Rows::default();
    let now = chrono::Utc::now();
    rows.batch.push((
        h.line.id.clone(),
        wire::BatchEvent {
            id: Uuid::now_v7(),
            time: now,
            event: BatchEventKind::Started,
            batch_id: "RUN-1".into(),
            production_schedule_id: None,
            schedule_name: None,
            recipe_id: "R".into(),
            recipe_code: None,
            recipe_name: None,
            recipe_version: 1,
            status: BatchStatus::Running,
            target_kg: 1000.0,
            actual_kg: None,
            shift_id: None,
        },
    ));
    rows.weighing.push((
        h.line.id.clone(),
        wire::Weighing {
            time: now + Duration::seconds(5),
            ..testkit::samples::weighing("RUN-1", 600.0)
        },
    ));
    db::ingest::write::write(&pool, &rows).await.unwrap();
    let v = live(h.line.id.clone()).await.ok()["data"].clone();
    assert_eq!(
        (
            v["details"]["batchId"].as_str(),
            v["details"]["status"].as_str()
        ),
        (Some("RUN-1"), Some("RUNNING"))
    );
    assert_eq!(v["doses"]["rows"].as_array().unwrap().len(), 1);
    // The running batch's record so far, as a document: the same sections as a batch's.
    let running = live_pdf("en").await;
    super::pdf_record::assert_whole_record(&running, &v["details"], &v["doses"]);
    assert!(running.contains("Running"), "{running}");
    let french = live_pdf("fr").await;
    for whole in ["Dosage", "Signatures", "Opérateur", "Vérifié par", "1 000"] {
        assert!(french.contains(whole), "{whole:?} not in:\n{french}");
    }
}
