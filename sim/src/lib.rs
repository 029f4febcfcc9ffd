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
    /// Number of lines, named `L1`, `L2`, … when `configured` is empty.
    pub lines: usize,
    /// The lines to run (the configured lines); empty: `lines` generated ones.
    pub configured: Vec<SimLine>,
    /// Simulated seconds per real second.
    pub speed: f64,
    /// Rate mode: this many process samples a second across the lines instead of the plant.
    pub rate: Option<u32>,
    pub seed: u64,
    /// Most samples grouped in one message in rate mode.
    pub samples_per_message: usize,
    /// The released recipes of the configured lines (empty: the simulator's own recipes).
    pub book: recipes::RecipeBook,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            lines: 3,
            configured: Vec::new(),
            speed: 1.0,
            rate: None,
            seed: 42,
            samples_per_message: 50,
            book: Default::default(),
        }
    }
}

pub fn line_ids(n: usize) -> Vec<String> {
    (1..=n).map(|i| format!("L{i}")).collect()
}

/// A simulated line: the id its data carries, and the code its batch numbers start with.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SimLine {
    pub id: String,
    pub code: String,
}

impl Config {
    /// The lines to simulate: the configured ones, else `L1..=Ln` for `lines` (at least one),
    /// whose code is their id.
    pub fn sim_lines(&self) -> Vec<SimLine> {
        if self.configured.is_empty() {
            line_ids(self.lines.max(1))
                .into_iter()
                .map(|id| SimLine {
                    code: id.clone(),
                    id,
                })
                .collect()
        } else {
            self.configured.clone()
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
    let lines = config.sim_lines();
    match config.rate {
        Some(rate) => {
            tasks.spawn(rate_mode(js, config.clone(), rate));
        }
        None => {
            for (i, l) in lines.iter().cloned().enumerate() {
                let line = line::Line::new(
                    l,
                    config.seed.wrapping_add(i as u64),
                    config.speed,
                    Publisher::new(js.clone(), 64),
                    config.book.clone(),
                );
                tasks.spawn(line.run());
            }
        }
    }
    let codes: Vec<&str> = lines.iter().map(|l| l.code.as_str()).collect();
    tracing::info!(lines = ?codes, speed = config.speed, rate = ?config.rate, "simulator running");
    shutdown.await;
    tasks.shutdown().await;
    Ok(())
}

/// `rate` process samples a second, spread over the lines, grouped per line every 10 ms.
/// Each sample's time is its publish time, so a receiver can measure end-to-end latency.
async fn rate_mode(js: async_nats::jetstream::Context, config: Config, rate: u32) {
    let lines: Vec<String> = config.sim_lines().into_iter().map(|l| l.id).collect();
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
        let ids = |c: &Config| -> Vec<String> { c.sim_lines().into_iter().map(|l| l.id).collect() };
        let generated = Config {
            lines: 2,
            ..Default::default()
        };
        assert_eq!(ids(&generated), ["L1", "L2"]);
        assert_eq!(generated.sim_lines()[1].code, "L2");
        let line = |id: &str, code: &str| SimLine {
            id: id.into(),
            code: code.into(),
        };
        let configured = Config {
            lines: 5,
            configured: vec![
                line("0194c1d2-7a3b-7c00-8000-00000000000a", "PL1"),
                line("0194c1d2-7a3b-7c00-8000-00000000000b", "ML2"),
            ],
            ..Default::default()
        };
        assert_eq!(configured.sim_lines(), configured.configured);
        let none = Config {
            lines: 0,
            ..Default::default()
        };
        assert_eq!(ids(&none), ["L1"]);
    }
}
