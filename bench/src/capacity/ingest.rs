//! Capacity (a): the CPU a stored sample costs in ingest, Postgres and NATS, at one and at three
//! replicas, at several steady loads. A three-node NATS cluster (the pinned nats-server) holds
//! `PLANT` at R1 or R3; one `batchline ingest` (the release binary, a process of its own) stores
//! into the bench's database; this process publishes process samples at a fixed rate, 100 per
//! message over 8 lines (a line of 1,000 samples/s sends ten such messages a second), through
//! every node, with JetStream acknowledgements as a connector does. Each load point: 2 s to
//! settle, then a measured window; CPU from /proc (ingest's process, every `postgres` process
//! with what the postmaster reaped, the three nats-servers); stored samples from the ingest
//! consumer's ack floor (ingest acknowledges after its commit). After each point everything
//! published is stored exactly once (counted) before the tables are emptied for the next.

use std::process::Stdio;
use std::time::{Duration, Instant};

use anyhow::Context;
use chrono::Utc;
use model::wire::{Envelope, ProcessSample};
use sqlx::PgPool;
use tokio::process::{Child, Command};
use uuid::Uuid;

use super::nats::NatsCluster;
use super::{Fit, cpu_of_pid, postgres_cpu};
use crate::{env_or, median};

/// Samples per message.
const PER_MESSAGE: usize = 100;
const LINES: usize = 8;

/// One load point's measurement.
#[derive(Clone, Copy)]
struct Point {
    stored_per_s: f64,
    /// CPU seconds per stored sample ×10⁶ (µs): ingest, Postgres, NATS (all three nodes).
    us: [f64; 3],
    /// Cores busy on average: ingest, Postgres, NATS.
    cores: [f64; 3],
    /// WAL written per stored sample (what a standby receives), and the table and its indexes
    /// (with the batch summaries) per sample at the end of the point, in bytes.
    wal_bytes: f64,
    disk_bytes: f64,
}

pub async fn run(pool: &PgPool, url: &str) -> anyhow::Result<()> {
    let rates: Vec<u64> = std::env::var("BENCH_CAPACITY_RATES")
        .ok()
        .map(|v| v.split(',').filter_map(|r| r.trim().parse().ok()).collect())
        .unwrap_or_else(|| vec![2_000, 4_000, 8_000, 16_000]);
    let window = Duration::from_secs(env_or("BENCH_CAPACITY_SECONDS", 10u64));
    let rounds = env_or("BENCH_RUNS", 3usize);
    println!(
        "  (a) CPU per stored sample: process samples, {PER_MESSAGE} a message over {LINES} lines, published at a fixed rate \
         with JetStream acks through a 3-node NATS cluster; one `batchline ingest` (release); {}-s windows; median of {rounds} rounds",
        window.as_secs()
    );
    let bin = batchline_bin()?;
    let mut fits = Vec::new();
    for replicas in [1usize, 3] {
        let cluster = NatsCluster::start().await?;
        let mut ingest = spawn_ingest(&bin, url, &cluster, replicas)?;
        let nats = bus::connect(&cluster.url()).await?;
        let js = async_nats::jetstream::new(nats);
        wait_for_consumer(&js).await?;
        let mut points: Vec<Vec<Point>> = vec![Vec::new(); rates.len()];
        for _ in 0..rounds {
            for (i, &rate) in rates.iter().enumerate() {
                points[i].push(point(pool, &js, &cluster, &ingest, rate, window).await?);
            }
        }
        let _ = ingest.kill().await;
        drop(cluster);
        println!(
            "    NATS at R{replicas} ({replicas} cop{} of each message):",
            if replicas == 1 { "y" } else { "ies" }
        );
        println!(
            "      {:>9} {:>10} | {:>28} | {:>26}",
            "offered/s",
            "stored/s",
            "µs per stored sample: ingest  Postgres  NATS  all",
            "cores: ingest Postgres NATS"
        );
        let mut xs = Vec::new();
        let mut ys = Vec::new();
        for (rate, ps) in rates.iter().zip(&points) {
            let m = |f: &dyn Fn(&Point) -> f64| median(ps.iter().map(f).collect());
            let us = [m(&|p| p.us[0]), m(&|p| p.us[1]), m(&|p| p.us[2])];
            let cores = [m(&|p| p.cores[0]), m(&|p| p.cores[1]), m(&|p| p.cores[2])];
            let stored = m(&|p| p.stored_per_s);
            println!(
                "      {rate:>9} {stored:>10.0} |   {:>25.1} {:>9.1} {:>5.1} {:>4.1} | {:>11.2} {:>8.2} {:>4.2}",
                us[0],
                us[1],
                us[2],
                us.iter().sum::<f64>(),
                cores[0],
                cores[1],
                cores[2]
            );
            xs.push(stored);
            ys.push(cores.iter().sum::<f64>());
        }
        let all: Vec<&Point> = points.iter().flatten().collect();
        println!(
            "      Postgres per sample: {:.0} bytes of WAL (what the standby receives), {:.0} bytes of table, indexes and batch summaries; \
             NATS: {:.0} bytes per sample as published (JSON){}",
            median(all.iter().map(|p| p.wal_bytes).collect()),
            median(all.iter().map(|p| p.disk_bytes).collect()),
            message_bytes() as f64 / PER_MESSAGE as f64,
            if replicas == 3 {
                ", held on each of the 3 nodes until stored"
            } else {
                ""
            }
        );
        let fit = Fit::of(&xs, &ys);
        println!(
            "      cores = {:.3} + {:.2} µs × samples/s (least squares over the {} points, R² {:.3}): \
             the per-sample cost is the slope, what is left at idle the intercept",
            fit.intercept,
            fit.slope * 1e6,
            xs.len(),
            fit.r2
        );
        fits.push((replicas, fit));
    }
    if let [(_, r1), (_, r3)] = &fits[..] {
        println!(
            "    R3 against R1 (same run): {:.2}× the CPU per sample ({:.2} vs {:.2} µs)",
            r3.slope / r1.slope,
            r3.slope * 1e6,
            r1.slope * 1e6
        );
    }
    Ok(())
}

/// The size of one message as published (its JSON).
fn message_bytes() -> usize {
    serde_json::to_vec(&message(0)).map_or(0, |v| v.len())
}

/// The `sent`-th message: the samples of a line's batch, 20 parameters.
fn message(sent: u64) -> Envelope<ProcessSample> {
    let line = format!("L{}", sent as usize % LINES + 1);
    let batch = format!("{line}-{:06}", sent / 1_000);
    let samples = (0..PER_MESSAGE)
        .map(|i| ProcessSample {
            id: Uuid::now_v7(),
            time: Utc::now(),
            batch_id: Some(batch.clone()),
            parameter_code: format!("P{:02}", i % 20),
            value: (i as f64) * 0.5,
        })
        .collect();
    Envelope::new(&line, samples)
}

/// The release `batchline` beside this binary (`make bench` builds both), or `BATCHLINE_BIN`.
fn batchline_bin() -> anyhow::Result<std::path::PathBuf> {
    if let Ok(b) = std::env::var("BATCHLINE_BIN") {
        return Ok(b.into());
    }
    let me = std::env::current_exe()?;
    let bin = me.with_file_name("batchline");
    anyhow::ensure!(
        bin.exists(),
        "{} is missing: `cargo build --release --bin batchline` (make bench does)",
        bin.display()
    );
    Ok(bin)
}

fn spawn_ingest(
    bin: &std::path::Path,
    url: &str,
    cluster: &NatsCluster,
    replicas: usize,
) -> anyhow::Result<Child> {
    Command::new(bin)
        .arg("ingest")
        .env("DATABASE_URL", url)
        .env("NATS_URL", cluster.url())
        .env("NATS_REPLICAS", replicas.to_string())
        // 1 GiB: three copies of the 16 GiB default on one disk would need ~64 GB free.
        .env("PLANT_STREAM_MAX_BYTES", (1u64 << 30).to_string())
        .env("LOG", "warn")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .kill_on_drop(true)
        .spawn()
        .with_context(|| format!("starting {} ingest", bin.display()))
}

/// Ingest made the stream and its consumer.
async fn wait_for_consumer(js: &async_nats::jetstream::Context) -> anyhow::Result<()> {
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        if let Ok(s) = js.get_stream(bus::subjects::PLANT_STREAM).await
            && s.consumer_info(bus::subjects::INGEST_CONSUMER)
                .await
                .is_ok()
        {
            return Ok(());
        }
        anyhow::ensure!(
            Instant::now() < deadline,
            "ingest did not create the PLANT stream and its consumer within 60 s"
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

/// Messages ingest has acknowledged so far (the consumer's ack floor).
async fn acked(js: &async_nats::jetstream::Context) -> anyhow::Result<u64> {
    let s = js.get_stream(bus::subjects::PLANT_STREAM).await?;
    Ok(s.consumer_info(bus::subjects::INGEST_CONSUMER)
        .await?
        .ack_floor
        .stream_sequence)
}

fn cpu(cluster: &NatsCluster, ingest: &Child) -> [f64; 3] {
    let nats = cluster.pids().into_iter().map(cpu_of_pid).sum();
    [
        ingest.id().map_or(f64::NAN, cpu_of_pid),
        postgres_cpu(),
        nats,
    ]
}

async fn point(
    pool: &PgPool,
    js: &async_nats::jetstream::Context,
    cluster: &NatsCluster,
    ingest: &Child,
    rate: u64,
    window: Duration,
) -> anyhow::Result<Point> {
    let messages_per_s = rate as f64 / PER_MESSAGE as f64;
    let publisher = {
        let js = js.clone();
        let stop = tokio_util::sync::CancellationToken::new();
        let s = stop.clone();
        let task = tokio::spawn(async move {
            let mut p = bus::Publisher::new(js, 256);
            let mut tick = tokio::time::interval(Duration::from_secs_f64(1.0 / messages_per_s));
            tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Burst);
            let mut sent = 0u64;
            while !s.is_cancelled() {
                tick.tick().await;
                p.send(&message(sent)).await;
                sent += 1;
            }
            p.flush().await;
            sent
        });
        (stop, task)
    };
    tokio::time::sleep(Duration::from_secs(2)).await;
    let (a0, c0, t0) = (acked(js).await?, cpu(cluster, ingest), Instant::now());
    let w0 = wal(pool).await?;
    tokio::time::sleep(window).await;
    let (a1, c1, wall) = (
        acked(js).await?,
        cpu(cluster, ingest),
        t0.elapsed().as_secs_f64(),
    );
    let w1 = wal(pool).await?;
    publisher.0.cancel();
    let sent = publisher.1.await?;
    // Everything published is stored, once.
    let deadline = Instant::now() + Duration::from_secs(120);
    loop {
        if js
            .get_stream(bus::subjects::PLANT_STREAM)
            .await?
            .info()
            .await?
            .state
            .messages
            == 0
        {
            break;
        }
        anyhow::ensure!(
            Instant::now() < deadline,
            "ingest did not drain within 120 s"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let stored: i64 = sqlx::query_scalar("select count(*) from process_sample")
        .fetch_one(pool)
        .await?;
    anyhow::ensure!(
        stored as u64 == sent * PER_MESSAGE as u64,
        "at {rate}/s: {stored} samples stored of {} published",
        sent * PER_MESSAGE as u64
    );
    let disk: i64 = sqlx::query_scalar(
        "select (pg_total_relation_size('process_sample') + pg_total_relation_size('batch_parameter'))::bigint",
    )
    .fetch_one(pool)
    .await?;
    sqlx::query("truncate process_sample, batch_parameter")
        .execute(pool)
        .await?;
    let samples = ((a1 - a0) * PER_MESSAGE as u64).max(1) as f64;
    let d = |i: usize| c1[i] - c0[i];
    Ok(Point {
        stored_per_s: samples / wall,
        us: [0, 1, 2].map(|i| d(i) / samples * 1e6),
        cores: [0, 1, 2].map(|i| d(i) / wall),
        wal_bytes: (w1 - w0) / samples,
        disk_bytes: disk as f64 / stored.max(1) as f64,
    })
}

/// The WAL position, in bytes.
async fn wal(pool: &PgPool) -> anyhow::Result<f64> {
    Ok(
        sqlx::query_scalar("select pg_wal_lsn_diff(pg_current_wal_lsn(), '0/0')::float8")
            .fetch_one(pool)
            .await?,
    )
}
