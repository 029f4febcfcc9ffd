//! The connector's figures (issue 32), each beside a baseline of the same run:
//!
//! 1. an OPC UA value change → a WebSocket client, at a 100 ms publishing interval, vs the same
//!    values published straight to the bus (the simulator's path) → the same client
//!    ([`latency`]);
//! 2. one connector (`batchline connect`, a process of its own) with 5,000 monitored items at
//!    1 s, every value changing every 2 s: its CPU and whether every change arrived, vs the same
//!    connector with the values standing still ([`cpu`]);
//! 3. an hour at 1,000 samples/s kept on the connector's disk while NATS was down (36,000
//!    messages of 100 samples, as 100 ms cycles leave them), drained once NATS is back, vs
//!    publishing the same messages from memory with the same window ([`drain`]).
//!
//! `BENCH_ONLY=connect` (`BENCH_CONNECT=latency,cpu,drain` picks figures); `BENCH_RUNS`
//! (default 3) rounds, medians printed. Needs the release
//! `batchline` binary beside this one (`make bench` builds both).

mod cpu;
mod drain;
mod latency;

use model::connect::{Protocol, Settings, Tag};
use sim::opcua::{Options, PlantServer};
use uuid::Uuid;

use crate::env_or;

fn scratch(name: &str) -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!("batchline-bench-{name}-{}", Uuid::new_v4()));
    let _ = std::fs::create_dir_all(&d);
    d
}

/// A simulated plant's OPC UA server on a free port, its certificate in a scratch folder.
async fn plant(name: &str) -> anyhow::Result<PlantServer> {
    PlantServer::start(Options {
        port: 0,
        pki_dir: scratch(name).join("server-pki"),
        users: vec![],
    })
    .await
}

/// The bench's connection of `line` to `server`, publishing every `sampling_ms`.
fn settings(server: &PlantServer, line: Uuid, sampling_ms: i64, tags: Vec<Tag>) -> Settings {
    let mut s = Settings::new(
        line,
        "Bench PLC",
        Protocol::Opcua,
        server.endpoint(),
        sampling_ms,
    );
    s.connection.tags = tags;
    s
}

pub async fn run(url: &str) -> anyhow::Result<()> {
    let pool = db::connect(url, 8).await?;
    db::migrate(&pool).await?;
    let runs = env_or("BENCH_RUNS", 3usize);
    println!("(7) the plant connector (issue 32), medians of {runs} rounds");
    // `BENCH_CONNECT=latency,cpu,drain` (the default: all three) picks the figures.
    let only = std::env::var("BENCH_CONNECT").unwrap_or_else(|_| "latency,cpu,drain".into());
    let wanted = |f: &str| only.split(',').any(|x| x.trim() == f);
    if wanted("latency") {
        latency::run(&pool, runs).await?;
    }
    if wanted("cpu") {
        cpu::run(runs).await?;
    }
    if wanted("drain") {
        drain::run(runs).await?;
    }
    pool.close().await;
    Ok(())
}
