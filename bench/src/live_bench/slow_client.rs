//! Figure 3, the slow client: one client that subscribes and then never reads, next to the
//! fan-out clients at 10 updates/s, with a topic of its own fed hard. Its queue is bounded by
//! stream/src/client.rs (entries coalesce per key, diagnostic samples are capped, and a write
//! stuck longer than `slow_after` or a full queue drops the client); the evidence printed: when
//! the server dropped it, `stream_clients_dropped_total`, this process's RSS every second before,
//! while and after, what waited in its socket, and the other clients' p99 in the same phases.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};
use std::time::{Duration, Instant};

use model::wire::{Envelope, Message};
use testkit::samples;
use tokio::task::JoinHandle;

use super::Setup;
use super::clients::ClientProcess;
use super::fanout::{Updates, median, wait_until, window_limit};
use super::fanout_wire::{Command, Report, rss_kb};

/// 25,000 process samples a second, about 3.5 MB/s of frames: ten seconds of it held by an
/// unbounded queue would stand well above the RSS noise of 10,000 connections.
const SAMPLES_PER_MESSAGE: usize = 500;
const MESSAGES_PER_SECOND: u64 = 50;
const CODES: [&str; 5] = [
    "MIXER_POWER_KW",
    "MIXER_TEMP_C",
    "CONDITIONER_TEMP_C",
    "STEAM_BAR",
    "PRESS_AMPS",
];

pub async fn run(
    s: &Setup,
    live: &stream::Stream,
    clients: &mut ClientProcess,
    window: Duration,
) -> anyhow::Result<()> {
    let slow_after = live.config.hub.slow_after;
    // Line L2's diagnostics.
    let line = s.lines[1].clone();
    let topic = format!("line:{line}:diagnostics");
    let others = live.hub.subscribers("lines");
    println!(
        "    slow client: subscribes to `lines` and L2's diagnostics next to the {others} clients, then never reads. Those get {} samples/s \
         straight into the hub (not through NATS and ingest, whose CPU would blur the comparison); hub queue_limit {}, slow_after {} s",
        SAMPLES_PER_MESSAGE as u64 * MESSAGES_PER_SECOND,
        live.config.hub.queue_limit,
        slow_after.as_secs_f64()
    );
    let ms = window.as_millis() as u64;
    let updates = Updates::start(s.nats.clone(), s.lines[0].clone(), "BENCH-SLOW".into());
    let fed = Arc::new(AtomicU64::new(0));
    let feed = tokio::spawn(feed(live.hub.clone(), line, fed.clone()));
    clients
        .call(Command::Window { ms: 1_000 }, window_limit(window))
        .await?;
    let monitor = Monitor::start(live.hub.clone(), topic.clone(), fed.clone());
    let before = clients
        .call(Command::Window { ms }, window_limit(window))
        .await?;
    let (dropped0, clients0) = (dropped_total(), live.hub.clients());
    let topics = vec!["lines".to_string(), topic.clone()];
    clients
        .call(Command::Slow { topics }, Duration::from_secs(30))
        .await?;
    wait_until(
        "the slow client's subscription",
        Duration::from_secs(30),
        || live.hub.subscribers(&topic) == 1,
    )
    .await?;
    let t0 = Instant::now();
    // Windows until the server has dropped it, then one more.
    let mut during = Vec::new();
    while live.hub.subscribers(&topic) > 0 && t0.elapsed() < slow_after + Duration::from_secs(60) {
        during.push(
            clients
                .call(Command::Window { ms }, window_limit(window))
                .await?,
        );
    }
    let after = clients
        .call(Command::Window { ms }, window_limit(window))
        .await?;
    let trace = monitor.stop().await?;
    feed.abort();
    updates.stop().await?;
    let drained = clients
        .call(Command::Drain { ms: 10_000 }, Duration::from_secs(30))
        .await?;
    print(&Evidence {
        before,
        during,
        after,
        trace,
        dropped: dropped_total() - dropped0,
        clients0,
        clients1: live.hub.clients(),
        drained,
    });
    Ok(())
}

struct Evidence {
    before: Report,
    during: Vec<Report>,
    after: Report,
    trace: Trace,
    dropped: f64,
    clients0: u64,
    clients1: u64,
    drained: Report,
}

fn print(e: &Evidence) {
    let t = &e.trace;
    let mb = |kb: u64| kb as f64 / 1024.0;
    let (Some(sub), end) = (t.subscribed_at, t.dropped_at.unwrap_or(f64::INFINITY)) else {
        return println!("    the slow client never subscribed");
    };
    match t.dropped_at {
        Some(at) => println!(
            "    dropped by the server {:.1} s after it subscribed (once the socket's buffers were full its write stuck, and stream drops a \
             write stuck longer than slow_after); stream_clients_dropped_total +{}; hub clients {} → {}",
            at - sub,
            e.dropped,
            e.clients0 + 1,
            e.clients1
        ),
        None => println!("    NOT dropped by the server while it was watched"),
    }
    let phase = |from: f64, to: f64| -> Vec<u64> {
        t.rss
            .iter()
            .filter(|(at, _)| (from..to).contains(at))
            .map(|r| r.1)
            .collect()
    };
    let (before, while_on, after) = (phase(0.0, sub), phase(sub, end), phase(end, f64::INFINITY));
    let show = |v: &[u64]| {
        v.iter()
            .map(|kb| format!("{:.0}", mb(*kb)))
            .collect::<Vec<_>>()
            .join(" ")
    };
    println!(
        "    server RSS every second, MB: before {} | while it was connected {} | after {}",
        show(&before),
        show(&while_on),
        show(&after)
    );
    let base = before.last().copied().unwrap_or_default();
    let peak = while_on.iter().chain(&after).max().copied().unwrap_or(base);
    let noise = before.iter().max().unwrap_or(&0) - before.iter().min().unwrap_or(&0);
    println!(
        "    RSS peak {:+.1} MB over the last value before it subscribed (before it the RSS moved by {:.1} MB), while {:.1} MB of frames \
         for its topic came in during the {:.1} s it was connected: an unbounded queue would hold them",
        mb(peak) - mb(base),
        mb(noise),
        t.fed_at_drop.saturating_sub(t.fed_at_subscribe) as f64 / 1e6,
        end.min(t.rss.last().map_or(0.0, |r| r.0)) - sub
    );
    println!(
        "    its socket held {:.0} KB in {} frames when it finally read it ({}); those were the kernel's buffers, not this process's",
        e.drained.bytes as f64 / 1024.0,
        e.drained.received,
        e.drained.detail
    );
    let mut during: Vec<f64> = e.during.iter().map(|w| w.p99_ms).collect();
    let shown = during
        .iter()
        .map(|p| format!("{p:.1}"))
        .collect::<Vec<_>>()
        .join(" / ");
    println!(
        "    the other clients' p99: before {:.1} ms | while it was connected {shown} ms | after {:.1} ms → median while connected {:.2}× before",
        e.before.p99_ms,
        e.after.p99_ms,
        median(&mut during) / e.before.p99_ms
    );
}

/// Feeds `line`'s process samples into the hub; `fed` counts the bytes of their JSON.
async fn feed(hub: stream::Hub, line: String, fed: Arc<AtomicU64>) {
    let mut tick = tokio::time::interval(Duration::from_millis(1000 / MESSAGES_PER_SECOND));
    let mut value = 0.0;
    loop {
        tick.tick().await;
        value += 1.0;
        let batch: Vec<_> = (0..SAMPLES_PER_MESSAGE)
            .map(|i| samples::process(CODES[i % CODES.len()], value))
            .collect();
        let bytes = serde_json::to_string(&batch[0]).map_or(0, |j| j.len() + 1) * batch.len();
        hub.apply(&Message::Process(Envelope::new(&line, batch)));
        fed.fetch_add(bytes as u64, Relaxed);
    }
}

/// `stream_clients_dropped_total` of this process's Prometheus recorder (0 before the first).
fn dropped_total() -> f64 {
    api::ops::prometheus()
        .render()
        .lines()
        .find_map(|l| l.strip_prefix("stream_clients_dropped_total "))
        .and_then(|v| v.trim().parse().ok())
        .unwrap_or(0.0)
}

/// Seconds since the monitor started.
#[derive(Default)]
struct Trace {
    /// (seconds, RSS KiB), every second.
    rss: Vec<(f64, u64)>,
    subscribed_at: Option<f64>,
    dropped_at: Option<f64>,
    fed_at_subscribe: u64,
    /// At the drop, or at the end when it was not dropped.
    fed_at_drop: u64,
}

/// Watches the slow client's subscription every 20 ms and this process's RSS every second.
struct Monitor {
    stop: Arc<AtomicBool>,
    task: JoinHandle<Trace>,
}

impl Monitor {
    fn start(hub: stream::Hub, topic: String, fed: Arc<AtomicU64>) -> Monitor {
        let stop = Arc::new(AtomicBool::new(false));
        let stopped = stop.clone();
        let t0 = Instant::now();
        let task = tokio::spawn(async move {
            let mut trace = Trace::default();
            let mut tick = tokio::time::interval(Duration::from_millis(20));
            let mut next_rss = Duration::ZERO;
            while !stopped.load(Relaxed) {
                tick.tick().await;
                let at = t0.elapsed();
                if at >= next_rss {
                    trace.rss.push((at.as_secs_f64(), rss_kb("self")));
                    next_rss += Duration::from_secs(1);
                }
                let subscribed = hub.subscribers(&topic) > 0;
                if trace.subscribed_at.is_none() && subscribed {
                    trace.subscribed_at = Some(at.as_secs_f64());
                    trace.fed_at_subscribe = fed.load(Relaxed);
                }
                if trace.subscribed_at.is_some() && trace.dropped_at.is_none() && !subscribed {
                    trace.dropped_at = Some(at.as_secs_f64());
                    trace.fed_at_drop = fed.load(Relaxed);
                }
            }
            if trace.dropped_at.is_none() {
                trace.fed_at_drop = fed.load(Relaxed);
            }
            trace
        });
        Monitor { stop, task }
    }

    async fn stop(self) -> anyhow::Result<Trace> {
        self.stop.store(true, Relaxed);
        Ok(self.task.await?)
    }
}
