//! (4) Reports on a year of history: every report call of issue 12 through HTTP for a day, 30
//! days and 365 days, one line and every line, p50 and p95, next to a scan of the raw rows that
//! gives the same figure; the batch records, SPC, compare and the SPC push of issue 13
//! (`batches`); the traces and recall of issue 33 (`trace`); the audit trail of issue 35
//! (`audit`); the dashboard calls; a 1,000-row
//! PDF.
//!
//! The history (`batchline backfill`, `BENCH_YEAR_DAYS` × `BENCH_YEAR_LINES`, default 365 × 8)
//! is loaded once into the database `batchline_bench_year_<days>d_<lines>l` and kept for later
//! runs (its load time is printed when it is loaded; `BENCH_RELOAD=1` loads it again). Ranges
//! end at the last midnight (UTC) of the history. `BENCH_CALLS` (comma-separated parts of a
//! call's path) runs some of the calls only.

mod audit;
mod batches;
mod calls;
mod history;
mod http;
pub(crate) mod size;
mod trace;

use anyhow::Context;
use chrono::{DateTime, SecondsFormat, Utc};
use tokio::io::BufReader;
use tokio::net::TcpStream;

use crate::env_or;
use calls::{CALLS, Range, iso, raw_sql, time_raw};
use history::load;
use http::Http;

/// The api serving the history: a keep-alive connection signed in as the super user, its pool,
/// the end of the history (its last midnight) and the first line's id.
pub(crate) struct Served {
    http: Http,
    pool: sqlx::PgPool,
    end: DateTime<Utc>,
    line: String,
}

pub async fn run(base: &str) -> anyhow::Result<()> {
    let (days, lines) = (
        env_or("BENCH_YEAR_DAYS", 365u64),
        env_or("BENCH_YEAR_LINES", 8u64),
    );
    let runs = env_or("BENCH_REPORT_RUNS", 20usize);
    println!(
        "(4) reports on {days} days of {lines} lines through HTTP, {runs} requests each (p50/p95), vs a raw scan"
    );
    let Served {
        mut http,
        pool,
        end,
        line,
    } = serve(base).await?;
    report_tables(&mut http, &pool, runs, &line, end).await?;
    pool.close().await;
    Ok(())
}

/// Loads (or finds) the history and serves it.
pub(crate) async fn serve(base: &str) -> anyhow::Result<Served> {
    let (days, lines) = (
        env_or("BENCH_YEAR_DAYS", 365u64),
        env_or("BENCH_YEAR_LINES", 8u64),
    );
    let url = load(
        base,
        &format!("batchline_bench_year_{days}d_{lines}l"),
        days,
        lines,
    )
    .await?;
    // The api's own pool, as `batchline api` opens it (decision 71); `BENCH_PLAN_CACHE=auto`
    // measures Postgres's default plan caching instead, for comparison.
    let pool = if std::env::var("BENCH_PLAN_CACHE").is_ok_and(|v| v == "auto") {
        println!("    plan caching: Postgres's default (auto), not the api's (force_custom_plan)");
        db::connect(&url, 8).await?
    } else {
        db::connect_api(&url, 8, db::API_STATEMENT_TIMEOUT).await?
    };
    // History loaded by an older build gets the newer migrations (and their rollups).
    db::migrate(&pool).await?;
    let dir = std::env::temp_dir().join(format!("batchline-bench-{}", uuid::Uuid::new_v4()));
    std::fs::create_dir_all(&dir)?;
    let mut config = api::ApiSettings::for_tests(dir.clone());
    config.superuser_password = Some("Bench-Silo-Auger-Molasses-77".into());
    let state = api::AppState::new(pool.clone(), config, None)?;
    api::bootstrap_super_user(&state).await?;
    let _ = std::fs::remove_dir_all(&dir);
    let user = db::users::super_user(&pool).await?.context("super user")?;
    let (token, _) = state.jwt.issue(&user, user.role)?;
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
    let addr = listener.local_addr()?;
    tokio::spawn(api::serve(
        state.clone(),
        api::app(state),
        listener,
        std::future::pending(),
    ));
    let http = Http {
        addr,
        stream: BufReader::new(TcpStream::connect(addr).await?),
        token,
    };

    let end: DateTime<Utc> =
        sqlx::query_scalar("select date_trunc('day', max(ended_at), 'UTC') from production_batch")
            .fetch_one(&pool)
            .await?;
    let line: String = sqlx::query_scalar(
        "select id::text from line where deleted_at is null order by lower(code) limit 1",
    )
    .fetch_one(&pool)
    .await?;
    Ok(Served {
        http,
        pool,
        end,
        line,
    })
}

async fn report_tables(
    http: &mut Http,
    pool: &sqlx::PgPool,
    runs: usize,
    line: &str,
    end: DateTime<Utc>,
) -> anyhow::Result<()> {
    let ranges = [
        Range {
            label: "1 day",
            from: end - chrono::Duration::days(1),
            to: end,
        },
        Range {
            label: "30 days",
            from: end - chrono::Duration::days(30),
            to: end,
        },
        Range {
            label: "365 days",
            from: end - chrono::Duration::days(365),
            to: end,
        },
    ];
    println!(
        "    {:<48} {:>8} {:>5} {:>9} {:>9} {:>10} {:>8}",
        "call", "range", "lines", "p50 ms", "p95 ms", "raw p50", "raw/api"
    );
    let mut worst: f64 = 0.0;
    // `BENCH_CALLS=stops,shifts` runs the calls whose path and query contain one of those.
    let only = std::env::var("BENCH_CALLS").unwrap_or_default();
    let only: Vec<&str> = only.split(',').filter(|s| !s.is_empty()).collect();
    for (call, extra, family) in CALLS {
        let name = format!("{call}{extra}");
        if !only.is_empty() && !only.iter().any(|o| name.contains(o)) {
            continue;
        }
        for r in &ranges {
            for (label, id) in [("one", Some(line)), ("ALL", None)] {
                let path = format!(
                    "/api/reports/{call}?lineId={}&fromDateTime={}&toDateTime={}{extra}",
                    id.unwrap_or("ALL"),
                    iso(r.from),
                    iso(r.to)
                );
                // OEE keeps the pieces it read (decision 115): its first request, with every
                // piece forgotten, is what a report costs after the data under it changed.
                let oee = family == "states";
                if oee {
                    sqlx::query("delete from oee_piece").execute(pool).await?;
                }
                let t = std::time::Instant::now();
                let (status, _) = http.call("GET", &path, None).await?;
                let first = t.elapsed().as_secs_f64() * 1000.0;
                anyhow::ensure!(status == 200, "{path}: {status}");
                let (p50, p95) = http.time(runs, "GET", &path, None).await?;
                let raw50 = time_raw(pool, raw_sql(family), id, r).await?;
                worst = worst.max(p95);
                println!(
                    "    {:<48} {:>8} {:>5} {p50:>9.1} {p95:>9.1} {raw50:>10.1} {:>7.1}×",
                    format!(
                        "{call}{}",
                        extra
                            .split('&')
                            .filter(|s| s.starts_with("groupBy") || s.starts_with("materialId"))
                            .map(|s| format!(" {s}"))
                            .collect::<String>()
                    ),
                    r.label,
                    label,
                    raw50 / p50.max(0.001)
                );
                if oee {
                    println!(
                        "      (first request, every piece read from the rollups: {first:.1} ms)"
                    );
                }
            }
        }
    }
    if worst > 0.0 {
        println!("    slowest report p95: {worst:.1} ms (goal ≤ 100 ms)");
    }
    if only.is_empty() || only.contains(&"batches") {
        batches::run(http, pool, runs, line, end).await?;
    }
    if only.is_empty() || only.contains(&"trace") {
        trace::run(http, pool, runs).await?;
    }
    if only.is_empty() || only.contains(&"audit") {
        audit::run(http, pool, runs, line, end).await?;
    }

    // The dashboard over the history's last day.
    let body = format!(
        r#"{{"lineId":"ALL","fromDateTime":"{}","toDateTime":"{}"}}"#,
        (end - chrono::Duration::days(1)).to_rfc3339_opts(SecondsFormat::Secs, true),
        end.to_rfc3339_opts(SecondsFormat::Secs, true)
    );
    let mut worst: f64 = 0.0;
    for call in [
        "reportdashboarddetails",
        "reportdashboardbyshifts",
        "dashboardproduction",
        "linestatus",
        "lineuptimedowntime",
        "shiftwiseutilization",
    ] {
        let path = format!("/api/dashboard/{call}");
        let (status, _) = http.call("POST", &path, Some(&body)).await?;
        anyhow::ensure!(status == 200, "{path}: {status}");
        let (p50, p95) = http.time(runs, "POST", &path, Some(&body)).await?;
        worst = worst.max(p95);
        println!(
            "    dashboard/{call:<38} {:>8} {:>5} {p50:>9.1} {p95:>9.1}",
            "1 day", "ALL"
        );
    }
    println!("    slowest dashboard p95: {worst:.1} ms (goal ≤ 50 ms)");

    // A PDF of 1,000 batches.
    let path = format!(
        "/api/reports/consumption/getconsumtionsbycharges/generatePdf?lineId=ALL&fromDateTime={}&toDateTime={}",
        iso(ranges[1].from),
        iso(ranges[1].to)
    );
    let body = r#"{"heading":"Consumption by batches","data":"rows","headers":["Line","Batch","Recipe","Ended","Target kg","Weighed kg","Deviation kg","Doses"],"matchKeys":["lineName","batchId","recipeName","endedAt","targetKg","actualKg","deviationKg","doses"]}"#;
    let (status, bytes) = http.call("POST", &path, Some(body)).await?;
    anyhow::ensure!(status == 200, "{path}: {status}");
    let (p50, p95) = http
        .time(5.max(runs / 4), "POST", &path, Some(body))
        .await?;
    println!(
        "    PDF of 1,000 batches ({} KB): p50 {p50:.0} ms, p95 {p95:.0} ms (goal ≤ 1000 ms)",
        bytes / 1024
    );
    Ok(())
}
