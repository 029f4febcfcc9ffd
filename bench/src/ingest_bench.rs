//! Figure 1: ingest throughput against a raw binary COPY and row-by-row INSERTs of the same
//! rows into the same table (same key and indexes).

use std::time::{Duration, Instant};

use chrono::Utc;
use model::wire::{Envelope, ProcessSample};
use sqlx::PgPool;
use uuid::Uuid;

fn samples(n: usize) -> Vec<ProcessSample> {
    let codes = [
        "MIXER_POWER_KW",
        "MIXER_TEMP_C",
        "MOISTURE_PCT",
        "CONDITIONER_TEMP_C",
    ];
    (0..n)
        .map(|i| ProcessSample {
            id: Uuid::now_v7(),
            time: Utc::now(),
            batch_id: Some(format!("L{}-{:06}", i % 4 + 1, i / 1000)),
            parameter_code: codes[i % codes.len()].into(),
            value: (i % 1000) as f64 * 0.1,
        })
        .collect()
}

async fn clear(pool: &PgPool) -> anyhow::Result<()> {
    sqlx::query("truncate process_sample, batch_parameter")
        .execute(pool)
        .await?;
    sqlx::query("vacuum analyze process_sample")
        .execute(pool)
        .await?;
    Ok(())
}

/// One round's rates (samples/s): ingest, raw binary COPY, row-by-row INSERT.
struct Round {
    ingest: f64,
    copy: f64,
    row: f64,
    /// CPU seconds of Postgres, nats-server and ingest during the ingest and the COPY.
    ingest_cpu: [f64; 3],
    copy_cpu: [f64; 3],
}

/// `runs` rounds of the three, each round measuring all three on the same rows one after
/// another, so a noisy neighbour skews a round's ratios less than its rates; prints every round
/// and the medians.
pub async fn run(pool: &PgPool, n: usize, runs: usize) -> anyhow::Result<()> {
    let rows = samples(n);
    let config = config();
    println!(
        "(1) ingest, {n} process samples (50 per message), ack after commit, {} samples per transaction, {} writers; {runs} rounds",
        config.batch_size, config.writers
    );
    let mut rounds = Vec::new();
    for i in 1..=runs {
        let r = round(pool, &rows, &config).await?;
        println!(
            "    round {i}: ingest {:>8.0}/s   COPY {:>8.0}/s   row-by-row {:>6.0}/s   → {:.2}× COPY, {:.0}× row-by-row",
            r.ingest,
            r.copy,
            r.row,
            r.ingest / r.copy,
            r.ingest / r.row
        );
        let [pg, nats, me] = r.ingest_cpu;
        println!(
            "             CPU s: ingest run: Postgres {pg:.2}, nats-server {nats:.2}, ingest {me:.2}; COPY: Postgres {:.2}",
            r.copy_cpu[0]
        );
        rounds.push(r);
    }
    let median = |f: &dyn Fn(&Round) -> f64| {
        let mut v: Vec<f64> = rounds.iter().map(f).collect();
        v.sort_by(f64::total_cmp);
        crate::pct(&v, 0.5)
    };
    println!("    median of {runs}:");
    println!(
        "    ingest              {:>10.0} samples/s",
        median(&|r| r.ingest)
    );
    println!(
        "    raw binary COPY     {:>10.0} samples/s   → ingest = {:.2}× COPY (goal ≥ 0.8×)",
        median(&|r| r.copy),
        median(&|r| r.ingest / r.copy)
    );
    println!(
        "    row-by-row INSERT   {:>10.0} samples/s   → ingest = {:.0}× row-by-row (goal ≥ 80×)",
        median(&|r| r.row),
        median(&|r| r.ingest / r.row)
    );
    Ok(())
}

fn config() -> ingest::Config {
    let mut config = ingest::Config {
        // 1 GiB: the bench's backlog is ~20 MB, and the 16 GiB default needs ~21 GB free disk.
        stream: ingest::StreamSettings::small(),
        ..Default::default()
    };
    if let Some(b) = std::env::var("BENCH_BATCH")
        .ok()
        .and_then(|b| b.parse().ok())
    {
        config.batch_size = b;
    }
    if let Some(w) = std::env::var("BENCH_WRITERS")
        .ok()
        .and_then(|b| b.parse().ok())
    {
        config.writers = w;
    }
    config
}

async fn round(
    pool: &PgPool,
    rows: &[ProcessSample],
    config: &ingest::Config,
) -> anyhow::Result<Round> {
    let n = rows.len();

    // Ingest: the whole backlog waits in JetStream (published beforehand, 50 samples a
    // message), then ingest drains it: fetch, decode, unnest insert + commit, ack.
    clear(pool).await?;
    let nats = testkit::NatsServer::start().await;
    let js = async_nats::jetstream::new(nats.client().await);
    bus::plant::ensure_stream(&js, &config.stream).await?;
    let msgs: Vec<_> = rows
        .chunks(50)
        .enumerate()
        .map(|(i, c)| {
            let e = Envelope::new(&format!("L{}", i % 4 + 1), c.to_vec());
            (
                e.subject(),
                e.id.to_string(),
                serde_json::to_vec(&e).expect("json"),
            )
        })
        .collect();
    testkit::publish_all(&js, msgs).await;
    let started = Instant::now();
    let cpu = cpu_seconds();
    let task = tokio::spawn(ingest::run(
        pool.clone(),
        js.clone(),
        config.clone(),
        std::future::pending(),
    ));
    // Done when the stream is empty: work-queue retention deletes a message when ingest acks
    // it, which it does after the commit. (Polling count(*) would steal Postgres' CPU.)
    let mut stream = js.get_stream(bus::subjects::PLANT_STREAM).await?;
    loop {
        if stream.info().await?.state.messages == 0 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    let ingest_rate = n as f64 / started.elapsed().as_secs_f64();
    let ingest_cpu = cpu_since(cpu);
    let stored: i64 = sqlx::query_scalar("select count(*) from process_sample")
        .fetch_one(pool)
        .await?;
    anyhow::ensure!(
        stored as usize == n,
        "ingest stored {stored} of {n} samples"
    );
    task.abort();
    drop(nats);

    // Raw binary COPY of the same rows, one transaction.
    clear(pool).await?;
    let started = Instant::now();
    let cpu = cpu_seconds();
    let mut conn = pool.acquire().await?;
    let mut copy = conn
        .copy_in_raw("copy process_sample (id, time, line_id, batch_id, parameter_code, value) from stdin (format binary)")
        .await?;
    copy.send(binary_copy(rows)).await?;
    copy.finish().await?;
    drop(conn);
    let copy_rate = n as f64 / started.elapsed().as_secs_f64();
    let copy_cpu = cpu_since(cpu);

    // Row by row: one INSERT (and so one commit) per sample, on a slice of the rows.
    clear(pool).await?;
    let m = (n / 50).clamp(500, 5_000);
    let started = Instant::now();
    for s in &rows[..m] {
        sqlx::query("insert into process_sample (id, time, line_id, batch_id, parameter_code, value) values ($1, $2, $3, $4, $5, $6)")
            .bind(s.id)
            .bind(s.time)
            .bind("L1")
            .bind(&s.batch_id)
            .bind(&s.parameter_code)
            .bind(s.value)
            .execute(pool)
            .await?;
    }
    let row_rate = m as f64 / started.elapsed().as_secs_f64();
    clear(pool).await?;
    Ok(Round {
        ingest: ingest_rate,
        copy: copy_rate,
        row: row_rate,
        ingest_cpu,
        copy_cpu,
    })
}

/// The rows in PostgreSQL's binary COPY format (the encoder ingest uses).
fn binary_copy(rows: &[ProcessSample]) -> Vec<u8> {
    let mut c = db::ingest::copy::CopyRows::new(rows.len(), 100);
    for s in rows {
        c.row(6)
            .uuid(&s.id)
            .time(&s.time)
            .text("L1")
            .opt_text(s.batch_id.as_deref())
            .text(&s.parameter_code)
            .float(s.value);
    }
    c.finish()
}

/// CPU seconds used so far by Postgres's processes, nats-server and this process (where ingest
/// runs), from /proc: what a round's ratio costs in CPU on a machine of two cores.
fn cpu_seconds() -> [f64; 3] {
    let mut cpu = [0.0; 3];
    let me = std::process::id().to_string();
    for e in std::fs::read_dir("/proc").into_iter().flatten().flatten() {
        let Ok(stat) = std::fs::read_to_string(e.path().join("stat")) else {
            continue;
        };
        let (Some(open), Some(close)) = (stat.find('('), stat.rfind(')')) else {
            continue;
        };
        let f: Vec<&str> = stat[close + 2..].split(' ').collect();
        let ticks = |i: usize| f.get(i).and_then(|v| v.parse::<f64>().ok()).unwrap_or(0.0);
        let seconds = (ticks(11) + ticks(12)) / 100.0;
        match &stat[open + 1..close] {
            "postgres" => cpu[0] += seconds,
            "nats-server" => cpu[1] += seconds,
            _ if e.file_name().to_str() == Some(me.as_str()) => cpu[2] += seconds,
            _ => {}
        }
    }
    cpu
}

fn cpu_since(before: [f64; 3]) -> [f64; 3] {
    let now = cpu_seconds();
    [now[0] - before[0], now[1] - before[1], now[2] - before[2]]
}
