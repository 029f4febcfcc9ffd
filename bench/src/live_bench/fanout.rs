//! Figure 3: `lines` fanned out to N WebSocket clients at 10 updates/s, in steps up to
//! `BENCH_MAX_CLIENTS`. The clients run in a process of their own (`batchline-fanout-clients`);
//! this process is the server (api, stream, ingest as in `batchline all`), so its RSS growth
//! divided by N is the server's memory per client. Then a client that never reads
//! ([`super::slow_client`]).

use std::time::{Duration, Instant};

use model::wire::{self, BatchEventKind, Envelope, LineStateKind};
use testkit::samples;
use tokio::task::JoinHandle;

use super::Setup;
use super::clients::{ClientProcess, cpu_seconds};
use super::fanout_wire::{Command, nofile_limit, rss_kb};

/// p99 goal of issue 14 (and of issue 5 before it).
pub const GOAL_MS: f64 = 250.0;
/// The default of `BENCH_MAX_CLIENTS`: the goal of issue 14.
pub const MAX_CLIENTS: usize = 10_000;
const STEPS: [usize; 6] = [1, 1_000, 2_500, 5_000, 7_500, 10_000];
/// Measurement windows per step; each step prints their median p99.
const WINDOWS: usize = 3;

pub async fn run(
    s: &Setup,
    live: &stream::Stream,
    seconds: Duration,
    max_clients: usize,
) -> anyhow::Result<()> {
    let window = seconds.min(Duration::from_secs(5));
    seed_lines(s, live).await?;
    // This process holds the server's end of every socket.
    let room = (nofile_limit().saturating_sub(512) as usize).min(max_clients);
    let mut steps: Vec<usize> = STEPS.into_iter().filter(|&n| n < room).collect();
    steps.push(room);
    let mut clients = ClientProcess::spawn(&format!("ws://{}/ws", s.addr), &s.token).await?;
    let cpus = std::thread::available_parallelism().map_or(0, |n| n.get());
    println!(
        "(3) fan-out: N clients each on `lines` (4 lines), 10 updates/s; the clients run in a process of their own \
         (batchline-fanout-clients, pid {}), the server in this one, both on the same {cpus} CPUs",
        clients.pid
    );
    if room < max_clients {
        println!(
            "    capped at {room} clients: this process may open {} files (ulimit -n)",
            nofile_limit()
        );
    }
    println!(
        "    p99 = median of {WINDOWS} windows of {} s; memory = growth of this process's RSS since before the first client, per client; \
         open-files limit of this process {}",
        window.as_secs_f64(),
        nofile_limit()
    );
    let before = live.hub.clients();
    let rss0 = rss_kb("self");
    let (mut best, mut memory) = (0, None);
    for n in steps {
        let step = step(s, live, &mut clients, n, window).await?;
        step.print(n, rss0);
        if step.p99 <= GOAL_MS {
            best = best.max(n);
        }
        if n >= 100 {
            memory = Some((n, step.rss_idle_kb.saturating_sub(rss0) as f64 / n as f64));
        }
        if step.connected < n {
            break;
        }
    }
    println!(
        "    largest N with p99 ≤ 250 ms: {best} (goal 10000; the clients' process takes its share of the same CPUs)"
    );
    if let Some((n, kb)) = memory {
        println!("    server memory per client at N = {n}: {kb:.1} KB (RSS growth / N)");
    }
    super::slow_client::run(s, live, &mut clients, window).await?;
    let bye = clients.quit().await?;
    wait_until(
        "the server to close every socket",
        Duration::from_secs(60),
        || live.hub.clients() <= before,
    )
    .await?;
    println!(
        "    client process at the end: {} reading clients, {} connect errors, {} closed by the server ({} as too slow), RSS {:.0} MB, \
         open-files limit {}",
        bye.connected,
        bye.errors,
        bye.closed,
        bye.closed_too_slow,
        bye.rss_kb as f64 / 1024.0,
        bye.nofile
    );
    Ok(())
}

pub(crate) struct Step {
    pub connected: usize,
    p99: f64,
    p99s: Vec<f64>,
    p50: f64,
    delivered: f64,
    pub rss_idle_kb: u64,
    rss_load_kb: u64,
    cpu_server: f64,
    /// Frames the clients received in the measured windows, and the CPU seconds the server
    /// used meanwhile: the capacity sheet's cost per delivered frame.
    pub received: u64,
    pub server_cpu_seconds: f64,
    cpu_clients: f64,
    grow_seconds: f64,
    note: String,
}

impl Step {
    fn print(&self, n: usize, rss0: u64) {
        let windows: Vec<String> = self.p99s.iter().map(|p| format!("{p:.1}")).collect();
        println!(
            "    N = {n:>5}  p99 {:>6.1} ms ({})  p50 {:>5.1} ms  delivered {:>5.1} %  {}",
            self.p99,
            windows.join(" / "),
            self.p50,
            self.delivered * 100.0,
            if self.p99 <= GOAL_MS {
                "≤ 250 ms"
            } else {
                "OVER the 250 ms goal"
            },
        );
        let grown = |kb: u64| kb.saturating_sub(rss0) as f64 / 1024.0;
        let per_client = if n >= 100 {
            format!(
                "{:.1} KB/client",
                self.rss_idle_kb.saturating_sub(rss0) as f64 / n as f64
            )
        } else {
            "— per client".into()
        };
        println!(
            "                 server RSS +{:.1} MB = {per_client} (+{:.1} MB under load) | CPU server {:.0} % ({:.1} µs per delivered frame), clients {:.0} % | opened in {:.1} s",
            grown(self.rss_idle_kb),
            grown(self.rss_load_kb),
            self.cpu_server * 100.0,
            self.server_cpu_seconds / self.received.max(1) as f64 * 1e6,
            self.cpu_clients * 100.0,
            self.grow_seconds,
        );
        if !self.note.is_empty() {
            println!("                 {}", self.note);
        }
    }
}

/// Grows the clients to `n`, then measures [`WINDOWS`] windows while L1 doses.
pub(crate) async fn step(
    s: &Setup,
    live: &stream::Stream,
    clients: &mut ClientProcess,
    n: usize,
    window: Duration,
) -> anyhow::Result<Step> {
    let grow_limit = Duration::from_secs(30) + Duration::from_millis(10) * n as u32;
    let ready = clients
        .call(Command::Grow { clients: n }, grow_limit)
        .await?;
    let connected = ready.connected as usize;
    let mut note = String::new();
    if connected < n || ready.errors > 0 {
        note = format!(
            "{connected} of {n} connected, {} errors so far: {}",
            ready.errors, ready.detail
        );
    }
    wait_until(
        "the hub to count every client",
        Duration::from_secs(30),
        || live.hub.subscribers("lines") >= connected,
    )
    .await?;
    let rss_idle_kb = rss_kb("self");
    let updates = Updates::start(s.nats.clone(), s.lines[0].clone(), format!("BENCH-{n}"));
    // The first second of updates is not measured.
    clients
        .call(Command::Window { ms: 1_000 }, window_limit(window))
        .await?;
    let (cpu0, child0, t0) = (cpu_seconds("self"), clients.cpu_seconds(), Instant::now());
    let ms = window.as_millis() as u64;
    let (mut windows, mut rss) = (Vec::new(), Vec::new());
    for _ in 0..WINDOWS {
        windows.push(
            clients
                .call(Command::Window { ms }, window_limit(window))
                .await?,
        );
        rss.push(rss_kb("self"));
    }
    let wall = t0.elapsed().as_secs_f64();
    let (cpu1, child1) = (cpu_seconds("self"), clients.cpu_seconds());
    updates.stop().await?;
    let mut p99s: Vec<f64> = windows.iter().map(|w| w.p99_ms).collect();
    let mut p50s: Vec<f64> = windows.iter().map(|w| w.p50_ms).collect();
    let received: u64 = windows.iter().map(|w| w.received).sum();
    let expected = connected as f64 * 10.0 * window.as_secs_f64() * WINDOWS as f64;
    if let Some(w) = windows.last()
        && w.closed > 0
    {
        note.push_str(&format!(
            "{} clients closed by the server so far ({} as too slow)",
            w.closed, w.closed_too_slow
        ));
    }
    let shown = p99s.clone();
    Ok(Step {
        connected,
        p99: median(&mut p99s),
        p99s: shown,
        p50: median(&mut p50s),
        delivered: received as f64 / expected.max(1.0),
        rss_idle_kb,
        rss_load_kb: median(&mut rss.iter().map(|&r| r as f64).collect::<Vec<_>>()) as u64,
        cpu_server: (cpu1 - cpu0) / wall,
        received,
        server_cpu_seconds: cpu1 - cpu0,
        cpu_clients: (child1 - child0) / wall,
        grow_seconds: ready.seconds,
        note,
    })
}

pub(super) fn window_limit(window: Duration) -> Duration {
    window + Duration::from_secs(30)
}

pub(super) fn median(v: &mut [f64]) -> f64 {
    v.sort_by(f64::total_cmp);
    crate::pct(v, 0.5)
}

/// Polls `done` every 20 ms until it holds; an error after `timeout`.
pub(crate) async fn wait_until(
    what: &str,
    timeout: Duration,
    mut done: impl FnMut() -> bool,
) -> anyhow::Result<Duration> {
    let start = Instant::now();
    let mut tick = tokio::time::interval(Duration::from_millis(20));
    while !done() {
        anyhow::ensure!(
            start.elapsed() < timeout,
            "waited {timeout:?} for {what} in vain"
        );
        tick.tick().await;
    }
    Ok(start.elapsed())
}

/// Four running lines, as figure 2's simulator leaves them (`BENCH_ONLY=fanout` has none yet).
pub(crate) async fn seed_lines(s: &Setup, live: &stream::Stream) -> anyhow::Result<()> {
    let lines = &s.lines;
    for l in lines {
        let running = samples::state(LineStateKind::Running);
        publish(&s.nats, Envelope::new(l, vec![running])).await?;
    }
    wait_until("the four lines in the hub", Duration::from_secs(10), || {
        lines.iter().all(|l| live.hub.line(l).is_some())
    })
    .await?;
    Ok(())
}

/// A line (L1) dosing: its progress, so its `lines` summary, changes ten times a second.
pub(super) struct Updates(JoinHandle<anyhow::Result<()>>);

impl Updates {
    pub fn start(nats: async_nats::Client, line: String, batch_id: String) -> Self {
        Updates(tokio::spawn(async move {
            let batch = samples::batch(BatchEventKind::Started, &batch_id, 1000.0, None);
            publish(&nats, Envelope::new(&line, vec![batch])).await?;
            let setpoint = samples::process("SETPOINT_KG.CORN", 1000.0);
            publish(&nats, Envelope::new(&line, vec![setpoint])).await?;
            let mut tick = tokio::time::interval(Duration::from_millis(100));
            let mut kg = 0.0;
            loop {
                tick.tick().await;
                kg += 1.0;
                let dosed = samples::process("DOSING_KG.CORN", kg);
                publish(&nats, Envelope::new(&line, vec![dosed])).await?;
            }
        }))
    }

    /// Stops publishing; an error if publishing had failed.
    pub async fn stop(self) -> anyhow::Result<()> {
        if self.0.is_finished() {
            return self.0.await?;
        }
        self.0.abort();
        Ok(())
    }
}

async fn publish<T: wire::Sample>(nats: &async_nats::Client, e: Envelope<T>) -> anyhow::Result<()> {
    nats.publish(e.subject(), serde_json::to_vec(&e)?.into())
        .await?;
    Ok(())
}
