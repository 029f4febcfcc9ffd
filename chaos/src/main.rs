//! `make chaos`: the simulator and ingest run as separate processes (`batchline simulate`,
//! `batchline ingest`) against a Postgres cluster and a NATS server of their own, while ingest
//! is killed (SIGKILL) and NATS (SIGKILL) and Postgres (immediate shutdown, so crash recovery)
//! are restarted at random moments, one fault at a time. Then every sample id the simulators
//! had acknowledged by JetStream (`SIM_PUBLISHED_LOG`) is counted against the database: lost
//! (published, not stored) and doubled (stored more than once) must both be 0, and the report
//! rollups and batch summaries must agree with the raw rows (`db::ingest::check`).
//!
//! Two simulators publish: one in rate mode for the volume (`CHAOS_RATE` process samples a
//! second over four lines) and one running two whole lines at high speed (weighings, batches,
//! alarms, bins, ... so the rollups are exercised too).
//!
//! Each fault's recovery is timed from its start by what Postgres holds (the newest sample of
//! line L1, looked at every 50 ms): "storing again" when a sample made after the failed part was
//! back is stored, "caught up" when the newest stored sample is less than a second old. The
//! messages a killed ingest held come back after the 5 s ack wait; the final count proves they
//! all arrive. (The consumer's ack floor was the first measure; nats-server 2.9.10 loses acks
//! when it is killed, leaving acknowledged-looking gaps that stop the floor for good.)
//!
//! Settings (environment): `CHAOS_SAMPLES` (1,000,000), `CHAOS_INGEST_KILLS` (20),
//! `CHAOS_NATS_RESTARTS` (3), `CHAOS_PG_RESTARTS` (3), `CHAOS_RATE` (10,000), `CHAOS_SEED`
//! (random, printed), `CHAOS_DIR` (logs), `BATCHLINE_BIN`, `DATABASE_URL`, `NATS_URL`; the
//! services are crashed and started with `scripts/services.sh` (its `DATA_DIR` and ports come
//! from scripts/chaos.sh). Ends with `1 passed, 0 failed` or `0 passed, 1 failed`.

use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::Context;
use async_nats::jetstream;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use tokio::process::{Child, Command};

mod clients;
mod cluster;
mod count;
mod http;
mod watch;

use count::count;
use watch::{Latest, LatestStored, epoch_now, wait_look, watch, watch_stored};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Fault {
    IngestKill,
    NatsRestart,
    PgRestart,
}

impl Fault {
    fn name(self) -> &'static str {
        match self {
            Fault::IngestKill => "ingest killed",
            Fault::NatsRestart => "NATS restarted",
            Fault::PgRestart => "Postgres restarted",
        }
    }
}

struct Settings {
    samples: u64,
    kills: usize,
    nats_restarts: usize,
    pg_restarts: usize,
    rate: u64,
    seed: u64,
    bin: PathBuf,
    dir: PathBuf,
    database_url: String,
    nats_url: String,
}

fn env_or<T: std::str::FromStr>(name: &str, default: T) -> anyhow::Result<T> {
    match std::env::var(name) {
        Ok(v) => v
            .parse()
            .map_err(|_| anyhow::anyhow!("{name}={v:?} is not a valid value")),
        Err(_) => Ok(default),
    }
}

impl Settings {
    /// The settings of the environment; `CHAOS_RATE` is `default_rate` when unset.
    fn from_env(default_rate: u64) -> anyhow::Result<Settings> {
        let var = |name: &str| std::env::var(name).with_context(|| format!("{name} is not set"));
        Ok(Settings {
            samples: env_or("CHAOS_SAMPLES", 1_000_000)?,
            kills: env_or("CHAOS_INGEST_KILLS", 20)?,
            nats_restarts: env_or("CHAOS_NATS_RESTARTS", 3)?,
            pg_restarts: env_or("CHAOS_PG_RESTARTS", 3)?,
            rate: env_or("CHAOS_RATE", default_rate)?,
            seed: env_or("CHAOS_SEED", rand::rng().random())?,
            bin: env_or("BATCHLINE_BIN", PathBuf::from("target/debug/batchline"))?,
            dir: env_or("CHAOS_DIR", std::env::temp_dir().join("batchline-chaos"))?,
            database_url: var("DATABASE_URL")?,
            nats_url: var("NATS_URL")?,
        })
    }
}

fn log(s: &Settings, name: &str) -> anyhow::Result<Stdio> {
    let f = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(s.dir.join(format!("{name}.log")))?;
    Ok(Stdio::from(f))
}

/// `batchline <args>` on the chaos services, its output in `<name>.log`.
fn batchline(s: &Settings, name: &str, args: &[&str]) -> anyhow::Result<Command> {
    let mut c = Command::new(&s.bin);
    c.args(args)
        .env("DATABASE_URL", &s.database_url)
        .env("NATS_URL", &s.nats_url)
        .env("PLANT_STREAM_MAX_BYTES", (1u64 << 30).to_string())
        .env("RUST_LOG", "warn")
        .env_remove("METRICS_ADDR")
        .stdin(Stdio::null())
        .stdout(log(s, name)?)
        .stderr(log(s, name)?)
        .kill_on_drop(true);
    Ok(c)
}

fn spawn_ingest(s: &Settings) -> anyhow::Result<Child> {
    Ok(batchline(s, "ingest", &["ingest"])?.spawn()?)
}

fn spawn_simulator(s: &Settings, name: &str, args: &[&str]) -> anyhow::Result<Child> {
    let mut c = batchline(s, name, &[&["simulate"], args].concat())?;
    c.env("SIM_PUBLISHED_LOG", published_log(s));
    Ok(c.spawn()?)
}

fn published_log(s: &Settings) -> PathBuf {
    s.dir.join("published.ids")
}

/// `bash <script> <args>`, its output dropped; an error when it fails.
async fn script(script: &str, args: &[&str]) -> anyhow::Result<()> {
    let status = Command::new("bash")
        .arg(script)
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .status()
        .await?;
    anyhow::ensure!(status.success(), "{script} {args:?} failed");
    Ok(())
}

/// `scripts/services.sh <command>` (the chaos cluster's, by the environment).
async fn services(command: &str) -> anyhow::Result<()> {
    script("scripts/services.sh", &[command]).await
}

/// Stops the simulators, then waits until ingest has taken everything from the stream (what a
/// killed ingest held comes back after the ack wait).
async fn drain(sims: &mut [Child], latest: &Latest) -> anyhow::Result<watch::Seen> {
    for sim in sims.iter_mut() {
        terminate(sim).await?;
    }
    let stopped = Instant::now();
    wait_look(
        latest,
        stopped,
        Duration::from_secs(600),
        "ingest drained",
        |s| s.pending == 0,
    )
    .await
}

/// `  recovery after <what>: median …, max … (n faults)`, when there are any.
fn print_recovery(what: &str, mut seconds: Vec<f64>) {
    if seconds.is_empty() {
        return;
    }
    seconds.sort_by(f64::total_cmp);
    println!(
        "  recovery after {what}: median {:.2} s, max {:.2} s ({} faults)",
        seconds[seconds.len() / 2],
        seconds[seconds.len() - 1],
        seconds.len()
    );
}

async fn terminate(child: &mut Child) -> anyhow::Result<()> {
    if let Some(pid) = child.id() {
        Command::new("kill")
            .args(["-TERM", &pid.to_string()])
            .status()
            .await?;
    }
    match tokio::time::timeout(Duration::from_secs(30), child.wait()).await {
        Ok(status) => {
            status?;
        }
        Err(_) => {
            child.kill().await?;
        }
    }
    Ok(())
}

/// Ids in the published log (one per line of 36 characters and a newline).
fn published(path: &Path) -> u64 {
    std::fs::metadata(path).map(|m| m.len() / 37).unwrap_or(0)
}

/// After a run stopped on an error: each process log's last warning or error (one line,
/// shortened), so a failure far away (CI) says where to look.
fn last_complaints(cluster: bool) {
    let mut dirs = vec![
        std::env::var_os("CHAOS_DIR")
            .map(PathBuf::from)
            .unwrap_or_else(|| std::env::temp_dir().join("batchline-chaos")),
    ];
    if cluster && let Some(d) = std::env::var_os("CLUSTER_DIR") {
        dirs.push(PathBuf::from(d).join("logs"));
    }
    for dir in dirs {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        let mut logs: Vec<PathBuf> = entries
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "log"))
            .collect();
        logs.sort();
        for log in logs {
            let text = std::fs::read(&log).unwrap_or_default();
            let text = String::from_utf8_lossy(&text);
            let complaint = text.lines().rev().find(|l| {
                [
                    "WARN", "ERROR", "FATAL", "panicked", "[ERR]", "[WRN]", "error:",
                ]
                .iter()
                .any(|w| l.contains(w))
            });
            if let Some(line) = complaint {
                let line: String = strip_ansi(line).chars().take(220).collect();
                let name = log.file_name().unwrap_or_default().to_string_lossy();
                println!("  {name}: {line}");
            }
        }
    }
}

/// The text without its terminal colour codes.
fn strip_ansi(line: &str) -> String {
    let mut out = String::with_capacity(line.len());
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        if c == '\u{1b}' {
            for c in chars.by_ref() {
                if c.is_ascii_alphabetic() {
                    break;
                }
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// Either run ends with `1 passed, 0 failed` or `0 passed, 1 failed`; a run that stops on an
/// error (a process that did not come back, a wait that timed out) says why and counts as
/// failed, so the summary of `make test` names it.
#[tokio::main]
async fn main() {
    let cluster = std::env::args().nth(1).as_deref() == Some("--cluster");
    let outcome = if cluster {
        run_cluster().await
    } else {
        run_single().await
    };
    match outcome {
        Ok(true) => println!("1 passed, 0 failed"),
        Ok(false) => {
            println!("0 passed, 1 failed");
            std::process::exit(1)
        }
        Err(e) => {
            last_complaints(cluster);
            println!(
                "chaos{}: stopped: {e:#}",
                if cluster { "-cluster" } else { "" }
            );
            println!("0 passed, 1 failed");
            std::process::exit(1)
        }
    }
}

async fn run_cluster() -> anyhow::Result<bool> {
    // 2,000 samples a second by default: thirteen processes share the machine.
    let settings = Settings::from_env(2_000)?;
    std::fs::create_dir_all(&settings.dir)?;
    let _ = std::fs::remove_file(published_log(&settings));
    cluster::run(&settings).await
}

async fn run_single() -> anyhow::Result<bool> {
    let settings = Settings::from_env(10_000)?;
    std::fs::create_dir_all(&settings.dir)?;
    let _ = std::fs::remove_file(published_log(&settings));
    let started = Instant::now();
    let faults_total = settings.kills + settings.nats_restarts + settings.pg_restarts;
    println!(
        "chaos: {} samples at {}/s (rate simulator, 4 lines) plus 2 simulated lines at 50× speed; \
         {} ingest kills, {} NATS restarts, {} Postgres restarts; seed {}",
        settings.samples,
        settings.rate,
        settings.kills,
        settings.nats_restarts,
        settings.pg_restarts,
        settings.seed
    );
    let status = Command::new(&settings.bin)
        .arg("migrate")
        .env("DATABASE_URL", &settings.database_url)
        .env("RUST_LOG", "warn")
        .status()
        .await?;
    anyhow::ensure!(status.success(), "batchline migrate failed");

    let s = &settings;
    let mut ingest = spawn_ingest(s)?;
    let rate = s.rate.to_string();
    let mut sims = vec![
        spawn_simulator(s, "sim-rate", &["--rate", &rate, "--lines", "4"])?,
        spawn_simulator(s, "sim-lines", &["--lines", "2", "--speed", "50"])?,
    ];

    let nats = async_nats::ConnectOptions::new()
        .retry_on_initial_connect()
        .connect(&s.nats_url)
        .await?;
    let latest: Latest = Arc::default();
    let watcher = tokio::spawn(watch(jetstream::new(nats), latest.clone()));
    let stored: LatestStored = Arc::default();
    let stored_watcher = tokio::spawn(watch_stored(s.database_url.clone(), stored.clone()));

    let mut rng = rand::rngs::StdRng::seed_from_u64(s.seed);
    let mut faults: Vec<Fault> = std::iter::repeat_n(Fault::IngestKill, s.kills)
        .chain(std::iter::repeat_n(Fault::NatsRestart, s.nats_restarts))
        .chain(std::iter::repeat_n(Fault::PgRestart, s.pg_restarts))
        .collect();
    faults.shuffle(&mut rng);
    // Faults spread over the time the samples take, at random moments.
    let run_s = s.samples as f64 / s.rate as f64;
    let mean_gap = run_s / (faults_total + 1) as f64;
    wait_look(
        &stored,
        started,
        Duration::from_secs(60),
        "ingest storing",
        |_| true,
    )
    .await?;

    let mut recoveries: Vec<(Fault, Duration, Duration)> = Vec::new();
    for (i, fault) in faults.iter().enumerate() {
        tokio::time::sleep(Duration::from_secs_f64(
            mean_gap * rng.random_range(0.2..1.8),
        ))
        .await;
        let t0 = Instant::now();
        match fault {
            Fault::IngestKill => {
                ingest.kill().await?;
                ingest = spawn_ingest(s)?;
            }
            Fault::NatsRestart => {
                services("kill-nats").await?;
                services("start-nats").await?;
            }
            Fault::PgRestart => {
                services("crash-pg").await?;
                services("start-pg").await?;
            }
        }
        let back_at = Instant::now();
        let back_wall = epoch_now();
        // Flowing again: a sample made after the failed part was back is stored. Caught up:
        // the newest stored sample is less than a second old again.
        let resumed = wait_look(
            &stored,
            back_at,
            Duration::from_secs(300),
            fault.name(),
            |x| x.newest > back_wall,
        )
        .await?;
        let caught_up = wait_look(
            &stored,
            resumed.at,
            Duration::from_secs(300),
            fault.name(),
            |x| x.wall - x.newest < 1.0,
        )
        .await?;
        let recovered = caught_up.at - t0;
        println!(
            "  fault {:>2}/{faults_total} {:<20} down {:>5.2} s, storing again {:>5.2} s, caught up (newest stored < 1 s old) {:>5.2} s after the fault",
            i + 1,
            fault.name(),
            (back_at - t0).as_secs_f64(),
            (resumed.at - t0).as_secs_f64(),
            recovered.as_secs_f64()
        );
        recoveries.push((*fault, back_at - t0, recovered));
    }

    // Enough samples published: stop the simulators, then wait until ingest stored everything.
    let deadline = Instant::now() + Duration::from_secs((run_s * 3.0) as u64 + 120);
    while published(&published_log(s)) < s.samples {
        anyhow::ensure!(
            Instant::now() < deadline,
            "the simulators published only {} samples",
            published(&published_log(s))
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let delivered = drain(&mut sims, &latest).await?;
    stored_watcher.abort();
    let ok = count(s).await?;
    if let Some(now) = *latest.lock().expect("lock")
        && (now.ack_pending > 0 || now.messages > 0)
    {
        println!(
            "  NATS: the consumer still counts {} messages as unacknowledged and the stream keeps {} \
             (acks lost when nats-server was killed; a message is acked only after its samples \
             are committed, and none is missing above)",
            now.ack_pending, now.messages
        );
    }
    terminate(&mut ingest).await?;
    watcher.abort();
    println!(
        "  {} messages went through the stream; the run took {:.0} s",
        delivered.last_sequence,
        started.elapsed().as_secs_f64()
    );
    for (fault, name) in [
        (Fault::IngestKill, "ingest kill"),
        (Fault::NatsRestart, "NATS restart"),
        (Fault::PgRestart, "Postgres restart"),
    ] {
        let r = recoveries
            .iter()
            .filter(|(f, ..)| *f == fault)
            .map(|(_, _, r)| r.as_secs_f64())
            .collect();
        print_recovery(&format!("a {name}"), r);
    }
    Ok(ok)
}
