//! The PDFs of the batch reports: each prints its own call's answer for the query (the batch's
//! doses, steps, values and alarms; the summary's batches; the alarm list; the SPC points).

use axum::http::StatusCode;
use serde_json::{Value, json};
use sqlx::PgPool;

use super::batches::history;
use super::pdf::answer_and_pdf;
use crate::harness::TestApp;

const FROM: &str = "2026-11-02T05:30:00Z";
const TO: &str = "2026-11-05T17:10:00Z";

/// The value at `key` (a dotted path) of `row`, as the PDF prints a string or an integer.
fn printed(row: &Value, key: &str) -> Option<String> {
    match key.split('.').fold(row, |v, k| &v[k]) {
        Value::String(s) => Some(s.clone()),
        Value::Number(n) if n.is_i64() => Some(n.to_string()),
        _ => None,
    }
}

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn every_batch_report_prints_its_own_answer(pool: PgPool) {
    let app = TestApp::new(pool).await;
    let h = history(&app).await;
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
    // A batch's and a compare's PDFs need no range: they cover their answer's times.
    let one = format!("lineId={}&batchId={batch}", h.line.id);
    let layer: Vec<String> = summary["rows"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r["recipeCode"] == "LAYER")
        .map(|r| r["batchId"].as_str().unwrap().to_string())
        .collect();
    let two = format!("batchIds={}", layer[..2].join(","));
    let reports: [(&str, &str, &str, &[&str]); 19] = [
        (
            "batches/getBatchStats",
            &range,
            "rows",
            &["name", "figures.batches"],
        ),
        (
            "batches/getbatchstatsorderwise",
            &range,
            "rows",
            &["name", "figures.batches"],
        ),
        (
            "batches/getdetailedbatchsummery",
            &range,
            "rows",
            &["batchId", "recipeName"],
        ),
        (
            "batches/getbatchweighingdetails",
            &one,
            "rows",
            &["materialId", "actualKg"],
        ),
        (
            "batches/getbatchmixingdetails",
            &one,
            "curves",
            &["code", "unit"],
        ),
        (
            "batches/getbatchparameterdetails",
            &one,
            "rows",
            &["code", "max"],
        ),
        (
            "batches/getbatchmiscparameter",
            &one,
            "rows",
            &["code", "value"],
        ),
        ("batches/getbatchesalarms", &one, "rows", &["code", "text"]),
        ("alarm/getalarms", &range, "rows", &["code", "batchId"]),
        (
            "batches/getbatchesdiagnostics",
            &range,
            "rows",
            &["batchId", "code"],
        ),
        (
            "batches/getbatchdiagnostics",
            &one,
            "parameters",
            &["code", "max"],
        ),
        (
            "batches/getbatcheswithparameters",
            &range,
            "rows",
            &["batchId", "recipeName"],
        ),
        (
            "batches/getcomparemixingreportbatches",
            &two,
            "batches",
            &["batchId", "golden"],
        ),
        (
            "batches/getcomparereportparameters",
            &two,
            "rows",
            &["code", "name"],
        ),
        ("batches/getdownstreams", &range, "rows", &["code", "mean"]),
        (
            "batches/getbatchconsolidatemixingreport",
            &range,
            "rows",
            &["actionCode", "batches"],
        ),
        ("pcs/getpressure", &range, "rows", &["sensor", "meanBar"]),
        ("pcs/getreport", &range, "rows", &["batchId", "meanBar"]),
        (
            "pcs/getpressureforgraph",
            &range,
            "series",
            &["sensor", "lineName"],
        ),
    ];
    let mut checked = Vec::new();
    for (call, query, list, keys) in reports {
        let (answer, text) = answer_and_pdf(&h, call, &format!("?{query}"), list, keys).await;
        // The period printed is the request's range, else that of the answer's times.
        let mut times = answer.to_string().match_indices("Z\"").count();
        if query.contains("fromDateTime") {
            times += 1;
        }
        assert_eq!(text.contains("\nFrom"), times > 0, "{call}: {text}");
        // The first row's first value is printed (when the list has one).
        if let Some(first) = answer[list].as_array().and_then(|rows| rows.first())
            && let Some(v) = printed(first, keys[0])
        {
            assert!(text.contains(&v), "{call}: {v} not in {text}");
            checked.push(call);
        }
    }
    // The generated history has rows for each but the miscellaneous values and the alarms (no
    // control recipe, no alarm raised), downstream values, mixing steps and pressure.
    assert_eq!(checked.len(), 11, "{checked:?}");
    // A list the answer does not have is a 400 naming `data`.
    let body = json!({"heading": "X", "headers": ["A"], "matchKeys": ["a"], "data": "nothing"});
    let (status, _, bytes) = app
        .download_post(
            &format!("/api/reports/batches/getbatchweighingdetails/generatePdf?{one}"),
            body,
            &h.f.token,
            "en",
        )
        .await;
    assert_eq!(
        status,
        StatusCode::BAD_REQUEST,
        "{}",
        String::from_utf8_lossy(&bytes)
    );
}
