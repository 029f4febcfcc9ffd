//! Capacity (c): report p95 against the size of the data a report covers. Five ranges of the
//! year's history (7 to 365 days, every line), the rows each holds (batches, weighings), and
//! for each of five reports the p95 of `BENCH_REPORT_RUNS` requests, the median of `BENCH_RUNS`
//! rounds; beside them the raw scan of the weighings behind the consumption report, which grows
//! with the rows (the baseline a report without rollups would follow).

use chrono::Duration;

use super::calls::{Range, iso, raw_sql, time_raw};
use super::{Served, serve};
use crate::{env_or, median};

const CALLS: [(&str, &str, &str); 5] = [
    (
        "consumption",
        "consumption/totalweightgroupedby",
        "&groupBy=material",
    ),
    ("production", "production/getproductionbyrecipe", ""),
    (
        "batches",
        "consumption/getconsumtionsbycharges",
        "&limit=50",
    ),
    ("stops", "stoptimereport", "&limit=100"),
    ("OEE by day", "oee", "&groupBy=day"),
];

pub async fn run(base: &str) -> anyhow::Result<()> {
    let runs = env_or("BENCH_REPORT_RUNS", 20usize);
    let rounds = env_or("BENCH_RUNS", 3usize);
    let Served {
        mut http,
        pool,
        end,
        ..
    } = serve(base).await?;
    println!(
        "  (c) report p95 (ms) against the rows in its range: every line, {runs} requests a call, median of {rounds} rounds"
    );
    print!("      {:>5} {:>9} {:>10}", "days", "batches", "weighings");
    for (label, ..) in CALLS {
        print!(" {label:>11}");
    }
    println!(" {:>14}", "raw scan p50");
    let mut first: Option<(f64, Vec<f64>, f64)> = None;
    for days in [7i64, 30, 91, 182, 365] {
        let r = Range {
            label: "",
            from: end - Duration::days(days),
            to: end,
        };
        let (batches, weighings): (i64, i64) = sqlx::query_as(
            "select (select count(*) from production_batch where ended_at >= $1 and ended_at < $2),
                    (select count(*) from weighing w join production_batch b using (line_id, batch_id)
                      where b.ended_at >= $1 and b.ended_at < $2)",
        )
        .bind(r.from)
        .bind(r.to)
        .fetch_one(&pool)
        .await?;
        let mut p95s = Vec::new();
        for (_, call, extra) in CALLS {
            let path = format!(
                "/api/reports/{call}?lineId=ALL&fromDateTime={}&toDateTime={}{extra}",
                iso(r.from),
                iso(r.to)
            );
            let (status, _) = http.call("GET", &path, None).await?;
            anyhow::ensure!(status == 200, "{path}: {status}");
            let mut round = Vec::new();
            for _ in 0..rounds {
                round.push(http.time(runs, "GET", &path, None).await?.1);
            }
            p95s.push(median(round));
        }
        let raw = time_raw(&pool, raw_sql("weighing"), None, &r).await?;
        print!("      {days:>5} {batches:>9} {weighings:>10}");
        for p in &p95s {
            print!(" {p:>11.1}");
        }
        println!(" {raw:>14.1}");
        match &first {
            None => first = Some((weighings as f64, p95s, raw)),
            Some((w0, p0, raw0)) if days == 365 => {
                let rows = weighings as f64 / w0;
                let grew: Vec<String> = p95s
                    .iter()
                    .zip(p0)
                    .map(|(p, q)| format!("{:.1}×", p / q))
                    .collect();
                println!(
                    "      365 against 7 days: {rows:.0}× the rows; p95 {} (in the order above); raw scan {:.1}×",
                    grew.join(", "),
                    raw / raw0
                );
            }
            _ => {}
        }
    }
    pool.close().await;
    Ok(())
}
