//! Figure 1: ingest throughput against a raw binary COPY and row-by-row INSERTs of the same
//! rows into the same table (same key and indexes).

use std::time::{Duration, Instant};

use chrono::{DateTime, Utc};
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
    sqlx::query("truncate process_sample").execute(pool).await?;
    sqlx::query("vacuum analyze process_sample")
        .execute(pool)
        .await?;
    Ok(())
}

pub async fn run(pool: &PgPool, n: usize) -> anyhow::Result<()> {
    let rows = samples(n);

    // Ingest: the whole backlog waits in JetStream (published beforehand, 50 samples a
    // message), then ingest drains it: fetch, decode, unnest insert + commit, ack.
    clear(pool).await?;
    let nats = testkit::NatsServer::start().await;
    let js = async_nats::jetstream::new(nats.client().await);
    let mut config = ingest::Config::default();
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
    ingest::setup::ensure_stream(&js, &config.stream).await?;
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
    let task = tokio::spawn(ingest::run(
        pool.clone(),
        js.clone(),
        config.clone(),
        std::future::pending(),
    ));
    // Done when the stream is empty: work-queue retention deletes a message when ingest acks
    // it, which it does after the commit. (Polling count(*) would steal Postgres' CPU.)
    let mut stream = js.get_stream(model::wire::STREAM).await?;
    loop {
        if stream.info().await?.state.messages == 0 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    let ingest_rate = n as f64 / started.elapsed().as_secs_f64();
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
    let mut conn = pool.acquire().await?;
    let mut copy = conn
        .copy_in_raw("copy process_sample (id, time, line_id, batch_id, parameter_code, value) from stdin (format binary)")
        .await?;
    for chunk in rows.chunks(10_000) {
        copy.send(binary_copy(chunk, chunk.as_ptr() == rows.as_ptr(), false))
            .await?;
    }
    copy.send(binary_copy(&[], false, true)).await?;
    copy.finish().await?;
    drop(conn);
    let copy_rate = n as f64 / started.elapsed().as_secs_f64();

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

    println!(
        "(1) ingest, {n} process samples (50 per message), ack after commit, {} samples per transaction, {} writers",
        config.batch_size, config.writers
    );
    println!("    ingest              {ingest_rate:>10.0} samples/s");
    println!(
        "    raw binary COPY     {copy_rate:>10.0} samples/s   → ingest = {:.2}× COPY (goal ≥ 0.6×)",
        ingest_rate / copy_rate
    );
    println!(
        "    row-by-row INSERT   {row_rate:>10.0} samples/s   → ingest = {:.0}× row-by-row (goal ≥ 50×)",
        ingest_rate / row_rate
    );
    Ok(())
}

/// Rows in PostgreSQL's binary COPY format (with the header first, the trailer last).
fn binary_copy(rows: &[ProcessSample], header: bool, trailer: bool) -> Vec<u8> {
    let mut b = Vec::with_capacity(rows.len() * 96 + 32);
    if header {
        b.extend_from_slice(b"PGCOPY\n\xff\r\n\0");
        b.extend_from_slice(&0i32.to_be_bytes());
        b.extend_from_slice(&0i32.to_be_bytes());
    }
    let epoch: DateTime<Utc> = DateTime::from_timestamp(946_684_800, 0).expect("2000-01-01");
    let text = |b: &mut Vec<u8>, s: &str| {
        b.extend_from_slice(&(s.len() as i32).to_be_bytes());
        b.extend_from_slice(s.as_bytes());
    };
    for s in rows {
        b.extend_from_slice(&6i16.to_be_bytes());
        b.extend_from_slice(&16i32.to_be_bytes());
        b.extend_from_slice(s.id.as_bytes());
        b.extend_from_slice(&8i32.to_be_bytes());
        let micros = (s.time - epoch).num_microseconds().unwrap_or(0);
        b.extend_from_slice(&micros.to_be_bytes());
        text(&mut b, "L1");
        match &s.batch_id {
            Some(id) => text(&mut b, id),
            None => b.extend_from_slice(&(-1i32).to_be_bytes()),
        }
        text(&mut b, &s.parameter_code);
        b.extend_from_slice(&8i32.to_be_bytes());
        b.extend_from_slice(&s.value.to_be_bytes());
    }
    if trailer {
        b.extend_from_slice(&(-1i16).to_be_bytes());
    }
    b
}
