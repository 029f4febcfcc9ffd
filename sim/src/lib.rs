//! The plant simulator: a believable feed mill per line (see [`line`]), or, in rate mode, a
//! steady stream of N process samples per second for benchmarks. Publishes to JetStream with
//! `Nats-Msg-Id` and a bounded window of acknowledgements in flight. And [`history`]: the same
//! plant's past, generated without a clock for `batchline backfill` (the one generator of plant
//! data).

pub mod alarms;
pub mod bins;
pub mod board;
pub mod history;
pub mod line;
pub mod opcua;
pub mod plc;
pub mod recipes;

use std::future::Future;
use std::sync::Arc;
use std::time::{Duration, Instant};

use futures::future::BoxFuture;

use chrono::Utc;
use model::wire::{Envelope, ProcessSample};
use uuid::Uuid;

pub use bus::Publisher;

/// Where a simulated line's data goes: straight to the bus, or to its controller's OPC UA
/// server (the batching interface and the line's values), for a connector to take.
pub enum Sink {
    Nats(Box<Publisher>),
    Opcua(Arc<plc::Plc>),
}

impl Sink {
    pub async fn send<T: model::wire::Sample>(&mut self, e: &Envelope<T>) {
        match self {
            Sink::Nats(p) => p.send(e).await,
            Sink::Opcua(plc) => plc.send(&e.samples),
        }
    }

    pub async fn flush(&mut self) {
        if let Sink::Nats(p) = self {
            p.flush().await;
        }
    }
}

/// The plant's OPC UA server, when the simulator plays controllers that a connector reaches
/// over OPC UA (`batchline simulate --opcua PORT`, `DEMO_PLANT=opcua`).
#[derive(Clone)]
pub struct OpcuaPlant(pub Arc<opcua::PlantServer>);

impl std::fmt::Debug for OpcuaPlant {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "OpcuaPlant({})", self.0.endpoint())
    }
}

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
    /// Take orders from the order board: configured lines run their orders (idle without),
    /// and a line that appears on the board later gets a controller too. Generated lines
    /// (`L1..Ln`) always run the simulator's own recipes.
    pub board: bool,
    /// Out-of-tolerance doses and stops now and then; off for tests that check exact weights.
    pub upsets: bool,
    /// Reads the configured bins of a line that appears on the board after the start.
    pub bins_of: Option<BinsOf>,
    /// The plant's intake: the lot of each refill.
    pub intake: Option<Intake>,
    /// Play each line's controller on this OPC UA server instead of publishing to the bus:
    /// the line's folder is its code; with `board`, its orders come through the interface's
    /// order nodes (a connector's), not from the board.
    pub opcua: Option<OpcuaPlant>,
}

/// Chooses the lot a refill of a line's bin takes, `(line id, material code, kg)` → lot
/// number: the plant's intake (the demo receives lots as it needs them); none: a refill of no
/// known lot.
#[derive(Clone)]
pub struct Intake(
    pub Arc<dyn Fn(String, String, f64) -> BoxFuture<'static, Option<String>> + Send + Sync>,
);

impl std::fmt::Debug for Intake {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Intake")
    }
}

/// Reads a line's configured bins, each with its last reported level: a line configured while
/// the simulator runs keeps its bins within their capacity from its first dose.
#[derive(Clone)]
pub struct BinsOf(pub Arc<dyn Fn(String) -> BoxFuture<'static, Vec<bins::BinStart>> + Send + Sync>);

impl std::fmt::Debug for BinsOf {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("BinsOf")
    }
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
            board: false,
            upsets: true,
            bins_of: None,
            intake: None,
            opcua: None,
        }
    }
}

pub fn line_ids(n: usize) -> Vec<String> {
    (1..=n).map(|i| format!("L{i}")).collect()
}

/// A simulated line: the id its data carries, the code its batch numbers start with, and its
/// configured bins with the level each last reported (empty for a generated line).
#[derive(Debug, Clone, PartialEq)]
pub struct SimLine {
    pub id: String,
    pub code: String,
    pub bins: Vec<bins::BinStart>,
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
                    bins: Vec::new(),
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
    // New lines seen on the board, to be given a controller.
    let (new_tx, mut new_rx) = tokio::sync::mpsc::unbounded_channel();
    // Each line hears the fills of its bins made at the intake (the bus's bin movements).
    let fills = Fills::default();
    if config.rate.is_none() {
        tasks.spawn(fills.clone().dispatch(js.client()));
    }
    let controller = |l: SimLine, i: usize, source: line::Source, out: Sink| {
        // Over OPC UA the line's own fills come back under the connector's record ids: a line
        // played there does not listen (a fill at the intake reaches the database only).
        let heard = config.opcua.is_none().then(|| fills.subscribe(&l.id));
        line::Line::new(
            l,
            config.seed.wrapping_add(i as u64),
            config.speed,
            out,
            source,
            config.upsets,
        )
        .with_intake(config.intake.clone(), heard)
        .run()
    };
    let nats = || Sink::Nats(Box::new(Publisher::new(js.clone(), 64)));
    // The lines played, whose controllers apply the acknowledgements made in Batchline.
    let played: alarms::Played = Arc::new(std::sync::Mutex::new(
        lines.iter().map(|l| l.id.clone()).collect(),
    ));
    if config.rate.is_none() && config.opcua.is_none() {
        tasks.spawn(alarms::apply_acks(js.clone(), played.clone()));
    }
    match config.rate {
        Some(rate) => {
            tasks.spawn(rate_mode(js.clone(), config.clone(), rate));
        }
        None => {
            let mut board = board::Lines::new(move |id, code, rx| {
                let _ = new_tx.send((
                    SimLine {
                        id,
                        code,
                        bins: Vec::new(),
                    },
                    rx,
                ));
            });
            // A new epoch per run: the controllers' sequences start again.
            let epoch = Utc::now().timestamp() as u32;
            for (i, l) in lines.iter().cloned().enumerate() {
                let (source, out) = match &config.opcua {
                    Some(OpcuaPlant(server)) => {
                        let (orders, rx) = tokio::sync::watch::channel(board::Orders::new());
                        let plc =
                            plc::Plc::start(server.clone(), &l.code, &l.id, &l.code, epoch, orders);
                        let source = if config.board {
                            line::Source::Orders(rx)
                        } else {
                            line::Source::Builtin(recipes::builtin())
                        };
                        (source, Sink::Opcua(Arc::new(plc)))
                    }
                    None if config.board && !config.configured.is_empty() => {
                        (line::Source::Orders(board.subscribe(&l.id)), nats())
                    }
                    None => (line::Source::Builtin(recipes::builtin()), nats()),
                };
                tasks.spawn(controller(l, i, source, out));
            }
            if config.board && config.opcua.is_none() {
                tasks.spawn(board::watch(js.clone(), board));
            }
        }
    }
    let codes: Vec<&str> = lines.iter().map(|l| l.code.as_str()).collect();
    tracing::info!(lines = ?codes, speed = config.speed, rate = ?config.rate, board = config.board, "simulator running");
    let mut shutdown = std::pin::pin!(shutdown);
    let mut n = lines.len();
    loop {
        tokio::select! {
            Some((mut l, rx)) = new_rx.recv() => {
                tracing::info!(line = l.code, "a new line on the order board");
                if let Ok(mut p) = played.lock() {
                    p.insert(l.id.clone());
                }
                if let Some(BinsOf(read)) = &config.bins_of {
                    l.bins = read(l.id.clone()).await;
                }
                tasks.spawn(controller(l, n, line::Source::Orders(rx), nats()));
                n += 1;
            }
            _ = &mut shutdown => break,
        }
    }
    tasks.shutdown().await;
    Ok(())
}

/// The lines' channels for the bin movements heard on the bus, by line id.
#[derive(Clone, Default)]
struct Fills(
    Arc<
        std::sync::Mutex<
            std::collections::HashMap<
                String,
                tokio::sync::mpsc::UnboundedSender<model::wire::BinMovement>,
            >,
        >,
    >,
);

impl Fills {
    fn subscribe(
        &self,
        line: &str,
    ) -> tokio::sync::mpsc::UnboundedReceiver<model::wire::BinMovement> {
        let (tx, rx) = tokio::sync::mpsc::unbounded_channel();
        if let Ok(mut lines) = self.0.lock() {
            lines.insert(line.to_string(), tx);
        }
        rx
    }

    /// Hands each FILL heard on the bus to its line, until the connection ends.
    async fn dispatch(self, client: async_nats::Client) {
        use futures::StreamExt;
        let heard = match bus::plant::listen_bins(&client).await {
            Ok(h) => h,
            Err(e) => return tracing::warn!("cannot hear the bins' fills: {e:#}"),
        };
        let mut heard = std::pin::pin!(heard);
        while let Some(e) = heard.next().await {
            let Ok(lines) = self.0.lock() else { return };
            if let Some(tx) = lines.get(&e.line_id) {
                for m in e.samples {
                    if m.kind == model::wire::BinMovementKind::Fill {
                        let _ = tx.send(m);
                    }
                }
            }
        }
    }
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
            bins: Vec::new(),
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
