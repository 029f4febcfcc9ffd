//! Figure 3: an hour at 1,000 samples/s kept on the connector's disk while NATS was down,
//! drained once it is back: the connector's own forwarder task (`connect::forward::spawn`) is
//! handed the messages while the server is down (it keeps them in its outbox), then the server
//! starts again and the clock runs from its start until the stream holds every message — the
//! client's reconnection included. The baseline publishes the same messages from memory with
//! the same window of acknowledgements.

use std::time::{Duration, Instant};

use async_nats::jetstream;
use chrono::Utc;
use connect::forward::{self, Forwarder};
use connect::outbox::{Outbox, Record};
use connect::status::Tracker;
use model::connect::{Protocol, Settings};
use model::wire::{self, Envelope};
use tokio_util::sync::CancellationToken;
use uuid::Uuid;

use super::scratch;
use crate::median;

const MESSAGES: usize = 36_000;
const PER_MESSAGE: usize = 100;

/// An hour of 100 ms cycles of 100 values, as the connector leaves them.
fn hour(line: &str) -> Vec<Record> {
    let start = Utc::now() - chrono::Duration::hours(1);
    (0..MESSAGES)
        .map(|m| {
            let e = Envelope::new(
                line,
                (0..PER_MESSAGE)
                    .map(|k| wire::ProcessSample {
                        id: Uuid::now_v7(),
                        time: start + chrono::Duration::milliseconds((m * 100 + k) as i64),
                        batch_id: None,
                        parameter_code: format!("T{k}"),
                        value: (m * PER_MESSAGE + k) as f64,
                    })
                    .collect(),
            );
            connect::publish::record(&e)
        })
        .collect()
}

/// Waits until `holds` is true, for at most `limit`.
async fn until<F: Future<Output = bool>>(
    what: &str,
    limit: Duration,
    mut holds: impl FnMut() -> F,
) -> anyhow::Result<()> {
    let deadline = Instant::now() + limit;
    while !holds().await {
        anyhow::ensure!(Instant::now() < deadline, "{what}: not within {limit:?}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    Ok(())
}

async fn stored(js: &jetstream::Context) -> usize {
    match js.get_stream(bus::subjects::PLANT_STREAM).await {
        Ok(mut s) => s.info().await.map_or(0, |i| i.state.messages as usize),
        Err(_) => 0,
    }
}

pub(super) async fn run(runs: usize) -> anyhow::Result<()> {
    let mut nats = testkit::NatsServer::start().await;
    // As the connector connects (it retries until the server is up).
    let client = bus::connect(&nats.url()).await?;
    let js = jetstream::new(client.clone());
    bus::plant::ensure_stream(&js, &bus::plant::StreamSettings::small()).await?;
    let line = Uuid::now_v7();
    let mut bytes = 0;
    let settings = Settings::new(line, "Bench PLC", Protocol::Opcua, String::new(), 100);
    let (mut drained, mut memory) = (vec![], vec![]);
    for _ in 0..runs {
        // New ids each round: the stream would take the same ids again as duplicates.
        let records = hour(&line.to_string());
        bytes = records.iter().map(|r| r.payload.len()).sum();
        js.get_stream(bus::subjects::PLANT_STREAM)
            .await?
            .purge()
            .await?;
        // NATS goes away; the connector's forwarder keeps what it is handed.
        nats.kill();
        until(
            "the client saw the server go",
            Duration::from_secs(30),
            || async { client.connection_state() != async_nats::connection::State::Connected },
        )
        .await?;
        let dir = scratch("drain");
        let tracker = Tracker::new(&settings.connection);
        let stop = CancellationToken::new();
        let (publisher, task) = forward::spawn(
            Forwarder::new(client.clone(), Outbox::open(&dir, 8 << 30)?),
            tracker.clone(),
            stop.clone(),
        );
        for r in &records {
            publisher
                .send(r.clone().into())
                .await
                .map_err(|_| anyhow::anyhow!("the forwarder stopped"))?;
        }
        let all = (MESSAGES * PER_MESSAGE) as u64;
        until("an hour kept on disk", Duration::from_secs(600), || async {
            tracker.snapshot().buffered == all
        })
        .await?;
        // NATS is back: the clock runs until the stream holds the hour.
        nats.restart().await;
        let t0 = Instant::now();
        until("the hour drained", Duration::from_secs(600), || async {
            tracker.snapshot().buffered == 0 && stored(&js).await == MESSAGES
        })
        .await?;
        drained.push(t0.elapsed().as_secs_f64());
        stop.cancel();
        let _ = task.await;
        let _ = std::fs::remove_dir_all(&dir);

        // The same messages from memory, a window of 256 acknowledgements, new ids.
        js.get_stream(bus::subjects::PLANT_STREAM)
            .await?
            .purge()
            .await?;
        let t0 = Instant::now();
        let mut acks = std::collections::VecDeque::new();
        for r in &records {
            if acks.len() >= 256 {
                let a: jetstream::context::PublishAckFuture = acks.pop_front().expect("a window");
                a.await?;
            }
            acks.push_back(js.publish(r.subject.clone(), r.payload.clone()).await?);
        }
        for a in acks {
            a.await?;
        }
        memory.push(t0.elapsed().as_secs_f64());
    }
    println!(
        "    an hour at 1,000 samples/s kept on disk while NATS was down (3.6 M samples, {MESSAGES} messages, {:.0} MB): in the stream {:.1} s after NATS started again | the same from memory: {:.1} s → {:.1}× (goal ≤ 120 s)",
        bytes as f64 / 1e6,
        median(drained.clone()),
        median(memory.clone()),
        median(drained) / median(memory).max(0.001)
    );
    Ok(())
}
