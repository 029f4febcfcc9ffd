//! Figures 2 and 3: publish → WebSocket latency at 1k and 10k samples/s (next to a plain NATS
//! subscriber), and the fan-out of the WebSocket hub to up to 10,000 clients ([`fanout`]). The
//! whole pipeline runs as in `batchline all`: api with `/ws`, stream, ingest, on a private
//! nats-server. Figure 2's client runs in this process; figure 3's run in a process of their own
//! (`batchline-fanout-clients`). Either way they share the CPUs with the server, so the figures
//! are conservative.

pub(crate) mod clients;
pub(crate) mod fanout;
pub(crate) mod fanout_wire;
mod slow_client;

pub(crate) use clients::cpu_seconds;
pub use fanout::MAX_CLIENTS;

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use chrono::{DateTime, Utc};
use futures::{SinkExt, StreamExt};
use model::wire::{self, Envelope};
use serde_json::{Value, json};
use sqlx::PgPool;
use tokio_tungstenite::tungstenite::Message as Ws;
use uuid::Uuid;

use crate::pct;

pub(crate) struct Setup {
    pub addr: SocketAddr,
    /// The ids of the four configured lines (`L1`…`L4`): the hub keeps data of configured
    /// lines on `lines`, of any other id on `unknown-lines`.
    pub lines: Vec<String>,
    pub token: String,
    pub nats: async_nats::Client,
    pub js: async_nats::jetstream::Context,
}

pub(crate) async fn setup(
    pool: &PgPool,
    server: &testkit::NatsServer,
) -> anyhow::Result<(Setup, stream::Stream)> {
    let dir = std::env::temp_dir().join(format!("batchline-bench-{}", Uuid::new_v4()));
    std::fs::create_dir_all(&dir)?;
    let mut config = api::ApiSettings::for_tests(dir.clone());
    config.superuser_password = Some("Bench-Silo-Auger-Molasses-77".into());
    let state = api::AppState::new(pool.clone(), config, None)?;
    api::bootstrap_super_user(&state).await?;
    // Only the JWT secret lived there; nothing is written to it later.
    let _ = std::fs::remove_dir_all(&dir);
    let user = db::users::super_user(pool).await?.expect("super user");
    let (token, _) = state.jwt.issue(&user, user.role)?;
    let lines = configure_lines(pool).await?;
    let nats = server.client().await;
    let js = async_nats::jetstream::new(nats.clone());
    tokio::spawn(ingest::run(
        pool.clone(),
        js.clone(),
        ingest::Config::default(),
        std::future::pending(),
    ));
    let mut cfg = stream::Config::default();
    cfg.hub.queue_limit = 4_096;
    let live = stream::Stream::start(pool, nats.clone(), cfg).await?;
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
    let addr = listener.local_addr()?;
    let router = api::app_with(state.clone(), live.router(state.sessions()));
    tokio::spawn(api::serve(state, router, listener, std::future::pending()));
    Ok((
        Setup {
            addr,
            lines,
            token,
            nats,
            js,
        },
        live,
    ))
}

/// Four lines `L1`…`L4` in the configuration (fixed ids, so a second setup finds them).
async fn configure_lines(pool: &PgPool) -> anyhow::Result<Vec<String>> {
    let mut ids = Vec::new();
    for i in 1..=4 {
        let id = format!("00000000-0000-4000-8000-00000000000{i}");
        sqlx::query(
            "insert into line (id, name, code, timezone) values ($1::uuid, $2, $2, 'UTC') on conflict do nothing",
        )
        .bind(&id)
        .bind(format!("L{i}"))
        .execute(pool)
        .await?;
        ids.push(id);
    }
    Ok(ids)
}

pub(crate) type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

pub(crate) async fn client(s: &Setup, topics: &[String]) -> anyhow::Result<Socket> {
    let (mut ws, _) = tokio_tungstenite::connect_async(format!("ws://{}/ws", s.addr)).await?;
    ws.send(Ws::Text(
        json!({"type": "auth", "token": s.token}).to_string().into(),
    ))
    .await?;
    ws.send(Ws::Text(
        json!({"type": "subscribe", "topics": topics})
            .to_string()
            .into(),
    ))
    .await?;
    // Wait for the authentication answer and every snapshot.
    let mut snapshots = 0;
    while snapshots < topics.len() {
        match tokio::time::timeout(Duration::from_secs(30), ws.next()).await? {
            Some(Ok(Ws::Text(t))) if t.contains("\"snapshot\"") => snapshots += 1,
            Some(Ok(_)) => {}
            _ => anyhow::bail!("socket closed before its snapshots"),
        }
    }
    Ok(ws)
}

fn ms_since(t: &str) -> Option<f64> {
    let t: DateTime<Utc> = t.parse().ok()?;
    Some((Utc::now() - t).num_microseconds()? as f64 / 1000.0)
}

pub async fn run(pool: &PgPool, seconds: Duration, max_clients: usize) -> anyhow::Result<()> {
    let server = testkit::NatsServer::start().await;
    let (s, live) = setup(pool, &server).await?;

    println!("(2) sample published → WebSocket client received (4 lines, diagnostics topics)");
    for rate in [1_000u32, 10_000] {
        let (ws_lat, nats_lat) = latency(&s, rate, seconds).await?;
        println!(
            "    {rate:>6}/s  WebSocket p50 {:>7.1} ms  p99 {:>7.1} ms ({} samples) | plain NATS subscriber p50 {:>6.1} ms  p99 {:>6.1} ms → p99 {:.1}× NATS (goal p99 ≤ 250 ms at 10k)",
            pct(&ws_lat, 0.5),
            pct(&ws_lat, 0.99),
            ws_lat.len(),
            pct(&nats_lat, 0.5),
            pct(&nats_lat, 0.99),
            pct(&ws_lat, 0.99) / pct(&nats_lat, 0.99).max(0.001)
        );
    }
    println!();

    fanout::run(&s, &live, seconds, max_clients).await?;
    live.stop();
    drop(server);
    Ok(())
}

/// `BENCH_ONLY=fanout`: figure 3 alone (`BENCH_SECONDS`, `BENCH_MAX_CLIENTS` as in the whole run).
pub async fn fanout_only(url: &str) -> anyhow::Result<()> {
    let pool = db::connect(url, 8).await?;
    db::migrate(&pool).await?;
    let server = testkit::NatsServer::start().await;
    let (s, live) = setup(&pool, &server).await?;
    let seconds = Duration::from_secs(crate::env_or("BENCH_SECONDS", 8u64));
    let max_clients = crate::env_or("BENCH_MAX_CLIENTS", MAX_CLIENTS);
    fanout::run(&s, &live, seconds, max_clients).await?;
    live.stop();
    drop(server);
    pool.close().await;
    Ok(())
}

/// Latencies (ms) of every sample a WebSocket client and a plain NATS subscriber received
/// while the simulator published `rate` samples a second.
async fn latency(s: &Setup, rate: u32, seconds: Duration) -> anyhow::Result<(Vec<f64>, Vec<f64>)> {
    let topics: Vec<String> = s
        .lines
        .iter()
        .map(|l| format!("line:{l}:diagnostics"))
        .collect();
    let mut ws = client(s, &topics).await?;
    let mut sub = s.nats.subscribe(bus::subjects::PLANT_ALL).await?;
    let sim = tokio::spawn(sim::run(
        s.js.clone(),
        sim::Config {
            lines: 4,
            configured: s
                .lines
                .iter()
                .enumerate()
                .map(|(i, id)| sim::SimLine {
                    id: id.clone(),
                    code: format!("L{}", i + 1),
                    bins: Vec::new(),
                })
                .collect(),
            rate: Some(rate),
            ..Default::default()
        },
        std::future::pending(),
    ));
    let warmup = Instant::now() + Duration::from_secs(1);
    let end = warmup + seconds;
    let nats_task = tokio::spawn(async move {
        let mut lat = Vec::new();
        while let Ok(Some(m)) = tokio::time::timeout_at(end.into(), sub.next()).await {
            let Ok(e) = serde_json::from_slice::<Envelope<wire::ProcessSample>>(&m.payload) else {
                continue;
            };
            if Instant::now() > warmup {
                let now = Utc::now();
                lat.extend(
                    e.samples
                        .iter()
                        .filter_map(|x| (now - x.time).num_microseconds())
                        .map(|us| us as f64 / 1000.0),
                );
            }
        }
        lat
    });
    let mut lat = Vec::new();
    while let Ok(Some(Ok(m))) = tokio::time::timeout_at(end.into(), ws.next()).await {
        let Ws::Text(t) = m else { continue };
        if Instant::now() < warmup {
            continue;
        }
        let v: Value = serde_json::from_str(&t)?;
        if let Some(samples) = v["data"]["samples"].as_array() {
            lat.extend(samples.iter().filter_map(|x| ms_since(x["time"].as_str()?)));
        }
    }
    sim.abort();
    let mut nats_lat = nats_task.await?;
    lat.sort_by(f64::total_cmp);
    nats_lat.sort_by(f64::total_cmp);
    Ok((lat, nats_lat))
}
