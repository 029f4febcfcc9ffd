//! The processes a chaos run starts and stops: `batchline` commands with their logs, the
//! services' and the cluster's scripts, and the published-ids log the simulators keep.

use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::{Duration, Instant};

use tokio::process::{Child, Command};

use crate::settings::Settings;
use crate::watch::{self, Latest, wait_look};

/// The log file `<name>.log` in the run's folder, appended to.
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

pub fn spawn_ingest(s: &Settings) -> anyhow::Result<Child> {
    Ok(batchline(s, "ingest", &["ingest"])?.spawn()?)
}

pub fn spawn_simulator(s: &Settings, name: &str, args: &[&str]) -> anyhow::Result<Child> {
    let mut c = batchline(s, name, &[&["simulate"], args].concat())?;
    c.env("SIM_PUBLISHED_LOG", published_log(s));
    Ok(c.spawn()?)
}

pub fn published_log(s: &Settings) -> PathBuf {
    s.dir.join("published.ids")
}

/// `bash <script> <args>`, its output dropped; an error when it fails.
pub async fn script(script: &str, args: &[&str]) -> anyhow::Result<()> {
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
pub async fn services(command: &str) -> anyhow::Result<()> {
    script("scripts/services.sh", &[command]).await
}

/// Stops the simulators, then waits until ingest has taken everything from the stream (what a
/// killed ingest held comes back after the ack wait).
pub async fn drain(sims: &mut [Child], latest: &Latest) -> anyhow::Result<watch::Seen> {
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

pub async fn terminate(child: &mut Child) -> anyhow::Result<()> {
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
pub fn published(path: &Path) -> u64 {
    std::fs::metadata(path).map(|m| m.len() / 37).unwrap_or(0)
}
