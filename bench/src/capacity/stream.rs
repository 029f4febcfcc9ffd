//! Capacity (b): the CPU a delivered live frame costs the server and the memory a client
//! holds, at several numbers of clients. The server is figure 3's (api, stream and ingest in
//! this process, as `batchline all`), the clients a process of their own
//! (`batchline-fanout-clients`) on `lines` while line L1 doses ten times a second: each update
//! is one frame to every client. CPU: this process over the measured windows, divided by the
//! frames the clients received. Memory: the growth of this process's RSS from before the first
//! client, per client, in the first round (later rounds reuse what the allocator kept, so they
//! would show less).

use std::time::Duration;

use super::Fit;
use crate::env_or;
use crate::live_bench::{self, clients::ClientProcess, fanout};

pub async fn run(url: &str) -> anyhow::Result<()> {
    let steps: Vec<usize> = std::env::var("BENCH_CAPACITY_CLIENTS")
        .ok()
        .map(|v| v.split(',').filter_map(|r| r.trim().parse().ok()).collect())
        .unwrap_or_else(|| vec![500, 1_000, 2_000, 4_000]);
    let rounds = env_or("BENCH_RUNS", 3usize);
    let window = Duration::from_secs(env_or("BENCH_CAPACITY_SECONDS", 10u64).min(5));
    let pool = db::connect(url, 8).await?;
    let server = testkit::NatsServer::start().await;
    let (s, live) = live_bench::setup(&pool, &server).await?;
    fanout::seed_lines(&s, &live).await?;
    println!(
        "  (b) stream: N clients on `lines`, 10 updates/s (a frame to each client per update); server = this process; \
         median of {rounds} rounds of 3 windows of {} s",
        window.as_secs()
    );
    let rss0 = live_bench::fanout_wire::rss_kb("self");
    let mut us: Vec<Vec<f64>> = vec![Vec::new(); steps.len()];
    let mut cores: Vec<Vec<f64>> = vec![Vec::new(); steps.len()];
    let mut frames: Vec<Vec<f64>> = vec![Vec::new(); steps.len()];
    let mut memory: Vec<f64> = Vec::new();
    for round in 0..rounds {
        let mut clients = ClientProcess::spawn(&format!("ws://{}/ws", s.addr), &s.token).await?;
        for (i, &n) in steps.iter().enumerate() {
            let st = fanout::step(&s, &live, &mut clients, n, window).await?;
            anyhow::ensure!(
                st.connected == n,
                "{} of {n} clients connected",
                st.connected
            );
            let wall = window.as_secs_f64() * 3.0;
            us[i].push(st.server_cpu_seconds / st.received.max(1) as f64 * 1e6);
            cores[i].push(st.server_cpu_seconds / wall);
            frames[i].push(st.received as f64 / wall);
            if round == 0 {
                memory.push(st.rss_idle_kb.saturating_sub(rss0) as f64 / n as f64);
            }
        }
        clients.quit().await?;
        fanout::wait_until(
            "the server to close every socket",
            Duration::from_secs(60),
            || live.hub.subscribers("lines") == 0,
        )
        .await?;
    }
    println!(
        "      {:>7} {:>10} {:>14} {:>7} {:>16}",
        "clients", "frames/s", "µs per frame", "cores", "KB per client"
    );
    let (mut xs, mut ys) = (Vec::new(), Vec::new());
    for (i, n) in steps.iter().enumerate() {
        let f = crate::median(frames[i].clone());
        let c = crate::median(cores[i].clone());
        println!(
            "      {n:>7} {f:>10.0} {:>14.1} {c:>7.2} {:>16.1}",
            crate::median(us[i].clone()),
            memory.get(i).copied().unwrap_or(f64::NAN)
        );
        xs.push(f);
        ys.push(c);
    }
    let fit = Fit::of(&xs, &ys);
    println!(
        "      cores = {:.3} + {:.2} µs × frames/s (R² {:.3}); memory from RSS growth in the first round",
        fit.intercept,
        fit.slope * 1e6,
        fit.r2
    );
    live.stop();
    drop(server);
    pool.close().await;
    Ok(())
}
