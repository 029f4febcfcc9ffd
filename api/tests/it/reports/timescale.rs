//! On TimescaleDB (decision 72): the reports answer the same whether the chunks they read are
//! compressed or not, and samples redelivered into compressed chunks are still stored once.
//! Needs a server with TimescaleDB preloaded, so it runs under `make test-timescale`.

use chrono::{DateTime, Utc};
use model::wire::{ProcessSample, Weighing};
use serde_json::Value;
use sqlx::PgPool;
use uuid::Uuid;

use super::batches::history;
use crate::harness::TestApp;

const FROM: &str = "2026-11-02T05:30:00Z";
const TO: &str = "2026-11-05T17:10:00Z";

/// Compresses (or decompresses) every chunk of the nine series; answers how many are compressed.
async fn compress(pool: &PgPool, on: bool) -> i64 {
    for t in db::timescale::SERIES {
        let sql = if on {
            format!(
                "select count(compress_chunk(c, if_not_compressed => true)) from show_chunks('{t}') c"
            )
        } else {
            format!(
                "select count(decompress_chunk(c, if_compressed => true)) from show_chunks('{t}') c"
            )
        };
        sqlx::query(sqlx::AssertSqlSafe(sql))
            .execute(pool)
            .await
            .unwrap();
    }
    sqlx::query_scalar(
        "select count(*) from timescaledb_information.chunks where hypertable_name = any($1) and is_compressed",
    )
    .bind(db::timescale::SERIES)
    .fetch_one(pool)
    .await
    .unwrap()
}

async fn stored(pool: &PgPool) -> Vec<i64> {
    let mut counts = Vec::new();
    for t in db::timescale::SERIES {
        let n: i64 = sqlx::query_scalar(sqlx::AssertSqlSafe(format!("select count(*) from {t}")))
            .fetch_one(pool)
            .await
            .unwrap();
        counts.push(n);
    }
    counts
}

/// Equal answers, numbers to 1e-9 of their size: sums may add in another order.
fn same(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => {
            let (x, y) = (x.as_f64().unwrap(), y.as_f64().unwrap());
            (x - y).abs() <= 1e-9 * x.abs().max(y.abs()).max(1.0)
        }
        (Value::Array(x), Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(x, y)| same(x, y))
        }
        (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len() && x.iter().all(|(k, v)| y.get(k).is_some_and(|w| same(v, w)))
        }
        _ => a == b,
    }
}

type WeighingRow = (
    Uuid,
    DateTime<Utc>,
    String,
    String,
    String,
    Option<String>,
    String,
    Option<String>,
    f64,
    f64,
    f64,
    f64,
    bool,
    f64,
    f64,
);

type ValueRow = (Uuid, DateTime<Utc>, String, Option<String>, String, f64);

/// Writes every stored dose and process value again through ingest, as a redelivery would.
async fn redeliver(pool: &PgPool) -> usize {
    let mut rows = db::ingest::Rows::default();
    let doses: Vec<WeighingRow> = sqlx::query_as(
        "select id, time, line_id, batch_id, scale_id, bin_id, material_id, lot, setpoint_kg, actual_kg,
                deviation_kg, tolerance_kg, in_tolerance, duration_s, inflight_kg from weighing",
    )
    .fetch_all(pool)
    .await
    .unwrap();
    for (
        id,
        time,
        line,
        batch_id,
        scale_id,
        bin_id,
        material_id,
        lot,
        setpoint_kg,
        actual_kg,
        deviation_kg,
        tolerance_kg,
        in_tolerance,
        duration_s,
        inflight_kg,
    ) in doses
    {
        rows.weighing.push((
            line,
            Weighing {
                id,
                time,
                batch_id,
                scale_id,
                bin_id,
                material_id,
                lot,
                setpoint_kg,
                actual_kg,
                deviation_kg,
                tolerance_kg,
                in_tolerance,
                duration_s,
                inflight_kg,
            },
        ));
    }
    let values: Vec<ValueRow> = sqlx::query_as(
        "select id, time, line_id, batch_id, parameter_code, value from process_sample",
    )
    .fetch_all(pool)
    .await
    .unwrap();
    for (id, time, line, batch_id, parameter_code, value) in values {
        rows.process.push((
            line,
            ProcessSample {
                id,
                time,
                batch_id,
                parameter_code,
                value,
            },
        ));
    }
    db::ingest::write::write(pool, &rows).await.unwrap();
    rows.weighing.len() + rows.process.len()
}

#[sqlx::test(migrator = "db::MIGRATOR")]
#[ignore = "needs TimescaleDB preloaded: make test-timescale"]
async fn reports_answer_the_same_on_compressed_chunks(pool: PgPool) {
    let hypertables: i64 = sqlx::query_scalar(
        "select count(*) from timescaledb_information.hypertables where hypertable_name = any($1)",
    )
    .bind(db::timescale::SERIES)
    .fetch_one(&pool)
    .await
    .expect("TimescaleDB is not in use on this server");
    assert_eq!(hypertables, 9, "the nine series are hypertables");
    let app = TestApp::new(pool.clone()).await;
    let h = history(&app).await;
    // The compression policy must not compress behind the test's back.
    sqlx::query("select alter_job(job_id, scheduled => false) from timescaledb_information.jobs where proc_name = 'policy_compression'")
        .execute(&pool)
        .await
        .unwrap();
    let q = |s: &str| s.replace(':', "%3A");
    let range = format!(
        "lineId={}&fromDateTime={}&toDateTime={}",
        h.line.id,
        q(FROM),
        q(TO)
    );
    let summary = h
        .get(&format!(
            "/api/reports/batches/getdetailedbatchsummery?{range}&limit=5"
        ))
        .await
        .ok()["data"]
        .clone();
    let batch = summary["rows"][0]["batchId"].as_str().unwrap().to_string();
    let one = format!("lineId={}&batchId={batch}", h.line.id);
    let calls = [
        format!("consumption/totalweightgroupedby?{range}&groupBy=material"),
        format!("consumption/getconsumtionsbycharges?{range}"),
        format!("production/productionbytime?{range}&bucket=day"),
        format!("stoptimereport?{range}"),
        format!("calibrationreport?{range}"),
        format!("batches/getdetailedbatchsummery?{range}"),
        format!("batches/getdetailedbatchsummery?{range}&reportFilterType=EXCEEDED_PARAMETERS"),
        format!("batches/getbatchweighingdetails?{one}"),
        format!("batches/getbatchmixingdetails?{one}"),
        format!("batches/getbatchparameterdetails?{one}"),
        format!("batches/getbatchesalarms?{one}"),
        format!("batches/getlinebatchdetails?{one}"),
        format!("alarm/getalarms?{range}"),
        format!("batches/getbatchesdiagnostics?{range}"),
        format!("batches/getdownstreams?{range}"),
        format!("pcs/getpressure?{range}"),
        format!("pcs/getreport?{range}"),
    ];
    let answers = async || {
        let mut all = Vec::new();
        for call in &calls {
            let v: Value = h.get(&format!("/api/reports/{call}")).await.ok()["data"].clone();
            all.push((call.clone(), v));
        }
        all
    };
    assert_eq!(compress(&pool, false).await, 0);
    let plain = answers().await;
    let counts = stored(&pool).await;
    assert!(
        counts[0] > 0 && counts[2] > 0,
        "doses and process values: {counts:?}"
    );
    let compressed = compress(&pool, true).await;
    assert!(
        compressed > 5,
        "the history's chunks are compressed: {compressed}"
    );
    for ((call, before), (_, after)) in plain.iter().zip(answers().await.iter()) {
        assert!(
            same(before, after),
            "{call} answers the same on compressed chunks:\n{before}\n{after}"
        );
    }
    // Ingest redelivers every dose and process value into the compressed chunks.
    let redelivered = redeliver(&pool).await;
    assert!(redelivered > 100, "{redelivered}");
    assert_eq!(
        stored(&pool).await,
        counts,
        "a redelivered sample is stored once"
    );
    for ((call, before), (_, after)) in plain.iter().zip(answers().await.iter()) {
        assert!(
            same(before, after),
            "{call} answers the same after the redelivery:\n{before}\n{after}"
        );
    }
}
