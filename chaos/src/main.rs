//! `batchline-chaos`: the fault runs. Without arguments (`make chaos`, `single.rs`) ingest is
//! killed and NATS and Postgres restarted under simulator load on one machine's services; with
//! `--cluster` (`make chaos-cluster`, `cluster.rs`) the parts of `scripts/cluster.sh`'s cluster
//! are killed, the Postgres primary among them. Both count every acknowledged sample against
//! the database (`count.rs`): lost and doubled must be 0.

use crate::procs::published_log;
use crate::settings::Settings;

mod clients;
mod cluster;
mod count;
mod http;
mod procs;
mod report;
mod settings;
mod single;
mod watch;

/// Either run ends with `1 passed, 0 failed` or `0 passed, 1 failed`; a run that stops on an
/// error (a process that did not come back, a wait that timed out) says why, after where its
/// processes last complained, and counts as failed, so the summary of `make test` names it.
#[tokio::main]
async fn main() {
    let cluster = std::env::args().nth(1).as_deref() == Some("--cluster");
    let name = if cluster { "chaos-cluster" } else { "chaos" };
    // The cluster's default is 2,000 samples a second: thirteen processes share the machine.
    let outcome = match Settings::from_env(if cluster { 2_000 } else { 10_000 }) {
        Err(e) => Err(e),
        Ok(settings) => match run(&settings, cluster).await {
            Err(e) => {
                let mut logs = vec![settings.dir.clone()];
                if cluster {
                    logs.extend(cluster::logs());
                }
                report::last_complaints(&logs);
                Err(e)
            }
            counted => counted,
        },
    };
    match outcome {
        Ok(true) => println!("1 passed, 0 failed"),
        Ok(false) => {
            println!("0 passed, 1 failed");
            std::process::exit(1)
        }
        Err(e) => {
            println!("{name}: stopped: {e:#}");
            println!("0 passed, 1 failed");
            std::process::exit(1)
        }
    }
}

async fn run(settings: &Settings, cluster: bool) -> anyhow::Result<bool> {
    std::fs::create_dir_all(&settings.dir)?;
    let _ = std::fs::remove_file(published_log(settings));
    if cluster {
        cluster::run(settings).await
    } else {
        single::run(settings).await
    }
}
