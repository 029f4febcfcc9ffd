//! What the chaos run watches: the stream and the ingest consumer (NATS) and the newest stored
//! sample (Postgres), each looked at every 50 ms through restarts, and a wait on those looks.

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use anyhow::bail;
use async_nats::jetstream;

/// The latest look at the stream and the ingest consumer.
#[derive(Debug, Clone, Copy)]
pub struct Seen {
    pub at: Instant,
    pub last_sequence: u64,
    pub pending: u64,
    pub ack_pending: usize,
    pub messages: u64,
}

pub type Latest = Arc<Mutex<Option<Seen>>>;

/// Looks at the stream and the consumer every 50 ms, through NATS restarts.
pub async fn watch(js: jetstream::Context, latest: Latest) {
    loop {
        let look = async {
            let mut stream = bus::plant::stream(&js).await.ok()?;
            let state = stream.info().await.ok()?.state.clone();
            let mut consumer: jetstream::consumer::PullConsumer = stream
                .get_consumer(bus::subjects::INGEST_CONSUMER)
                .await
                .ok()?;
            let info = consumer.info().await.ok()?;
            Some(Seen {
                at: Instant::now(),
                last_sequence: state.last_sequence,
                messages: state.messages,
                pending: info.num_pending,
                ack_pending: info.num_ack_pending,
            })
        };
        if let Ok(Some(seen)) = tokio::time::timeout(Duration::from_secs(2), look).await {
            *latest.lock().expect("lock") = Some(seen);
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// A look at something, taken at `at`.
pub trait Look: Copy + std::fmt::Debug {
    fn at(&self) -> Instant;
}

impl Look for Seen {
    fn at(&self) -> Instant {
        self.at
    }
}

/// Waits until a look taken after `after` satisfies `ok`, or fails after `within`.
pub async fn wait_look<T: Look>(
    latest: &Mutex<Option<T>>,
    after: Instant,
    within: Duration,
    what: &str,
    ok: impl Fn(&T) -> bool,
) -> anyhow::Result<T> {
    let deadline = Instant::now() + within;
    loop {
        let seen = *latest.lock().expect("lock");
        if let Some(s) = seen.filter(|s| s.at() > after && ok(s)) {
            return Ok(s);
        }
        if Instant::now() > deadline {
            bail!("{what}: not within {within:?} (last look: {seen:?})");
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// The newest sample Postgres holds (line L1, which both simulators feed), looked at every
/// 50 ms through Postgres restarts: `newest` and `wall` in seconds since the Unix epoch.
#[derive(Debug, Clone, Copy)]
pub struct Stored {
    pub at: Instant,
    pub wall: f64,
    pub newest: f64,
}

pub type LatestStored = Arc<Mutex<Option<Stored>>>;

pub fn epoch_now() -> f64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs_f64())
        .unwrap_or(0.0)
}

pub async fn watch_stored(database_url: String, latest: LatestStored) {
    let pool = sqlx::postgres::PgPoolOptions::new()
        .max_connections(1)
        .acquire_timeout(Duration::from_secs(1))
        .connect_lazy(&database_url)
        .expect("DATABASE_URL");
    loop {
        let newest = db::ingest::check::newest_process_time(&pool, "L1").await;
        if let Ok(Some(newest)) = newest {
            *latest.lock().expect("lock") = Some(Stored {
                at: Instant::now(),
                wall: epoch_now(),
                newest,
            });
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

impl Look for Stored {
    fn at(&self) -> Instant {
        self.at
    }
}
