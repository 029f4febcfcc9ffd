//! The connector's figures (issue 32), each beside a baseline of the same run:
//!
//! 1. an OPC UA value change → a WebSocket client, at a 100 ms sampling interval, vs the same
//!    values published straight to the bus (the simulator's path) → the same client;
//! 2. one connector (`batchline connect`, a process of its own) with 5,000 monitored items at
//!    1 s, every value changing every 2 s: its CPU and whether every change arrived, vs the same
//!    connector with the values standing still;
//! 3. an hour at 1,000 samples/s kept on the connector's disk (36,000 messages of 100 samples,
//!    as 100 ms cycles leave them), drained once NATS takes messages again, vs publishing the
//!    same messages from memory with the same window.
//!
//! `BENCH_ONLY=connect` (`BENCH_CONNECT=latency,cpu,drain` picks figures); `BENCH_RUNS`
//! (default 3) rounds, medians printed. Needs the release
//! `batchline` binary beside this one (`make bench` builds both).

use std::collections::HashMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

use async_nats::jetstream;
use bus::connections::Settings as SettingsBucket;
use chrono::Utc;
use futures::StreamExt;
use model::connect::{Connection, Protocol, SecurityMode, SecurityPolicy, Settings, Tag, TagKind};
use model::wire::{self, Envelope};
use serde_json::Value;
use sim::opcua::{Options, PlantServer};
use tokio::sync::Mutex;
use tokio_tungstenite::tungstenite::Message as Ws;
use uuid::Uuid;

use crate::{env_or, median, pct};

fn scratch(name: &str) -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!("batchline-bench-{name}-{}", Uuid::new_v4()));
    let _ = std::fs::create_dir_all(&d);
    d
}

fn process_tag(node: String, code: &str) -> Tag {
    Tag {
        kind: TagKind::Process,
        node_id: node,
        code: code.into(),
        deadband: None,
        severity: None,
        message: None,
        value_map: None,
    }
}

fn settings(server: &PlantServer, line: Uuid, sampling_ms: i64, tags: Vec<Tag>) -> Settings {
    let now = Utc::now();
    Settings {
        connection: Connection {
            id: Uuid::now_v7(),
            line_id: line,
            name: "Bench PLC".into(),
            protocol: Protocol::Opcua,
            endpoint: server.endpoint(),
            security_policy: SecurityPolicy::None,
            security_mode: SecurityMode::None,
            username: None,
            has_password: false,
            enabled: true,
            sampling_ms,
            interface_node: None,
            tags,
            created_at: now,
            updated_at: now,
        },
        password: None,
    }
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
        latency(&pool, runs).await?;
    }
    if wanted("cpu") {
        cpu(runs).await?;
    }
    if wanted("drain") {
        drain(runs).await?;
    }
    pool.close().await;
    Ok(())
}

/// Figure 1.
async fn latency(pool: &sqlx::PgPool, runs: usize) -> anyhow::Result<()> {
    let nats = testkit::NatsServer::start().await;
    // The stream first, small: JetStream refuses ingest's 16 GiB default on a disk with less
    // than about 21 GB free, and the publishes of the baseline would wait for it.
    bus::plant::ensure_stream(
        &jetstream::new(nats.client().await),
        &bus::plant::StreamSettings::small(),
    )
    .await?;
    let (s, live) = crate::live_bench::setup(pool, &nats).await?;
    let server = PlantServer::start(Options {
        port: 0,
        pki_dir: scratch("latency").join("server-pki"),
        users: vec![],
    })
    .await?;
    server.add_folder("L1", "L1", None);
    server.add_variable("L1", "L1.Value", "Value", 0.0f64);
    let (opc_line, bus_line) = (Uuid::now_v7(), Uuid::now_v7());
    // Lines the live topics know (a topic of an unknown line has no snapshot).
    for (id, code) in [(opc_line, "CB1"), (bus_line, "CB2")] {
        sqlx::query("insert into line (id, name, code, timezone) values ($1, $2, $2, 'UTC')")
            .bind(id)
            .bind(code)
            .execute(pool)
            .await?;
    }
    SettingsBucket::open(&s.js)
        .await?
        .put(&settings(
            &server,
            opc_line,
            100,
            vec![process_tag(server.node_id("L1.Value"), "BENCH")],
        ))
        .await?;
    let stop = tokio_util::sync::CancellationToken::new();
    let dir = scratch("latency-connector");
    tokio::spawn(connect::run(
        s.nats.clone(),
        connect::Options::new(dir),
        stop.clone(),
    ));
    let topics = vec![
        format!("line:{opc_line}:diagnostics"),
        format!("line:{bus_line}:diagnostics"),
    ];
    let mut ws = crate::live_bench::client(&s, &topics).await?;
    // Value → when it was set, per path.
    let sent: Arc<Mutex<HashMap<(bool, u64), Instant>>> = Arc::default();
    let received: Arc<Mutex<Vec<(bool, f64)>>> = Arc::default();
    let reader = {
        let (sent, received) = (sent.clone(), received.clone());
        let opc = opc_line.to_string();
        tokio::spawn(async move {
            while let Some(Ok(m)) = ws.next().await {
                let Ws::Text(t) = m else { continue };
                let at = Instant::now();
                let Ok(v) = serde_json::from_str::<Value>(&t) else {
                    continue;
                };
                let via_opc = v["topic"].as_str().is_some_and(|t| t.contains(&opc));
                for x in v["data"]["samples"].as_array().into_iter().flatten() {
                    if x["parameterCode"] != "BENCH" {
                        continue;
                    }
                    let Some(value) = x["value"].as_f64() else {
                        continue;
                    };
                    if let Some(t) = sent.lock().await.remove(&(via_opc, value as u64)) {
                        received
                            .lock()
                            .await
                            .push((via_opc, at.duration_since(t).as_secs_f64() * 1000.0));
                    }
                }
            }
        })
    };
    let mut bus_out = bus::Publisher::new(s.js.clone(), 64);
    // The connector's first session and subscription.
    tokio::time::sleep(Duration::from_secs(3)).await;
    let mut value = 1u64;
    let (mut p50s, mut p99s, mut b50s, mut b99s) = (vec![], vec![], vec![], vec![]);
    for _ in 0..runs {
        received.lock().await.clear();
        let mut tick = tokio::time::interval(Duration::from_millis(100));
        for _ in 0..150 {
            tick.tick().await;
            value += 1;
            sent.lock().await.insert((true, value), Instant::now());
            server.set("L1.Value", value as f64)?;
            sent.lock().await.insert((false, value), Instant::now());
            let e = Envelope::new(
                &bus_line.to_string(),
                vec![wire::ProcessSample {
                    id: Uuid::now_v7(),
                    time: Utc::now(),
                    batch_id: None,
                    parameter_code: "BENCH".into(),
                    value: value as f64,
                }],
            );
            bus_out.send(&e).await;
        }
        bus_out.flush().await;
        tokio::time::sleep(Duration::from_secs(2)).await;
        let got = received.lock().await.clone();
        let mut opc: Vec<f64> = got.iter().filter(|x| x.0).map(|x| x.1).collect();
        let mut direct: Vec<f64> = got.iter().filter(|x| !x.0).map(|x| x.1).collect();
        opc.sort_by(f64::total_cmp);
        direct.sort_by(f64::total_cmp);
        println!(
            "    round: OPC UA → WebSocket {} of 150 values, p50 {:.1} ms p99 {:.1} ms | straight to the bus {} of 150, p50 {:.1} ms p99 {:.1} ms",
            opc.len(),
            pct(&opc, 0.5),
            pct(&opc, 0.99),
            direct.len(),
            pct(&direct, 0.5),
            pct(&direct, 0.99)
        );
        p50s.push(pct(&opc, 0.5));
        p99s.push(pct(&opc, 0.99));
        b50s.push(pct(&direct, 0.5));
        b99s.push(pct(&direct, 0.99));
    }
    println!(
        "    OPC UA value change → WebSocket at 100 ms sampling: p50 {:.1} ms, p99 {:.1} ms | the same values straight to the bus: p50 {:.1} ms, p99 {:.1} ms → +{:.1} ms at p99 (goal p99 ≤ 150 ms)",
        median(p50s),
        median(p99s.clone()),
        median(b50s),
        median(b99s.clone()),
        median(p99s) - median(b99s)
    );
    stop.cancel();
    reader.abort();
    live.stop();
    server.stop().await;
    Ok(())
}

/// The release `batchline` binary beside this one.
fn batchline() -> std::path::PathBuf {
    let me = std::env::current_exe().unwrap_or_default();
    me.with_file_name("batchline")
}

/// Figure 2.
async fn cpu(runs: usize) -> anyhow::Result<()> {
    const ITEMS: usize = 5_000;
    let nats = testkit::NatsServer::start().await;
    let client = nats.client().await;
    let js = jetstream::new(client.clone());
    bus::plant::ensure_stream(&js, &bus::plant::StreamSettings::small()).await?;
    let server = PlantServer::start(Options {
        port: 0,
        pki_dir: scratch("cpu").join("server-pki"),
        users: vec![],
    })
    .await?;
    server.add_folder("L2", "L2", None);
    let tags: Vec<Tag> = (0..ITEMS)
        .map(|i| {
            let path = format!("L2.V{i}");
            server.add_variable("L2", &path, &format!("V{i}"), 0.0f64);
            process_tag(server.node_id(&path), &format!("V{i}"))
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

/// Figure 3.
async fn drain(runs: usize) -> anyhow::Result<()> {
    const MESSAGES: usize = 36_000;
    const PER_MESSAGE: usize = 100;
    let nats = testkit::NatsServer::start().await;
    let client = nats.client().await;
    let js = jetstream::new(client.clone());
    let stream_settings = bus::plant::StreamSettings {
        max_bytes: 4 << 30,
        ..Default::default()
    };
    bus::plant::ensure_stream(&js, &stream_settings).await?;
    let line = Uuid::now_v7().to_string();
    let start = Utc::now() - chrono::Duration::hours(1);
    let records: Vec<connect::outbox::Record> = (0..MESSAGES)
        .map(|m| {
            let e = Envelope::new(
                &line,
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
            connect::outbox::Record {
                subject: e.subject(),
                id: e.id.to_string(),
                samples: PER_MESSAGE as u32,
                payload: serde_json::to_vec(&e).unwrap_or_default().into(),
            }
        })
        .collect();
    let bytes: usize = records.iter().map(|r| r.payload.len()).sum();
    let (mut drained, mut memory) = (vec![], vec![]);
    for _ in 0..runs {
        let mut stream = js.get_stream(bus::subjects::PLANT_STREAM).await?;
        stream.purge().await?;
        let dir = scratch("drain");
        let mut outbox = connect::outbox::Outbox::open(&dir, 8 << 30)?;
        for r in &records {
            anyhow::ensure!(outbox.push(r)?, "the outbox refused a record");
        }
        let mut f = connect::forward::Forwarder::new(client.clone(), outbox);
        let t0 = Instant::now();
        while f.buffered() > 0 {
            f.pump().await;
        }
        drained.push(t0.elapsed().as_secs_f64());
        let _ = std::fs::remove_dir_all(&dir);
        let info = stream.info().await?;
        anyhow::ensure!(
            info.state.messages as usize == MESSAGES,
            "{} of {MESSAGES} messages in the stream after the drain",
            info.state.messages
        );

        // The same messages from memory, a window of 256 acknowledgements, new ids.
        stream.purge().await?;
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
        "    an hour at 1,000 samples/s on disk (3.6 M samples, {MESSAGES} messages, {:.0} MB): drained in {:.1} s | the same from memory: {:.1} s → {:.1}× (goal ≤ 120 s)",
        bytes as f64 / 1e6,
        median(drained.clone()),
        median(memory.clone()),
        median(drained) / median(memory).max(0.001)
    );
    Ok(())
}
