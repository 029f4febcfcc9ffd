//! Figure 2: one connector process with 5,000 monitored items at 1 s.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

use async_nats::jetstream;
use bus::connections::Settings as SettingsBucket;
use futures::StreamExt;
use model::connect::{Tag, TagKind};
use model::wire::{self, Envelope};
use tokio::sync::Mutex;
use uuid::Uuid;

use super::{plant, scratch, settings};
use crate::median;

/// The release `batchline` binary beside this one.
fn batchline() -> std::path::PathBuf {
    let me = std::env::current_exe().unwrap_or_default();
    me.with_file_name("batchline")
}

/// Figure 2.
pub(super) async fn run(runs: usize) -> anyhow::Result<()> {
    const ITEMS: usize = 5_000;
    let nats = testkit::NatsServer::start().await;
    let client = nats.client().await;
    let js = jetstream::new(client.clone());
    bus::plant::ensure_stream(&js, &bus::plant::StreamSettings::small()).await?;
    let server = plant("cpu").await?;
    server.add_folder("L2", "L2", None);
    let tags: Vec<Tag> = (0..ITEMS)
        .map(|i| {
            let path = format!("L2.V{i}");
            server.add_variable("L2", &path, &format!("V{i}"), 0.0f64);
            Tag::new(TagKind::Process, server.node_id(&path), format!("V{i}"))
        })
        .collect();
    let line = Uuid::now_v7();
    SettingsBucket::open(&js)
        .await?
        .put(&settings(&server, line, 1_000, tags))
        .await?;
    let dir = scratch("cpu-connector");
    let mut child = tokio::process::Command::new(batchline())
        .arg("connect")
        .env("NATS_URL", nats.url())
        .env("DATA_DIR", &dir)
        .env("RUST_LOG", "warn")
        .kill_on_drop(true)
        .spawn()?;
    let pid = child.id().unwrap_or_default().to_string();
    // Count every sample of the line, by value.
    let mut sub = client.subscribe(bus::subjects::PLANT_ALL).await?;
    let counted: Arc<Mutex<HashMap<u64, usize>>> = Arc::default();
    let counter = {
        let counted = counted.clone();
        tokio::spawn(async move {
            while let Some(m) = sub.next().await {
                if let Ok(e) = serde_json::from_slice::<Envelope<wire::ProcessSample>>(&m.payload) {
                    let mut c = counted.lock().await;
                    for s in e.samples {
                        *c.entry(s.value as u64).or_default() += 1;
                    }
                }
            }
        })
    };
    // Subscribed when the first values (all 0) came.
    let deadline = Instant::now() + Duration::from_secs(60);
    while counted.lock().await.get(&0).copied().unwrap_or(0) < ITEMS {
        anyhow::ensure!(
            Instant::now() < deadline,
            "the connector did not subscribe 5,000 items within a minute"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let cpu = crate::live_bench::cpu_seconds;
    let (mut busy, mut idle, mut lost) = (vec![], vec![], vec![]);
    let mut value = 0u64;
    for _ in 0..runs {
        // Standing still.
        let (c0, t0) = (cpu(&pid), Instant::now());
        tokio::time::sleep(Duration::from_secs(10)).await;
        idle.push((cpu(&pid) - c0) / t0.elapsed().as_secs_f64() * 100.0);
        // Every value changing every 2 s, 10 times.
        let (c0, t0) = (cpu(&pid), Instant::now());
        let first = value + 1;
        for _ in 0..10 {
            value += 1;
            for i in 0..ITEMS {
                server.set(&format!("L2.V{i}"), value as f64)?;
            }
            tokio::time::sleep(Duration::from_secs(2)).await;
        }
        busy.push((cpu(&pid) - c0) / t0.elapsed().as_secs_f64() * 100.0);
        tokio::time::sleep(Duration::from_secs(2)).await;
        let c = counted.lock().await;
        let arrived: usize = (first..=value)
            .map(|v| c.get(&v).copied().unwrap_or(0))
            .sum();
        lost.push((10 * ITEMS).saturating_sub(arrived) as f64);
    }
    println!(
        "    5,000 monitored items at 1 s, all changing every 2 s: connector CPU {:.1} % of one core, {} of {} changes lost | standing still: {:.1} % → {:.1}× (goal ≤ 10 %, nothing lost)",
        median(busy.clone()),
        median(lost),
        10 * ITEMS,
        median(idle.clone()),
        median(busy) / median(idle).max(0.01)
    );
    let _ = child.kill().await;
    counter.abort();
    server.stop().await;
    Ok(())
}
