//! Sign-in under a flood (decision 92): what every `/auth` call that hashes a password or sends
//! a mail passes before it costs anything — a rate limit per client address and one over all
//! addresses (token buckets, in memory, per process) — and the gate every password hash
//! passes: at most two per core at once, a bounded queue behind them, and a 429 beyond it, so a
//! flood of wrong sign-ins costs a bounded amount of memory (argon2 takes 19 MiB per hash) and
//! CPU instead of a blocking thread each.

use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use crate::AppState;
use crate::error::ApiError;
use crate::gate::Gate;
use axum::extract::{ConnectInfo, FromRequestParts};
use axum::http::request::Parts;
use model::Msg;

/// The limits; `AUTH_RATE_PER_ADDRESS` and `AUTH_RATE_GLOBAL` set the rates.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct FloodLimits {
    /// Calls one address may make in a burst, and per minute after it.
    pub per_address_burst: u32,
    pub per_address_per_minute: u32,
    /// Calls of every address together in a burst, and per second after it.
    pub global_burst: u32,
    pub global_per_second: f64,
    /// Password hashes at once (two per core by default), and how many may wait for one.
    pub hashing: usize,
    pub hashing_queue: usize,
    /// The longest a hash waits for its turn before the call is answered 429.
    pub hashing_wait: Duration,
    /// How long a call the rate limits refuse waits for its 429 (half of it to all of it, at
    /// random; never longer than its `retryAfter`): a flooder on a keep-alive connection then
    /// sends one call per pause instead of thousands a second, and the pause holds no slot of
    /// the requests answered at once.
    pub refusal_pause: Duration,
}

impl Default for FloodLimits {
    fn default() -> Self {
        let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
        FloodLimits {
            // A shift change behind one NAT signs in a few dozen people within minutes.
            per_address_burst: 30,
            per_address_per_minute: 30,
            global_burst: 100,
            global_per_second: 20.0,
            hashing: 2 * cores,
            hashing_queue: 16 * cores,
            hashing_wait: Duration::from_secs(5),
            refusal_pause: Duration::from_secs(2),
        }
    }
}

/// A token bucket: `capacity` calls at once, refilled at `per_second`.
#[derive(Debug, Clone, Copy)]
struct Bucket {
    tokens: f64,
    at: Instant,
}

impl Bucket {
    fn full(capacity: f64, now: Instant) -> Self {
        Bucket {
            tokens: capacity,
            at: now,
        }
    }

    /// Takes a token, or answers how long until one is there.
    fn take(&mut self, capacity: f64, per_second: f64, now: Instant) -> Result<(), Duration> {
        let elapsed = now.saturating_duration_since(self.at).as_secs_f64();
        self.tokens = (self.tokens + elapsed * per_second).min(capacity);
        self.at = now;
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            Ok(())
        } else {
            Err(Duration::from_secs_f64((1.0 - self.tokens) / per_second))
        }
    }

    fn is_full(&self, capacity: f64, per_second: f64, now: Instant) -> bool {
        self.tokens + now.saturating_duration_since(self.at).as_secs_f64() * per_second >= capacity
    }
}

/// Addresses remembered before the full buckets are forgotten.
const REMEMBERED: usize = 50_000;

/// The rate limits and the hashing gate of one process.
pub struct Flood {
    limits: FloodLimits,
    addresses: Mutex<HashMap<IpAddr, Bucket>>,
    global: Mutex<Bucket>,
    hashing: Gate,
}

/// Why a call was turned away, and when to come back.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refused {
    /// This address called too often.
    Address(u64),
    /// Every address together called too often, or the hashing queue is full.
    Busy(u64),
}

impl From<Refused> for ApiError {
    fn from(r: Refused) -> Self {
        match r {
            Refused::Address(s) => {
                ApiError::too_many(Msg::new("auth.rateLimited").arg("seconds", s), s)
            }
            Refused::Busy(s) => ApiError::too_many(Msg::new("server.busy").arg("seconds", s), s),
        }
    }
}

impl Refused {
    /// The seconds to wait before trying again.
    pub fn seconds(self) -> u64 {
        match self {
            Refused::Address(s) | Refused::Busy(s) => s,
        }
    }
}

fn seconds(d: Duration) -> u64 {
    d.as_secs_f64().ceil().max(1.0) as u64
}

impl Flood {
    pub fn new(limits: FloodLimits) -> Self {
        let now = Instant::now();
        Flood {
            addresses: Mutex::new(HashMap::new()),
            global: Mutex::new(Bucket::full(limits.global_burst as f64, now)),
            hashing: Gate::new(
                "password hashing",
                limits.hashing,
                limits.hashing_queue,
                limits.hashing_wait,
            ),
            limits,
        }
    }

    pub fn limits(&self) -> FloodLimits {
        self.limits
    }

    /// A call from `address` (none: unknown, counted globally only) admitted, or refused.
    pub fn admit(&self, address: Option<IpAddr>) -> Result<(), Refused> {
        let now = Instant::now();
        let l = &self.limits;
        if let Some(ip) = address {
            let (capacity, rate) = (
                l.per_address_burst as f64,
                l.per_address_per_minute as f64 / 60.0,
            );
            let mut map = self.addresses.lock().unwrap_or_else(|e| e.into_inner());
            if map.len() >= REMEMBERED {
                map.retain(|_, b| !b.is_full(capacity, rate, now));
            }
            map.entry(ip)
                .or_insert_with(|| Bucket::full(capacity, now))
                .take(capacity, rate, now)
                .map_err(|d| Refused::Address(seconds(d)))?;
        }
        let mut global = self.global.lock().unwrap_or_else(|e| e.into_inner());
        global
            .take(l.global_burst as f64, l.global_per_second, now)
            .map_err(|d| Refused::Busy(seconds(d)))
    }

    /// Runs `work` (a password hash) on the blocking pool when its turn comes (the gate's
    /// `hashing` at once, `hashing_queue` waiting up to `hashing_wait`), else 429.
    pub async fn hash<T: Send + 'static>(
        &self,
        work: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, ApiError> {
        self.hashing
            .run(work)
            .await
            .map_err(|_| ApiError::from(Refused::Busy(2)))?
    }
}

/// The client's address: the peer's, or with `TRUST_FORWARDED_FOR` the last hop the proxy in
/// front added to `X-Forwarded-For`.
pub fn client_address(parts: &Parts, trust_forwarded_for: bool) -> Option<IpAddr> {
    if trust_forwarded_for
        && let Some(ip) = parts
            .headers
            .get_all("x-forwarded-for")
            .iter()
            .filter_map(|v| v.to_str().ok())
            .flat_map(|v| v.split(','))
            .filter_map(|s| s.trim().parse::<IpAddr>().ok())
            .next_back()
    {
        return Some(ip);
    }
    parts
        .extensions
        .get::<ConnectInfo<SocketAddr>>()
        .map(|c| c.0.ip())
}

/// The `/auth` calls that hash a password or send a mail (`POST`): the guard admits them before
/// anything else runs.
pub const GUARDED: [&str; 6] = [
    "/auth/login",
    "/auth/superuserlogin",
    "/auth/signup",
    "/auth/forgotpassword",
    "/auth/resetpassword",
    "/auth/onpremise/resetpassword",
];

/// The guard's admission of a call, with the client's address.
#[derive(Debug, Clone, Copy)]
struct Admission(Option<IpAddr>);

/// Middleware outside the limit of requests answered at once (decision 92): a guarded call the
/// rate limits refuse is answered 429 after [`FloodLimits::refusal_pause`], holding nothing but
/// a timer meanwhile, so a flood on keep-alive connections slows to one call per pause per
/// connection and the other calls keep their slots and their CPU.
pub async fn guard(
    axum::extract::State(state): axum::extract::State<AppState>,
    req: axum::extract::Request,
    next: axum::middleware::Next,
) -> axum::response::Response {
    use axum::response::IntoResponse;
    if req.method() != axum::http::Method::POST || !GUARDED.contains(&req.uri().path()) {
        return next.run(req).await;
    }
    let (mut parts, body) = req.into_parts();
    let address = client_address(&parts, state.settings.trust_forwarded_for);
    if let Err(refused) = state.flood.admit(address) {
        // Between half the pause and all of it: flooders refused together come back spread
        // out instead of all at once.
        let pause = state
            .flood
            .limits
            .refusal_pause
            .mul_f64(rand::random_range(0.5..=1.0));
        tokio::time::sleep(pause.min(Duration::from_secs(refused.seconds()))).await;
        return ApiError::from(refused).into_response();
    }
    parts.extensions.insert(Admission(address));
    next.run(axum::extract::Request::from_parts(parts, body))
        .await
}

/// A call admitted by the rate limits, with the client's address (`"-"` when unknown): the
/// first extractor of every `/auth` call that hashes a password or sends a mail. The guard has
/// admitted the calls it lists; any other is admitted here (without the pause).
pub struct Admitted(pub String);

impl FromRequestParts<AppState> for Admitted {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        let address = match parts.extensions.get::<Admission>() {
            Some(Admission(address)) => *address,
            None => {
                let address = client_address(parts, state.settings.trust_forwarded_for);
                state.flood.admit(address)?;
                address
            }
        };
        Ok(Admitted(
            address.map_or_else(|| "-".to_string(), |a| a.to_string()),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn limits() -> FloodLimits {
        FloodLimits {
            per_address_burst: 3,
            per_address_per_minute: 60,
            global_burst: 5,
            global_per_second: 0.001,
            hashing: 1,
            hashing_queue: 1,
            hashing_wait: Duration::from_millis(200),
            refusal_pause: Duration::ZERO,
        }
    }

    #[test]
    fn an_address_gets_its_burst_then_waits_and_others_share_the_global_limit() {
        let flood = Flood::new(limits());
        let a: IpAddr = "10.0.0.1".parse().unwrap();
        let b: IpAddr = "10.0.0.2".parse().unwrap();
        for _ in 0..3 {
            flood.admit(Some(a)).unwrap();
        }
        assert_eq!(flood.admit(Some(a)), Err(Refused::Address(1)));
        flood.admit(Some(b)).unwrap();
        flood.admit(Some(b)).unwrap();
        // Five in all: the global bucket is empty for everyone.
        assert!(matches!(
            flood.admit(Some("10.0.0.3".parse().unwrap())),
            Err(Refused::Busy(_))
        ));
    }
}
