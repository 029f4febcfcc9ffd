//! `batchline-bench` (`make bench`, release build): the three figures of issue #5, each next to
//! a baseline measured in the same run.
//!
//! 1. ingest sustained samples/s (ack after commit) vs a raw binary COPY of the same rows into
//!    the same table and vs row-by-row INSERTs;
//! 2. sample published → WebSocket client received, p50/p99 at 1k and 10k samples/s, vs a
//!    plain NATS subscriber;
//! 3. fan-out: N WebSocket clients (in a process of their own) on `lines` at 10 updates/s, the
//!    largest N with p99 ≤ 250 ms, the server's memory per client, a client that never reads
//!    (`BENCH_ONLY=fanout` runs only this one);
//! 4. reports on a year of history through HTTP vs raw scans (`report_bench`; `BENCH_ONLY=reports`
//!    runs only this one, `BENCH_ONLY=ingest` only the first; `BENCH_RUNS`, default 3, rounds
//!    of the first, printed with their medians);
//! 5. sign-in under a flood (`BENCH_ONLY=abuse`, `make abuse`; issue 30);
//! 6. the order board: a committed change → a watching controller, vs a bare put
//!    (`BENCH_ONLY=board`; issue 31);
//! 7. the plant connector: OPC UA → WebSocket latency, CPU of 5,000 monitored items, draining
//!    an hour kept on disk (`BENCH_ONLY=connect`; issue 32);
//! 8. the capacity sheet: CPU per stored sample (ingest, Postgres, NATS at R1 and R3), per live
//!    frame and memory per client, report p95 against data size (`BENCH_ONLY=capacity`, `make
//!    capacity`; issue 36).
//!
//! Needs Postgres (`DATABASE_URL`, default the local one of scripts/services.sh; a scratch
//! database is created and dropped) and `nats-server` (a private one is started).
//! `BENCH_SAMPLES` (default 1000000), `BENCH_SECONDS` (default 8), `BENCH_MAX_CLIENTS`
//! (default 10000) size the run.

mod abuse_bench;
mod board_bench;
mod capacity;
mod connect_bench;
mod ingest_bench;
mod live_bench;
mod report_bench;

use std::time::Duration;

fn env_or<T: std::str::FromStr>(name: &str, default: T) -> T {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// The median of `v` (any order).
pub fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    pct(&v, 0.5)
}

/// Percentile of sorted values.
pub fn pct(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let base = std::env::var("DATABASE_URL")
        .unwrap_or_else(|_| "postgres://batchline@127.0.0.1:55432/batchline".into());
    let name = format!("batchline_bench_{}", std::process::id());
    let admin = db::connect(&base, 1).await?;
    sqlx::query(sqlx::AssertSqlSafe(format!("create database {name}")))
        .execute(&admin)
        .await?;
    let url = match base.rsplit_once('/') {
        Some((prefix, _)) => format!("{prefix}/{name}"),
        None => anyhow::bail!("DATABASE_URL has no database name"),
    };
    let result = match std::env::var("BENCH_ONLY").as_deref() {
        Ok("reports") => report_bench::run(&base).await,
        Ok("fanout") => live_bench::fanout_only(&url).await,
        Ok("ingest") => ingest_only(&url).await,
        Ok("abuse") => abuse_bench::run(&url).await,
        Ok("board") => board_bench::run(&url).await,
        Ok("connect") => connect_bench::run(&url).await,
        Ok("capacity") => capacity::run(&url, &base).await,
        _ => run(&url).await,
    };
    admin.close().await;
    let admin = db::connect(&base, 1).await?;
    sqlx::query(sqlx::AssertSqlSafe(format!(
        "drop database if exists {name} with (force)"
    )))
    .execute(&admin)
    .await?;
    result
}

async fn run(url: &str) -> anyhow::Result<()> {
    let pool = db::connect(url, 8).await?;
    db::migrate(&pool).await?;
    let cpus = std::thread::available_parallelism().map_or(0, |n| n.get());
    println!(
        "batchline bench — {cpus} CPUs, nats-server (private, file store), Postgres at {}",
        url.split('@').next_back().unwrap_or(url)
    );
    println!();

    let samples = env_or("BENCH_SAMPLES", 1_000_000usize);
    ingest_bench::run(&pool, samples, env_or("BENCH_RUNS", 3usize)).await?;
    println!();

    let seconds = Duration::from_secs(env_or("BENCH_SECONDS", 8u64));
    live_bench::run(
        &pool,
        seconds,
        env_or("BENCH_MAX_CLIENTS", live_bench::MAX_CLIENTS),
    )
    .await?;
    pool.close().await;
    println!();
    board_bench::run(url).await?;
    println!();
    connect_bench::run(url).await?;
    println!();
    report_bench::run(&base_url()).await?;
    println!();
    capacity::run(url, &base_url()).await
}

/// `BENCH_ONLY=ingest`: figure 1 alone.
async fn ingest_only(url: &str) -> anyhow::Result<()> {
    let pool = db::connect(url, 8).await?;
    db::migrate(&pool).await?;
    let samples = env_or("BENCH_SAMPLES", 1_000_000usize);
    ingest_bench::run(&pool, samples, env_or("BENCH_RUNS", 3usize)).await?;
    pool.close().await;
    Ok(())
}

fn base_url() -> String {
    std::env::var("DATABASE_URL")
        .unwrap_or_else(|_| "postgres://batchline@127.0.0.1:55432/batchline".into())
}
