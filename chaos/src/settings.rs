//! A chaos run's settings, from the environment.

use std::path::PathBuf;

use anyhow::Context;
use rand::Rng;

/// What a run does and where (see the runs' settings in `single.rs` and `cluster.rs`).
pub struct Settings {
    pub samples: u64,
    pub kills: usize,
    pub nats_restarts: usize,
    pub pg_restarts: usize,
    pub rate: u64,
    pub seed: u64,
    pub bin: PathBuf,
    pub dir: PathBuf,
    pub database_url: String,
    pub nats_url: String,
}

pub fn env_or<T: std::str::FromStr>(name: &str, default: T) -> anyhow::Result<T> {
    match std::env::var(name) {
        Ok(v) => v
            .parse()
            .map_err(|_| anyhow::anyhow!("{name}={v:?} is not a valid value")),
        Err(_) => Ok(default),
    }
}

impl Settings {
    /// The settings of the environment; `CHAOS_RATE` is `default_rate` when unset.
    pub fn from_env(default_rate: u64) -> anyhow::Result<Settings> {
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
