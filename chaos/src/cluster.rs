//! `make chaos-cluster` (issue 36, item 6): the cluster of `scripts/cluster.sh` under simulator
//! load while its parts are killed: every 30 s a NATS node (every other time the node leading
//! the `PLANT` stream) killed and started again 5 s later; between those, in turn, one of the
//! ingest, stream and api processes killed (SIGKILL) and started again; once, at 60 % of the
//! run, the Postgres primary killed and its standby promoted (synchronous replication: every
//! commit ingest acknowledged is on the standby). Then every sample the simulators had
//! acknowledged is counted against the database (lost, doubled: goal 0 and 0), and the live
//! clients' reconnections after stream kills are summed up.
//!
//! Settings: `CHAOS_SECONDS` (600), `CHAOS_RATE` (2,000 samples/s), `CHAOS_CLIENTS` (1,000),
//! `CHAOS_SEED`, `CHAOS_DIR`, `BATCHLINE_BIN`; the cluster's own (`scripts/cluster.sh env`:
//! `DATABASE_URL`, `NATS_URL`, `CLUSTER_URL`, …; `CLUSTER_PORT_SHIFT`).

use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::Context;
use async_nats::jetstream;
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};

use crate::count::count;
use crate::procs::{drain, published, published_log, spawn_simulator};
use crate::report::print_recovery;
use crate::settings::{Settings, env_or};
use crate::watch::{Latest, LatestStored, epoch_now, wait_look, watch, watch_stored};
use crate::{clients, http};

/// The folder of the cluster's process logs (`CLUSTER_DIR/logs`), when it is set.
pub fn logs() -> Option<std::path::PathBuf> {
    std::env::var_os("CLUSTER_DIR").map(|d| std::path::PathBuf::from(d).join("logs"))
}

/// `scripts/cluster.sh <args>`.
async fn cluster(args: &[&str]) -> anyhow::Result<()> {
    crate::procs::script("scripts/cluster.sh", args).await
}

/// The node leading the `PLANT` stream, as the nodes' monitoring says.
async fn plant_leader(shift: u16) -> Option<String> {
    for port in [58231, 58232, 58233] {
        let addr = format!("127.0.0.1:{}", port + shift);
        let Ok(body) = http::call(&addr, "GET", "/jsz?streams=true", None).await else {
            continue;
        };
        let Ok(v) = serde_json::from_str::<serde_json::Value>(&body) else {
            continue;
        };
        for a in v["account_details"].as_array().into_iter().flatten() {
            for s in a["stream_detail"].as_array().into_iter().flatten() {
                if s["name"] == "PLANT"
                    && let Some(l) = s["cluster"]["leader"].as_str()
                {
                    return Some(l.to_string());
                }
            }
        }
    }
    None
}

/// The super user's token (the cluster's `superuser.env`), signed in through haproxy.
async fn token(front: &str, dir: &str) -> anyhow::Result<String> {
    let creds = std::fs::read_to_string(format!("{dir}/superuser.env"))
        .context("reading the cluster's superuser.env")?;
    let get = |k: &str| {
        creds
            .lines()
            .find_map(|l| l.strip_prefix(&format!("{k}=")))
            .unwrap_or_default()
            .to_string()
    };
    let body =
        serde_json::json!({"email": get("SUPERUSER_EMAIL"), "password": get("SUPERUSER_PASSWORD")});
    // haproxy may not have seen an api process healthy yet: tried again for up to 60 s.
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        let answer = http::call(front, "POST", "/auth/superuserlogin", Some(&body))
            .await
            .unwrap_or_else(|e| format!("{e:#}"));
        if let Some(token) = serde_json::from_str::<serde_json::Value>(&answer)
            .ok()
            .and_then(|v| v["token"].as_str().map(str::to_string))
        {
            return Ok(token);
        }
        anyhow::ensure!(
            Instant::now() < deadline,
            "no token within 60 s; the last answer: {answer}"
        );
        tokio::time::sleep(Duration::from_millis(500)).await;
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Kind {
    NatsNode,
    NatsLeader,
    Ingest,
    Stream,
    Api,
    Primary,
}

impl Kind {
    fn name(self) -> &'static str {
        match self {
            Kind::NatsNode => "NATS node killed",
            Kind::NatsLeader => "NATS stream leader killed",
            Kind::Ingest => "ingest process killed",
            Kind::Stream => "stream process killed",
            Kind::Api => "api process killed",
            Kind::Primary => "primary killed, standby promoted",
        }
    }
}

pub async fn run(s: &Settings) -> anyhow::Result<bool> {
    let seconds: u64 = env_or("CHAOS_SECONDS", 600)?;
    let n_clients: usize = env_or("CHAOS_CLIENTS", 1000)?;
    let shift: u16 = env_or("CLUSTER_PORT_SHIFT", 0)?;
    let front_url = std::env::var("CLUSTER_URL").context("CLUSTER_URL is not set")?;
    let front = front_url.trim_start_matches("http://").to_string();
    let dir = std::env::var("CLUSTER_DIR").context("CLUSTER_DIR is not set")?;
    println!(
        "chaos-cluster: {seconds} s at {} samples/s over 4 lines plus 2 simulated lines at 50× speed, \
         {n_clients} live clients on `events`; seed {}",
        s.rate, s.seed
    );
    let started = Instant::now();
    let rate = s.rate.to_string();
    let mut sims = vec![
        spawn_simulator(s, "sim-rate", &["--rate", &rate, "--lines", "4"])?,
        spawn_simulator(s, "sim-lines", &["--lines", "2", "--speed", "50"])?,
    ];
    let nats = bus::connect(&s.nats_url).await?;
    let latest: Latest = Arc::default();
    let watcher = tokio::spawn(watch(jetstream::new(nats), latest.clone()));
    let stored: LatestStored = Arc::default();
    let stored_watcher = tokio::spawn(watch_stored(s.database_url.clone(), stored.clone()));
    wait_look(
        &stored,
        started,
        Duration::from_secs(120),
        "ingest storing",
        |_| true,
    )
    .await?;

    // Reports read the standby (decision 120), through haproxy.
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        let ready = http::call(&front, "GET", "/readyz", None)
            .await
            .unwrap_or_default();
        if ready.contains("\"reads\":\"standby\"") {
            println!("  reports read the standby: {ready}");
            break;
        }
        anyhow::ensure!(
            Instant::now() < deadline,
            "reports do not read the standby: {ready}"
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    let token = token(&front, &dir).await?;
    let (seen, client_tasks) = clients::start(n_clients, format!("ws://{front}/ws"), token);
    let deadline = Instant::now() + Duration::from_secs(60);
    while seen.lock().expect("seen").subscribed < n_clients {
        anyhow::ensure!(
            Instant::now() < deadline,
            "the live clients did not all subscribe"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    println!("  {n_clients} live clients subscribed through haproxy");

    let mut rng = rand::rngs::StdRng::seed_from_u64(s.seed);
    let mut recoveries: BTreeMap<Kind, Vec<f64>> = BTreeMap::new();
    let mut stream_kills: Vec<Instant> = Vec::new();
    let processes = [
        "stream-1", "ingest-1", "api-1", "stream-2", "ingest-2", "api-2",
    ];
    let promote_at = seconds * 6 / 10;
    let mut promoted = false;
    let mut slot = 0u64;
    let end = started + Duration::from_secs(seconds);
    while Instant::now() + Duration::from_secs(15) < end {
        tokio::time::sleep_until((started + Duration::from_secs(30 + slot * 15)).into()).await;
        let elapsed = started.elapsed().as_secs();
        let t0 = Instant::now();
        // What to do: (kind, the process, how long it stays down).
        let (kind, name, down) = if !promoted && elapsed >= promote_at {
            promoted = true;
            (
                Kind::Primary,
                "pg-primary".to_string(),
                Duration::from_secs(1),
            )
        } else if slot.is_multiple_of(2) {
            let leader = plant_leader(shift).await;
            let node = match (&leader, slot.is_multiple_of(4)) {
                (Some(l), true) => l.trim_start_matches('n').to_string(),
                _ => ["1", "2", "3"]
                    .choose(&mut rng)
                    .expect("a node")
                    .to_string(),
            };
            let kind = if leader.as_deref() == Some(&format!("n{node}")) {
                Kind::NatsLeader
            } else {
                Kind::NatsNode
            };
            (kind, format!("nats-{node}"), Duration::from_secs(5))
        } else {
            let name = processes[(slot as usize / 2) % processes.len()].to_string();
            let kind = match &name[..3] {
                "ing" => Kind::Ingest,
                "str" => Kind::Stream,
                _ => Kind::Api,
            };
            let down = Duration::from_millis(rng.random_range(500..2000));
            (kind, name, down)
        };
        slot += 1;
        if kind == Kind::Stream {
            stream_kills.push(t0);
        }
        // The fault, beside the watch of the stored data: killed, down a while, then started
        // again (the primary: its standby promoted instead).
        let fault = {
            let name = name.clone();
            tokio::spawn(async move {
                cluster(&["kill", &name]).await?;
                tokio::time::sleep(down).await;
                if kind == Kind::Primary {
                    cluster(&["promote"]).await
                } else {
                    cluster(&["start-one", &name]).await
                }
            })
        };
        // How far behind the stored data fell (the newest stored sample's age, now), and until
        // when it was a second or more behind: the fault's cost to the plant's records.
        let mut worst = 0.0f64;
        let mut behind_until = t0;
        let mut done_at: Option<Instant> = None;
        loop {
            tokio::time::sleep(Duration::from_millis(50)).await;
            let lag = stored
                .lock()
                .expect("stored")
                .map_or(f64::MAX, |x| epoch_now() - x.newest);
            worst = worst.max(lag);
            if lag >= 1.0 {
                behind_until = Instant::now();
            }
            if done_at.is_none() && fault.is_finished() {
                done_at = Some(Instant::now());
            }
            // Done, and current again for two seconds.
            if done_at.is_some_and(|d| d.elapsed() > Duration::from_secs(2))
                && behind_until.elapsed() > Duration::from_secs(2)
            {
                break;
            }
            anyhow::ensure!(
                t0.elapsed() < Duration::from_secs(180),
                "{}: the stored data is still {lag:.1} s behind after 180 s",
                kind.name()
            );
        }
        fault.await??;
        let recovered = (behind_until - t0).as_secs_f64();
        println!(
            "  {:>4} s  {:<34} {name:<10} down {:>4.1} s; stored data at most {:>5.2} s behind, current again {recovered:>5.2} s after the kill",
            elapsed,
            kind.name(),
            down.as_secs_f64(),
            worst.min(999.0),
        );
        recoveries.entry(kind).or_default().push(recovered);
    }

    // The simulators stop; ingest stores what is left.
    drain(&mut sims, &latest).await?;
    stored_watcher.abort();
    watcher.abort();
    let counted = count(s).await?;
    println!(
        "  published {} samples over {:.0} s",
        published(&published_log(s)),
        started.elapsed().as_secs_f64()
    );
    for (kind, r) in recoveries {
        print_recovery(&format!("a {}", kind.name()), r);
    }
    // The live clients: reconnections that followed a stream kill (within 30 s of it).
    let seen = seen.lock().expect("seen");
    let mut after_kill: Vec<f64> = seen
        .resumed
        .iter()
        .filter(|(lost, _)| {
            stream_kills
                .iter()
                .any(|k| *lost >= *k && *lost < *k + Duration::from_secs(30))
        })
        .map(|(_, d)| d.as_secs_f64())
        .collect();
    after_kill.sort_by(f64::total_cmp);
    let p = |q: f64| {
        after_kill
            .get(((after_kill.len() as f64 - 1.0) * q).round() as usize)
            .copied()
            .unwrap_or(0.0)
    };
    println!(
        "  live clients: {} stream kills, {} reconnections after them, resubscribed p50 {:.2} s, p99 {:.2} s, max {:.2} s (goal p99 ≤ 5 s)",
        stream_kills.len(),
        after_kill.len(),
        p(0.5),
        p(0.99),
        p(1.0)
    );
    println!(
        "  live clients: {} events received; gaps {} (goal 0), duplicates {} (goal 0), not recoverable {}",
        seen.events, seen.gaps, seen.duplicates, seen.not_recoverable
    );
    for t in client_tasks {
        t.abort();
    }
    let clients_ok =
        seen.gaps == 0 && seen.duplicates == 0 && (after_kill.is_empty() || p(0.99) <= 5.0);
    Ok(counted && clients_ok)
}
