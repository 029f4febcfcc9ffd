//! Micro-benchmark behind the wire format's "several samples per message" choice: publishes
//! the same process samples one per message and in messages of 10 and 50, through a private
//! JetStream, and ingests them into Postgres, timing both ends.
//! `cargo run -p ingest --example batching` (DATABASE_URL must point at a scratch database).

use std::time::{Duration, Instant};

use chrono::Utc;
use model::wire::{Envelope, ProcessSample};
use uuid::Uuid;

const SAMPLES: usize = 20_000;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let url = std::env::var("DATABASE_URL")?;
    let pool = db::connect(&url, 4).await?;
    db::migrate(&pool).await?;
    for per_message in [1usize, 10, 50] {
        sqlx::query("truncate process_sample")
            .execute(&pool)
            .await?;
        let nats = testkit::NatsServer::start().await;
        let js = async_nats::jetstream::new(nats.client().await);
        let config = ingest::Config {
            flush_interval: Duration::from_millis(100),
            ..Default::default()
        };
        bus::plant::ensure_stream(&js, &config.stream).await?;
        let samples: Vec<ProcessSample> = (0..SAMPLES)
            .map(|i| ProcessSample {
                id: Uuid::now_v7(),
                time: Utc::now(),
                batch_id: Some("L1-000001".into()),
                parameter_code: "MIXER_POWER_KW".into(),
                value: i as f64,
            })
            .collect();
        let encode = Instant::now();
        let msgs: Vec<_> = samples
            .chunks(per_message)
            .map(|c| testkit::encoded(&Envelope::new("L1", c.to_vec())))
            .collect();
        let encode = encode.elapsed();
        let bytes: usize = msgs.iter().map(|m| m.2.len()).sum();
        let publish = Instant::now();
        testkit::publish_all(&js, msgs).await;
        let publish = publish.elapsed();
        let ingest_start = Instant::now();
        let task = tokio::spawn(ingest::run(
            pool.clone(),
            js.clone(),
            config,
            std::future::pending(),
        ));
        loop {
            let n: i64 = sqlx::query_scalar("select count(*) from process_sample")
                .fetch_one(&pool)
                .await?;
            if n as usize == SAMPLES {
                break;
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        let ingested = ingest_start.elapsed();
        task.abort();
        println!(
            "{per_message:>3} samples/message: {:>6.0} B/sample, encode {:>8.0} samples/s, publish (acked) {:>8.0} samples/s, ingest {:>8.0} samples/s",
            bytes as f64 / SAMPLES as f64,
            SAMPLES as f64 / encode.as_secs_f64(),
            SAMPLES as f64 / publish.as_secs_f64(),
            SAMPLES as f64 / ingested.as_secs_f64()
        );
    }
    Ok(())
}
