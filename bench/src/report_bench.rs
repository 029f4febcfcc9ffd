//! (4) Reports on a year of history: every report call of issue 12 through HTTP for a day, 30
//! days and 365 days, one line and every line, p50 and p95, next to a scan of the raw rows that
//! gives the same figure; the dashboard calls; a 1,000-row PDF.
//!
//! The history (`batchline backfill`, `BENCH_YEAR_DAYS` × `BENCH_YEAR_LINES`, default 365 × 8)
//! is loaded once into the database `batchline_bench_year_<days>d_<lines>l` and kept for later
//! runs (its load time is printed when it is loaded; `BENCH_RELOAD=1` loads it again). Ranges
//! end at the last midnight (UTC) of the history. `BENCH_CALLS` (comma-separated parts of a
//! call's path) runs some of the calls only.

use std::time::Instant;

use anyhow::Context;
use chrono::{DateTime, SecondsFormat, Utc};
use sqlx::PgPool;
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpStream;

use crate::{env_or, pct};

/// A keep-alive HTTP/1.1 connection to the api.
struct Http {
    stream: BufReader<TcpStream>,
    token: String,
}

impl Http {
    /// Sends one request; the status and the body's length.
    async fn call(
        &mut self,
        method: &str,
        path: &str,
        body: Option<&str>,
    ) -> anyhow::Result<(u16, usize)> {
        let body = body.unwrap_or("");
        let req = format!(
            "{method} {path} HTTP/1.1\r\nHost: bench\r\nAuthorization: Bearer {}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
            self.token,
            body.len()
        );
        self.stream.get_mut().write_all(req.as_bytes()).await?;
        let mut line = String::new();
        self.stream.read_line(&mut line).await?;
        let status: u16 = line
            .split_whitespace()
            .nth(1)
            .and_then(|s| s.parse().ok())
            .context("no status")?;
        let mut length = 0usize;
        loop {
            line.clear();
            self.stream.read_line(&mut line).await?;
            if line == "\r\n" || line.is_empty() {
                break;
            }
            if let Some(v) = line.to_ascii_lowercase().strip_prefix("content-length:") {
                length = v.trim().parse()?;
            }
        }
        let mut buf = vec![0u8; length];
        self.stream.read_exact(&mut buf).await?;
        Ok((status, length))
    }
}

/// The range of a row of the table.
struct Range {
    label: &'static str,
    from: DateTime<Utc>,
    to: DateTime<Utc>,
}

fn iso(t: DateTime<Utc>) -> String {
    t.to_rfc3339_opts(SecondsFormat::Secs, true)
        .replace(':', "%3A")
}

/// p50 and p95 of timings in ms.
fn spread(mut ms: Vec<f64>) -> (f64, f64) {
    ms.sort_by(f64::total_cmp);
    (pct(&ms, 0.5), pct(&ms, 0.95))
}

impl Http {
    /// p50 and p95 in ms of `runs` requests, each answered 200.
    async fn time(
        &mut self,
        runs: usize,
        method: &str,
        path: &str,
        body: Option<&str>,
    ) -> anyhow::Result<(f64, f64)> {
        let mut ms = Vec::with_capacity(runs);
        for _ in 0..runs {
            let t = Instant::now();
            let (status, _) = self.call(method, path, body).await?;
            ms.push(t.elapsed().as_secs_f64() * 1000.0);
            anyhow::ensure!(status == 200, "{path}: {status}");
        }
        Ok(spread(ms))
    }
}

/// p50 in ms of three runs of a raw scan.
async fn time_raw(
    pool: &PgPool,
    sql: &'static str,
    line: Option<&str>,
    r: &Range,
) -> anyhow::Result<f64> {
    let mut ms = Vec::new();
    for _ in 0..3 {
        let t = Instant::now();
        sqlx::query(sql)
            .bind(line)
            .bind(r.from)
            .bind(r.to)
            .fetch_all(pool)
            .await?;
        ms.push(t.elapsed().as_secs_f64() * 1000.0);
    }
    Ok(spread(ms).0)
}

/// Raw scans that give each family of report its figure.
fn raw_sql(family: &str) -> &'static str {
    match family {
        "weighing" => {
            "select w.material_id, sum(w.actual_kg), count(*) from weighing w
             join production_batch b on b.line_id = w.line_id and b.batch_id = w.batch_id
             where b.ended_at >= $2 and b.ended_at < $3 and ($1::text is null or b.line_id = $1) group by 1"
        }
        "batch" => {
            "select b.recipe_id, count(distinct b.batch_id), sum(w.actual_kg) from production_batch b
             join weighing w on w.line_id = b.line_id and w.batch_id = b.batch_id
             where b.ended_at >= $2 and b.ended_at < $3 and ($1::text is null or b.line_id = $1) group by 1"
        }
        "stops" => {
            "select state, count(*) from line_state
             where time >= $2 and time < $3 and ($1::text is null or line_id = $1) group by 1"
        }
        "bins" => {
            "select bin_id, kind, count(*), sum(delta_kg) from bin_movement
             where time >= $2 and time < $3 and ($1::text is null or line_id = $1) group by 1, 2"
        }
        _ => {
            "select scale_id, count(*), max(abs(error_kg)) from calibration_check
             where time >= $2 and time < $3 and ($1::text is null or line_id = $1) group by 1"
        }
    }
}

/// (call, extra query, raw family)
const CALLS: [(&str, &str, &str); 14] = [
    (
        "consumption/totalweightgroupedby",
        "&groupBy=material",
        "weighing",
    ),
    ("consumption/totalweightgroupedby", "&groupBy=day", "batch"),
    // One material by day, the drill-down of a material (the history's materials by code).
    (
        "consumption/totalweightgroupedby",
        "&groupBy=day&materialId=CORN",
        "weighing",
    ),
    ("consumption/getconsumptionstats", "", "weighing"),
    (
        "consumption/getconsumptionbymaterialcatagory",
        "",
        "weighing",
    ),
    ("consumption/getconsumtionsbyshifts", "", "batch"),
    ("consumption/getconsumptionstatsbyorderwise", "", "batch"),
    ("consumption/getconsumtionsbycharges", "&limit=50", "batch"),
    ("production/getproductionbyrecipe", "", "batch"),
    ("production/productionbytime", "&bucket=day", "batch"),
    ("stoptimereport", "&limit=100", "stops"),
    ("bins/getmaterialhistory", "&binId=BIN-01&limit=100", "bins"),
    ("bins/getmaterialhistory", "&limit=100", "bins"),
    ("calibrationreport", "&limit=100", "calibration"),
];

async fn load(base: &str, name: &str, days: u64, lines: u64) -> anyhow::Result<String> {
    let url = match base.rsplit_once('/') {
        Some((prefix, _)) => format!("{prefix}/{name}"),
        None => anyhow::bail!("DATABASE_URL has no database name"),
    };
    let admin = db::connect(base, 1).await?;
    let exists: bool =
        sqlx::query_scalar("select exists (select 1 from pg_database where datname = $1)")
            .bind(name)
            .fetch_one(&admin)
            .await?;
    let reload = std::env::var("BENCH_RELOAD").is_ok_and(|v| v == "1");
    if exists && !reload {
        let pool = db::connect(&url, 1).await?;
        let batches: i64 = sqlx::query_scalar("select count(*) from production_batch")
            .fetch_one(&pool)
            .await
            .unwrap_or(0);
        pool.close().await;
        if batches > 0 {
            println!(
                "    history: {name}, loaded earlier ({batches} batches; BENCH_RELOAD=1 loads it again)"
            );
            return Ok(url);
        }
    }
    sqlx::query(sqlx::AssertSqlSafe(format!(
        "drop database if exists {name} with (force)"
    )))
    .execute(&admin)
    .await?;
    sqlx::query(sqlx::AssertSqlSafe(format!("create database {name}")))
        .execute(&admin)
        .await?;
    admin.close().await;
    let exe = std::env::current_exe()?.with_file_name("batchline");
    let t = Instant::now();
    let (run, db_url) = (exe.clone(), url.clone());
    let out = tokio::task::spawn_blocking(move || {
        std::process::Command::new(&run)
            .args([
                "backfill",
                "--days",
                &days.to_string(),
                "--lines",
                &lines.to_string(),
            ])
            .env("DATABASE_URL", &db_url)
            .env("LOG", "warn")
            .output()
    })
    .await?
    .with_context(|| format!("running {}", exe.display()))?;
    anyhow::ensure!(
        out.status.success(),
        "backfill failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let last = String::from_utf8_lossy(&out.stdout)
        .lines()
        .last()
        .unwrap_or_default()
        .to_string();
    println!(
        "    history loaded in {:.0} s (goal for 365 days × 8 lines ≤ 900 s): {last}",
        t.elapsed().as_secs_f64()
    );
    Ok(url)
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
    let url = load(
        base,
        &format!("batchline_bench_year_{days}d_{lines}l"),
        days,
        lines,
    )
    .await?;
    let pool = db::connect(&url, 8).await?;
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
    let (token, _) = state
        .jwt
        .issue(&user, model::Role::parse(&user.role).context("role")?)?;
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
    let addr = listener.local_addr()?;
    tokio::spawn(api::serve(
        state.clone(),
        api::app(state),
        listener,
        std::future::pending(),
    ));
    let mut http = Http {
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
            for (label, id) in [("one", Some(line.as_str())), ("ALL", None)] {
                let path = format!(
                    "/api/reports/{call}?lineId={}&fromDateTime={}&toDateTime={}{extra}",
                    id.unwrap_or("ALL"),
                    iso(r.from),
                    iso(r.to)
                );
                let (status, _) = http.call("GET", &path, None).await?;
                anyhow::ensure!(status == 200, "{path}: {status}");
                let (p50, p95) = http.time(runs, "GET", &path, None).await?;
                let raw50 = time_raw(&pool, raw_sql(family), id, r).await?;
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
            }
        }
    }
    println!("    slowest report p95: {worst:.1} ms (goal ≤ 100 ms)");

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
    pool.close().await;
    Ok(())
}
