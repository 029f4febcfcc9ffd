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

use std::sync::Arc;
use std::time::{Duration, Instant};

use async_nats::jetstream;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use tokio::process::Command;

use crate::count::count;
use crate::procs::{
    drain, published, published_log, services, spawn_ingest, spawn_simulator, terminate,
};
use crate::report::print_recovery;
use crate::settings::Settings;
use crate::watch::{Latest, LatestStored, epoch_now, wait_look, watch, watch_stored};

/// One fault of the run.
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

/// The run on the services of `settings`: true when nothing was lost or doubled and the
/// rollups agree.
pub async fn run(settings: &Settings) -> anyhow::Result<bool> {
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

    let s = settings;
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
