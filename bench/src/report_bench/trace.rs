//! Traceability on the year of history (issue 33): the forward trace of the lot used in the
//! most batches (goal p95 ≤ 200 ms), the backward trace of one of its batches and of a delivery
//! that carried it (≤ 50 ms), and its recall PDF (≤ 1 s). Beside each, the baseline measured in
//! the same run: a raw read of the same lot's attributions (`dose_lot` by lot), so the figure
//! is also a ratio.

use std::time::Instant;

use super::http::{Http, spread};

pub(super) async fn run(http: &mut Http, pool: &sqlx::PgPool, runs: usize) -> anyhow::Result<()> {
    // Finding the busiest lot reads every attribution of the year (5.5 million rows): longer
    // than the api pool's statement timeout on a cold cache, so without it.
    let mut tx = pool.begin().await?;
    sqlx::query("set local statement_timeout = 0")
        .execute(&mut *tx)
        .await?;
    let busiest: Option<(uuid::Uuid, i64)> = sqlx::query_as(
        "select lot_id, count(distinct (line_id, batch_id)) from dose_lot where lot_id is not null
          group by lot_id order by 2 desc limit 1",
    )
    .fetch_optional(&mut *tx)
    .await?;
    tx.commit().await?;
    let Some((lot, batches)) = busiest else {
        println!("    trace: the history has no lots (loaded by an older build: BENCH_RELOAD=1)");
        return Ok(());
    };
    // The baseline: the lot's attributions read straight from the index.
    let mut raw = Vec::with_capacity(runs);
    for _ in 0..runs {
        let t = Instant::now();
        let _: (i64, Option<f64>) =
            sqlx::query_as("select count(*), sum(kg) from dose_lot where lot_id = $1")
                .bind(lot)
                .fetch_one(pool)
                .await?;
        raw.push(t.elapsed().as_secs_f64() * 1000.0);
    }
    let (raw50, _) = spread(raw);
    let (line, batch): (String, String) = sqlx::query_as(
        "select line_id, batch_id from dose_lot where lot_id = $1 order by time desc limit 1",
    )
    .bind(lot)
    .fetch_one(pool)
    .await?;
    let delivery: Option<uuid::Uuid> = sqlx::query_scalar(
        "select x.delivery_id from delivery_batch x join dose_lot d on d.line_id = x.line_id and d.batch_id = x.batch_id
          where d.lot_id = $1 limit 1",
    )
    .bind(lot)
    .fetch_optional(pool)
    .await?;
    println!(
        "    trace ({batches} batches of the busiest lot; baseline: its dose attributions read raw, p50 {raw50:.1} ms)"
    );
    let mut calls = vec![
        (
            "forward: lot → customers",
            format!("/api/trace/lot/{lot}"),
            200.0,
        ),
        (
            "backward: batch → lots",
            format!("/api/trace/batch/{line}/{batch}"),
            50.0,
        ),
    ];
    if let Some(d) = delivery {
        calls.push((
            "backward: delivery → lots",
            format!("/api/trace/delivery/{d}"),
            50.0,
        ));
    }
    for (label, path, goal) in calls {
        let (status, bytes) = http.call("GET", &path, None).await?;
        anyhow::ensure!(status == 200, "{path}: {status}");
        let (p50, p95) = http.time(runs, "GET", &path, None).await?;
        println!(
            "    {label:<40} p50 {p50:>7.1} ms  p95 {p95:>7.1} ms  ({:>4} KB, {:.1}× the raw read; goal p95 ≤ {goal} ms)",
            bytes / 1024,
            p50 / raw50.max(0.001)
        );
    }
    let body = format!(r#"{{"lotId":"{lot}"}}"#);
    let path = "/api/trace/recall/generatePdf";
    let (status, bytes) = http.call("POST", path, Some(&body)).await?;
    anyhow::ensure!(status == 200, "{path}: {status}");
    let (p50, p95) = http
        .time(5.max(runs / 4), "POST", path, Some(&body))
        .await?;
    println!(
        "    recall PDF of {batches} batches ({} KB): p50 {p50:.0} ms, p95 {p95:.0} ms (goal ≤ 1000 ms)",
        bytes / 1024
    );
    Ok(())
}
