//! (5) Sign-in under a flood (issue 30; `BENCH_ONLY=abuse`, `make abuse`): 1,000 clients each
//! sending wrong sign-ins over a keep-alive connection for `BENCH_FLOOD_SECONDS` (60), against
//! the api served in this process as `batchline api` serves it (the clients run here too: the
//! RSS figure is the process's growth, server and clients together). Meanwhile a signed-in
//! user's call (`GET /api/getuserprivileges`, from another address) is timed every 50 ms; its
//! p99 is set against the same call's p99 with nothing else running, measured first. After the
//! flood the real user signs in from their own address. Goals: RSS ≤ +200 MB, p99 ≤ 3× idle,
//! the real user in at once. Each round printed, then the medians of `BENCH_RUNS` (3) rounds.

use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use http_body_util::{BodyExt, Full};
use hyper::body::Bytes;
use hyper::client::conn::http1::SendRequest;
use hyper_util::rt::TokioIo;

use crate::live_bench::fanout_wire::rss_kb;
use crate::{env_or, median, pct};

const EMAIL: &str = "super@bench.test";
const PASSWORD: &str = "Granary-Silo-Auger-77";
const FLOODERS: usize = 1_000;

/// A keep-alive HTTP/1.1 connection from `from` (a loopback address of its own).
async fn connect(from: &str, to: SocketAddr) -> anyhow::Result<SendRequest<Full<Bytes>>> {
    let socket = tokio::net::TcpSocket::new_v4()?;
    socket.bind(format!("{from}:0").parse()?)?;
    let tcp = socket.connect(to).await?;
    let (sender, conn) = hyper::client::conn::http1::handshake(TokioIo::new(tcp)).await?;
    tokio::spawn(conn);
    Ok(sender)
}

/// Sends one request; answers its status and body.
async fn send(
    c: &mut SendRequest<Full<Bytes>>,
    method: &str,
    path: &str,
    token: Option<&str>,
    body: Option<serde_json::Value>,
) -> anyhow::Result<(u16, serde_json::Value)> {
    c.ready().await?;
    let mut req = hyper::Request::builder()
        .method(method)
        .uri(path)
        .header("host", "bench");
    if let Some(t) = token {
        req = req.header("authorization", format!("Bearer {t}"));
    }
    let bytes = match body {
        Some(b) => {
            req = req.header("content-type", "application/json");
            Bytes::from(b.to_string())
        }
        None => Bytes::new(),
    };
    let res = c.send_request(req.body(Full::new(bytes))?).await?;
    let status = res.status().as_u16();
    let body = res.into_body().collect().await?.to_bytes();
    Ok((status, serde_json::from_slice(&body).unwrap_or_default()))
}

async fn sign_in(from: &str, addr: SocketAddr) -> anyhow::Result<(u16, Option<String>, f64)> {
    let mut c = connect(from, addr).await?;
    let started = Instant::now();
    let (status, body) = send(
        &mut c,
        "POST",
        "/auth/login",
        None,
        Some(serde_json::json!({"email": EMAIL, "password": PASSWORD})),
    )
    .await?;
    let token = body["token"].as_str().map(str::to_string);
    Ok((status, token, started.elapsed().as_secs_f64() * 1000.0))
}

/// Latencies (ms) of the signed-in call, one every 50 ms until `until`.
async fn probe(addr: SocketAddr, token: &str, until: Instant) -> anyhow::Result<Vec<f64>> {
    let mut c = connect("127.0.0.3", addr).await?;
    let mut out = Vec::new();
    while Instant::now() < until {
        let started = Instant::now();
        let (status, _) = send(&mut c, "GET", "/api/getuserprivileges", Some(token), None).await?;
        anyhow::ensure!(status == 200, "the signed-in call answered {status}");
        out.push(started.elapsed().as_secs_f64() * 1000.0);
        tokio::time::sleep_until((started + Duration::from_millis(50)).into()).await;
    }
    out.sort_by(f64::total_cmp);
    Ok(out)
}

struct Round {
    rss_growth_mb: f64,
    p99_ms: f64,
    answered: [u64; 4],
    user_status: u16,
    user_ms: f64,
}

/// One flood; its RSS growth is the peak against `rss0`, the process before the first flood
/// (memory a round took and kept counts in every later round too).
async fn round(addr: SocketAddr, token: &str, seconds: u64, rss0: u64) -> anyhow::Result<Round> {
    let until = Instant::now() + Duration::from_secs(seconds);
    // 401, 429, 503, other
    let counts: Arc<[AtomicU64; 4]> = Arc::new(Default::default());
    let mut flood = tokio::task::JoinSet::new();
    for i in 0..FLOODERS {
        let counts = counts.clone();
        flood.spawn(async move {
            let Ok(mut c) = connect("127.0.0.1", addr).await else {
                counts[3].fetch_add(1, Ordering::Relaxed);
                return;
            };
            while Instant::now() < until {
                let wrong = serde_json::json!({"email": format!("nobody{i}@bench.test"), "password": "wrong-password"});
                let slot = match send(&mut c, "POST", "/auth/login", None, Some(wrong)).await {
                    Ok((401, _)) => 0,
                    Ok((429, _)) => 1,
                    Ok((503, _)) => 2,
                    Ok(_) => 3,
                    Err(_) => {
                        counts[3].fetch_add(1, Ordering::Relaxed);
                        match connect("127.0.0.1", addr).await {
                            Ok(fresh) => {
                                c = fresh;
                                continue;
                            }
                            Err(_) => return,
                        }
                    }
                };
                counts[slot].fetch_add(1, Ordering::Relaxed);
            }
        });
    }
    let peak = Arc::new(AtomicU64::new(rss0));
    let watch = {
        let peak = peak.clone();
        tokio::spawn(async move {
            while Instant::now() < until {
                peak.fetch_max(rss_kb("self"), Ordering::Relaxed);
                tokio::time::sleep(Duration::from_millis(200)).await;
            }
        })
    };
    let latencies = probe(addr, token, until).await?;
    while flood.join_next().await.is_some() {}
    watch.await?;
    let (user_status, _, user_ms) = sign_in("127.0.0.2", addr).await?;
    Ok(Round {
        rss_growth_mb: peak.load(Ordering::Relaxed).saturating_sub(rss0) as f64 / 1024.0,
        p99_ms: pct(&latencies, 0.99),
        answered: std::array::from_fn(|i| counts[i].load(Ordering::Relaxed)),
        user_status,
        user_ms,
    })
}

pub async fn run(url: &str) -> anyhow::Result<()> {
    let pool = db::connect(url, 16).await?;
    db::migrate(&pool).await?;
    let dir = std::env::temp_dir().join(format!("batchline-abuse-{}", uuid::Uuid::new_v4()));
    std::fs::create_dir_all(&dir)?;
    let mut settings = api::ApiSettings::for_tests(dir.clone());
    settings.superuser_email = Some(EMAIL.into());
    settings.superuser_password = Some(PASSWORD.into());
    let state = api::AppState::new(pool.clone(), settings, None)?;
    api::bootstrap_super_user(&state).await?;
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
    let addr = listener.local_addr()?;
    let router = api::app(state.clone());
    let server = tokio::spawn(api::serve(state, router, listener, std::future::pending()));

    let seconds = env_or("BENCH_FLOOD_SECONDS", 60u64);
    let runs = env_or("BENCH_RUNS", 3usize);
    println!(
        "(5) sign-in under a flood: {FLOODERS} clients sending wrong sign-ins for {seconds} s (keep-alive, from 127.0.0.1); \
         a signed-in call every 50 ms from 127.0.0.3; then the real user signs in from 127.0.0.2"
    );
    let (status, token, _) = sign_in("127.0.0.2", addr).await?;
    let token =
        token.ok_or_else(|| anyhow::anyhow!("the bench user could not sign in ({status})"))?;
    let idle = probe(addr, &token, Instant::now() + Duration::from_secs(10)).await?;
    let idle_p99 = pct(&idle, 0.99);
    println!(
        "    idle: p99 of the signed-in call {idle_p99:.1} ms over {} calls",
        idle.len()
    );
    let mut rounds = Vec::new();
    let rss0 = rss_kb("self");
    for r in 1..=runs {
        let x = round(addr, &token, seconds, rss0).await?;
        println!(
            "    round {r}: RSS +{:.0} MB over the process before the first flood; signed-in call p99 {:.1} ms ({:.2}× idle); wrong sign-ins answered 401 {} / 429 {} / 503 {} / other {}; \
             the real user right after: {} in {:.0} ms",
            x.rss_growth_mb,
            x.p99_ms,
            x.p99_ms / idle_p99,
            x.answered[0],
            x.answered[1],
            x.answered[2],
            x.answered[3],
            x.user_status,
            x.user_ms
        );
        rounds.push(x);
    }
    let rss = median(rounds.iter().map(|x| x.rss_growth_mb).collect());
    let ratio = median(rounds.iter().map(|x| x.p99_ms / idle_p99).collect());
    println!(
        "    median of {runs}: RSS +{rss:.0} MB (goal ≤ 200), p99 {ratio:.2}× idle (goal ≤ 3), the real user signed in every round: {}",
        rounds.iter().all(|x| x.user_status == 200)
    );
    server.abort();
    pool.close().await;
    let _ = std::fs::remove_dir_all(&dir);
    Ok(())
}
