//! The plant simulator: a believable feed mill per line (see [`line`]), or, in rate mode, a
//! steady stream of N process samples per second for benchmarks. Publishes to JetStream with
//! `Nats-Msg-Id` and a bounded window of acknowledgements in flight.

pub mod line;
pub mod publish;
pub mod recipes;

use std::future::Future;
use std::time::{Duration, Instant};

use chrono::Utc;
use model::wire::{Envelope, ProcessSample};
use uuid::Uuid;

pub use publish::Publisher;

#[derive(Debug, Clone)]
pub struct Config {
    /// Number of lines, named `L1`, `L2`, … when `line_ids` is empty.
    pub lines: usize,
    /// The ids of the lines to run (the configured lines); empty: `lines` generated ids.
    pub line_ids: Vec<String>,
    /// Simulated seconds per real second.
    pub speed: f64,
    /// Rate mode: this many process samples a second across the lines instead of the plant.
    pub rate: Option<u32>,
    pub seed: u64,
    /// Most samples grouped in one message in rate mode.
    pub samples_per_message: usize,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            lines: 3,
            line_ids: Vec::new(),
            speed: 1.0,
            rate: None,
            seed: 42,
            samples_per_message: 50,
        }
    }
}

pub fn line_ids(n: usize) -> Vec<String> {
    (1..=n).map(|i| format!("L{i}")).collect()
}

impl Config {
    /// The ids of the lines to simulate: the given ones, else `L1..=Ln` for `lines` (at least
    /// one).
    pub fn line_ids(&self) -> Vec<String> {
        if self.line_ids.is_empty() {
            line_ids(self.lines.max(1))
        } else {
            self.line_ids.clone()
        }
    }
}

/// Runs until `shutdown` resolves. Until the stream `PLANT` exists (ingest creates it),
/// publishes are retried, so nothing is lost.
pub async fn run(
    js: async_nats::jetstream::Context,
    config: Config,
    shutdown: impl Future<Output = ()> + Send,
) -> anyhow::Result<()> {
    let mut tasks = tokio::task::JoinSet::new();
    let lines = config.line_ids();
    match config.rate {
        Some(rate) => {
            tasks.spawn(rate_mode(js, config.clone(), rate));
        }
        None => {
            for (i, id) in lines.iter().cloned().enumerate() {
                let line = line::Line::new(
                    id,
                    config.seed.wrapping_add(i as u64),
                    config.speed,
                    Publisher::new(js.clone(), 64),
                );
                tasks.spawn(line.run());
            }
        }
    }
    tracing::info!(lines = ?lines, speed = config.speed, rate = ?config.rate, "simulator running");
    shutdown.await;
    tasks.shutdown().await;
    Ok(())
}

/// `rate` process samples a second, spread over the lines, grouped per line every 10 ms.
/// Each sample's time is its publish time, so a receiver can measure end-to-end latency.
async fn rate_mode(js: async_nats::jetstream::Context, config: Config, rate: u32) {
    let lines = config.line_ids();
    let mut out = Publisher::new(js, 1024);
    let started = Instant::now();
    let mut sent: u64 = 0;
    let mut tick = tokio::time::interval(Duration::from_millis(10));
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Skip);
    let mut value = 0.0f64;
    loop {
        tick.tick().await;
        let due = (started.elapsed().as_secs_f64() * rate as f64) as u64;
        while sent < due {
            let n = ((due - sent) as usize).min(config.samples_per_message * lines.len());
            let per_line = n.div_ceil(lines.len()).min(config.samples_per_message);
            let mut left = n;
            for line in &lines {
                if left == 0 {
                    break;
                }
                let k = per_line.min(left);
                left -= k;
                let samples = (0..k)
                    .map(|_| {
                        value += 1.0;
                        ProcessSample {
                            id: Uuid::now_v7(),
                            time: Utc::now(),
                            batch_id: None,
                            parameter_code: "BENCH".into(),
                            value,
                        }
                    })
                    .collect();
                out.send(&Envelope::new(line, samples)).await;
            }
            sent += n as u64;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn configured_lines_are_simulated_else_generated_ones() {
        let generated = Config {
            lines: 2,
            ..Default::default()
        };
        assert_eq!(generated.line_ids(), ["L1", "L2"]);
        let configured = Config {
            lines: 5,
            line_ids: vec![
                "0194c1d2-7a3b-7c00-8000-00000000000a".into(),
                "0194c1d2-7a3b-7c00-8000-00000000000b".into(),
            ],
            ..Default::default()
        };
        assert_eq!(
            configured.line_ids(),
            [
                "0194c1d2-7a3b-7c00-8000-00000000000a",
                "0194c1d2-7a3b-7c00-8000-00000000000b"
            ]
        );
        let none = Config {
            lines: 0,
            ..Default::default()
        };
        assert_eq!(none.line_ids(), ["L1"]);
    }
}
