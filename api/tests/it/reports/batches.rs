//! The batch summary and batch statistics on generated history: every page of every filter
//! type matches the batches read straight from the tables, in order, whatever the range's edges;
//! a page past the end is empty; bad input is a 400 naming the field.

use axum::http::StatusCode;
use chrono::Duration;
use model::wire::ProcessSample;
use serde_json::{Value, json};
use sqlx::PgPool;
use uuid::Uuid;

use super::{History, at};
use crate::harness::TestApp;

const FROM: &str = "2026-11-02T05:30:00Z";
const TO: &str = "2026-11-05T17:10:00Z";

/// History from Nov 1 to Nov 6, and a report parameter MIXER_TEMP_C (5–45 °C) on the first
/// line whose every fourth batch went past 45 °C (and every seventh below 5 °C).
pub(super) async fn history(app: &TestApp) -> History<'_> {
    let h = History::new(app).await;
    h.produce(at("2026-11-01T00:00:00Z"), at("2026-11-06T00:00:00Z"))
        .await;
    api::plant::create(&app.state, "super@plant.test", "reportparameters",
        json!({"lineId": h.line.id, "name": "Mixer temperature", "code": "MIXER_TEMP_C", "unit": "°C",
               "source": "MIXER", "lowLimit": 5, "highLimit": 45}))
        .await
        .unwrap();
    let batches: Vec<(String, String, chrono::DateTime<chrono::Utc>)> = sqlx::query_as(
        "select line_id, batch_id, started_at from production_batch order by line_id, batch_id",
    )
    .fetch_all(&app.state.pool)
    .await
    .unwrap();
    let mut rows = db::ingest::Rows::default();
    for (i, (line, batch, start)) in batches.iter().enumerate() {
        let peak = match i {
            i if i % 4 == 0 => 47.5,
            i if i % 7 == 0 => 30.0,
            _ => 30.0,
        };
        let low = if i % 7 == 0 { 3.0 } else { 20.0 };
        for (k, v) in [low, 25.0, peak, 28.0].into_iter().enumerate() {
            rows.process.push((
                line.clone(),
                ProcessSample {
                    id: Uuid::now_v7(),
                    time: *start + Duration::seconds(30 * k as i64),
                    batch_id: Some(batch.clone()),
                    parameter_code: "MIXER_TEMP_C".into(),
                    value: v,
                },
            ));
        }
    }
    db::ingest::write::write(&app.state.pool, &rows)
        .await
        .unwrap();
    h
}

/// The batch numbers of the range straight from the tables, newest first, `filter` a
/// predicate on `b` (production_batch).
async fn expected(h: &History<'_>, line: Option<&str>, filter: &str) -> Vec<String> {
    sqlx::query_scalar(sqlx::AssertSqlSafe(format!(
        "select b.batch_id from production_batch b
         where b.ended_at >= $1 and b.ended_at < $2 and ($3::text is null or b.line_id = $3) and {filter}
         order by b.ended_at desc, b.line_id, b.batch_id"
    )))
    .bind(at(FROM))
    .bind(at(TO))
    .bind(line)
    .fetch_all(&h.f.app.state.pool)
    .await
    .unwrap()
}

/// Every page of the summary, `limit` rows each, until an empty one; and the total.
async fn all_pages(h: &History<'_>, line: &str, extra: &str, limit: usize) -> (Vec<Value>, i64) {
    let mut out = Vec::new();
    let mut total = None;
    for page in 1.. {
        let v = h
            .data(
                "batches/getdetailedbatchsummery",
                line,
                FROM,
                TO,
                &format!("&page={page}&limit={limit}{extra}"),
            )
            .await;
        let t = v["total"].as_i64().unwrap();
        assert_eq!(
            *total.get_or_insert(t),
            t,
            "the total is the same on every page"
        );
        let rows = v["rows"].as_array().unwrap().clone();
        assert!(rows.len() <= limit);
        if rows.is_empty() {
            break;
        }
        out.extend(rows);
    }
    (out, total.unwrap())
}

fn numbers(rows: &[Value]) -> Vec<String> {
    rows.iter()
        .map(|r| r["batchId"].as_str().unwrap().to_string())
        .collect()
}

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn every_page_of_every_filter_type_matches_the_batches_in_order(pool: PgPool) {
    let app = TestApp::new(pool).await;
    let h = history(&app).await;
    let line = h.line.id.clone();
    let oot = "exists (select 1 from weighing w where w.line_id = b.line_id and w.batch_id = b.batch_id and not w.in_tolerance)";
    // Only the first line has the report parameter.
    let exceeded = format!(
        "b.line_id = '{line}' and exists (select 1 from batch_parameter p
            where p.line_id = b.line_id and p.batch_id = b.batch_id and p.parameter_code = 'MIXER_TEMP_C'
              and (p.max_value > 45 or p.min_value < 5))"
    );
    let exceeded = exceeded.as_str();
    for (which, extra, filter) in [
        (None, "", "true"),
        (Some(line.as_str()), "", "true"),
        (None, "&reportFilterType=ABORTED", "b.status = 'ABORTED'"),
        (None, "&reportFilterType=OUT_OF_TOLERANCE", oot),
        (
            Some(line.as_str()),
            "&reportFilterType=out_of_tolerance",
            oot,
        ),
        (None, "&reportFilterType=EXCEEDED_PARAMETERS", exceeded),
        (
            None,
            "&reportFilterType=EXCEEDED_PARAMETERS&exceededParameters=mixer_temp_c",
            exceeded,
        ),
        (None, "&reportFilterType=NONE&recipeId=NONE", "true"),
    ] {
        let want = expected(&h, which, filter).await;
        assert!(
            want.len() > 10,
            "{extra}: a test with pages ({} batches)",
            want.len()
        );
        let (rows, total) = all_pages(&h, which.unwrap_or("ALL"), extra, 7).await;
        assert_eq!(total as usize, want.len(), "{extra}");
        assert_eq!(numbers(&rows), want, "{extra} on {which:?}");
    }
    // The rows carry their doses, times and the parameters that went past a limit.
    let (rows, _) = all_pages(&h, &line, "&reportFilterType=EXCEEDED_PARAMETERS", 1000).await;
    let r = &rows[0];
    assert_eq!(r["exceeded"], json!(["MIXER_TEMP_C"]));
    assert_eq!(r["doses"], 3);
    assert_eq!(r["durationS"], 240.0);
    assert_eq!(r["lineName"], "Line PL1");
}

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn a_page_past_the_end_is_empty_and_filters_narrow_the_summary(pool: PgPool) {
    let app = TestApp::new(pool).await;
    let h = history(&app).await;
    let v = h
        .data(
            "batches/getdetailedbatchsummery",
            "ALL",
            FROM,
            TO,
            "&page=999&limit=50",
        )
        .await;
    assert_eq!(v["rows"], json!([]));
    assert!(v["total"].as_i64().unwrap() > 100);
    // One batch, and a range inside one day.
    let one = h
        .data(
            "batches/getdetailedbatchsummery",
            "ALL",
            FROM,
            TO,
            "&batchId=PL1-00060",
        )
        .await;
    assert_eq!(numbers(one["rows"].as_array().unwrap()), ["PL1-00060"]);
    let (inside, total) = {
        let v = h
            .data(
                "batches/getdetailedbatchsummery",
                "ALL",
                "2026-11-03T01:00:00Z",
                "2026-11-03T09:00:00Z",
                "&limit=1000",
            )
            .await;
        (
            v["rows"].as_array().unwrap().len(),
            v["total"].as_i64().unwrap(),
        )
    };
    assert_eq!(inside as i64, total);
    assert!(
        (20..=30).contains(&total),
        "two lines, 8 h, a batch every 37 min: {total}"
    );
}

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn batch_statistics_count_batches_per_recipe_and_order(pool: PgPool) {
    let app = TestApp::new(pool).await;
    let h = history(&app).await;
    let v = h.data("batches/getBatchStats", "ALL", FROM, TO, "").await;
    let pool = &app.state.pool;
    for r in v["rows"].as_array().unwrap() {
        let (batches, aborted, oot): (i64, i64, i64) = sqlx::query_as(
            "select count(*), count(*) filter (where status = 'ABORTED'),
                    count(*) filter (where exists (select 1 from weighing w where w.line_id = b.line_id
                                                   and w.batch_id = b.batch_id and not w.in_tolerance))
             from production_batch b where recipe_id = $1 and ended_at >= $2 and ended_at < $3 and line_id = $4",
        )
        .bind(r["key"].as_str().unwrap())
        .bind(at(FROM))
        .bind(at(TO))
        .bind(r["lineId"].as_str().unwrap())
        .fetch_one(pool)
        .await
        .unwrap();
        let f = &r["figures"];
        assert_eq!(f["batches"], batches, "{r}");
        assert_eq!(f["aborted"], aborted, "{r}");
        assert_eq!(f["ootBatches"], oot, "{r}");
        assert_eq!(f["meanBatchS"], 240.0, "{r}");
    }
    let by_order = h
        .data("batches/getbatchstatsorderwise", "ALL", FROM, TO, "")
        .await;
    assert_eq!(
        by_order["totals"]["batches"], v["totals"]["batches"],
        "the same batches by order as by recipe"
    );
    assert_eq!(
        by_order["rows"].as_array().unwrap().len(),
        6,
        "3 orders × 2 lines"
    );
}

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn bad_summary_input_is_a_400_naming_the_field(pool: PgPool) {
    let app = TestApp::new(pool).await;
    let h = history(&app).await;
    let shift = h.shifts[0].clone();
    for (extra, field) in [
        ("&reportFilterType=LATE", "reportFilterType"),
        ("&page=0", "page"),
        ("&limit=5000", "limit"),
        (
            "&reportFilterType=EXCEEDED_PARAMETERS&exceededParameters=NO_SUCH",
            "exceededParameters",
        ),
        (&*format!("&shiftId={shift}"), "shiftId"),
    ] {
        let a = h
            .report(
                "batches/getdetailedbatchsummery",
                &h.line.id,
                FROM,
                TO,
                extra,
            )
            .await;
        a.failed(StatusCode::BAD_REQUEST);
        assert!(!a.error(field).is_empty(), "{extra}: {a:?}");
    }
    let a = h
        .report(
            "batches/getdetailedbatchsummery",
            "not-a-line",
            FROM,
            TO,
            "",
        )
        .await;
    assert!(!a.failed(StatusCode::BAD_REQUEST)["errors"]["lineId"].is_null());
}
