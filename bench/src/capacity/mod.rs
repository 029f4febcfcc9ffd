//! (8) The capacity sheet (issue 36, `BENCH_ONLY=capacity`): what a unit of work costs, at
//! several loads, so a deployment can be sized from it (docs/deployment.md): (a) CPU per stored
//! sample in ingest, Postgres and NATS at one and three replicas; (b) CPU per delivered live
//! frame and memory per client in stream; (c) report p95 against the rows a report covers.
//! Each figure is a median of `BENCH_RUNS` (3) rounds; each table ends with a least-squares
//! line through its points, whose R² says how far the cost is linear in the load.
//!
//! These are costs on this machine's cores, with every process on the same two of them: they
//! size CPU, not speed-ups, and say nothing of networks, disks or separate hosts.

mod ingest;
mod nats;
mod stream;

/// A least-squares line `y = intercept + slope × x`, and its R².
pub struct Fit {
    pub intercept: f64,
    pub slope: f64,
    pub r2: f64,
}

impl Fit {
    pub fn of(xs: &[f64], ys: &[f64]) -> Fit {
        let n = xs.len() as f64;
        let (mx, my) = (xs.iter().sum::<f64>() / n, ys.iter().sum::<f64>() / n);
        let sxy: f64 = xs.iter().zip(ys).map(|(x, y)| (x - mx) * (y - my)).sum();
        let sxx: f64 = xs.iter().map(|x| (x - mx).powi(2)).sum();
        let slope = sxy / sxx;
        let intercept = my - slope * mx;
        let ss_res: f64 = xs
            .iter()
            .zip(ys)
            .map(|(x, y)| (y - intercept - slope * x).powi(2))
            .sum();
        let ss_tot: f64 = ys.iter().map(|y| (y - my).powi(2)).sum();
        Fit {
            intercept,
            slope,
            r2: 1.0 - ss_res / ss_tot,
        }
    }
}

/// User + system CPU seconds of one process.
pub fn cpu_of_pid(pid: u32) -> f64 {
    crate::live_bench::cpu_seconds(&pid.to_string())
}

/// CPU seconds of every `postgres` process, with what the postmaster reaped from backends that
/// ended (cutime, cstime), from /proc.
pub fn postgres_cpu() -> f64 {
    let mut ticks = 0u64;
    for e in std::fs::read_dir("/proc").into_iter().flatten().flatten() {
        let Ok(stat) = std::fs::read_to_string(e.path().join("stat")) else {
            continue;
        };
        let (Some(open), Some(close)) = (stat.find('('), stat.rfind(')')) else {
            continue;
        };
        if &stat[open + 1..close] != "postgres" {
            continue;
        }
        // After "(name) ": state is field 0; utime, stime, cutime, cstime are 11 to 14.
        ticks += stat[close + 1..]
            .split_whitespace()
            .skip(11)
            .take(4)
            .filter_map(|v| v.parse::<u64>().ok())
            .sum::<u64>();
    }
    ticks as f64 / 100.0
}

pub async fn run(url: &str, base: &str) -> anyhow::Result<()> {
    let cpus = std::thread::available_parallelism().map_or(0, |n| n.get());
    println!(
        "(8) capacity sheet — costs per unit at several loads ({cpus} CPUs shared by every process: CPU costs, not speed)"
    );
    let pool = db::connect(url, 4).await?;
    db::migrate(&pool).await?;
    ingest::run(&pool, url).await?;
    pool.close().await;
    stream::run(url).await?;
    crate::report_bench::size::run(base).await
}
