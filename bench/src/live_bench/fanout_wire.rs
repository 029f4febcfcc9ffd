//! The line protocol between figure 3 of `batchline-bench` and `batchline-fanout-clients`: one
//! [`Command`] a line on the clients' stdin, one [`Report`] (a JSON object) a line on their
//! stdout. Compiled into both binaries (`#[path]`), so the two sides cannot drift apart.

use std::fmt;
use std::str::FromStr;

use serde_json::{Value, json};

/// What the bench asks of the client process.
#[derive(Debug, Clone, PartialEq)]
pub enum Command {
    /// Open reading clients until `clients` are connected and have their snapshot; answers
    /// `ready`.
    Grow { clients: usize },
    /// Record the latency of every delta for `ms`; answers `window`.
    Window { ms: u64 },
    /// Open one client on `topics` that never reads its socket; answers `slow`.
    Slow { topics: Vec<String> },
    /// Read the never-reading client's socket to its end (at most `ms`); answers `drained`.
    Drain { ms: u64 },
    /// Close everything and exit; answers `bye`.
    Quit,
}

impl fmt::Display for Command {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Command::Grow { clients } => write!(f, "grow {clients}"),
            Command::Window { ms } => write!(f, "window {ms}"),
            Command::Slow { topics } => write!(f, "slow {}", topics.join(",")),
            Command::Drain { ms } => write!(f, "drain {ms}"),
            Command::Quit => write!(f, "quit"),
        }
    }
}

impl FromStr for Command {
    type Err = String;

    fn from_str(line: &str) -> Result<Self, String> {
        let mut words = line.split_whitespace();
        let word = words.next().unwrap_or_default();
        let arg = words.next().unwrap_or_default();
        let number = || {
            arg.parse::<u64>()
                .map_err(|_| format!("`{line}`: not a number"))
        };
        Ok(match word {
            "grow" => Command::Grow {
                clients: number()? as usize,
            },
            "window" => Command::Window { ms: number()? },
            "slow" => Command::Slow {
                topics: arg.split(',').map(str::to_string).collect(),
            },
            "drain" => Command::Drain { ms: number()? },
            "quit" => Command::Quit,
            _ => return Err(format!("unknown command `{line}`")),
        })
    }
}

/// The client process's answer to a command (fields a command does not fill stay 0 or empty).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Report {
    /// `ready`, `window`, `slow`, `drained`, `bye` or `error`.
    pub event: String,
    /// Reading clients open now.
    pub connected: u64,
    /// Connections that failed to open or to get their snapshot, since the start.
    pub errors: u64,
    /// Deltas received in the window, and their latency (receive time − `updatedAt`).
    pub received: u64,
    pub p50_ms: f64,
    pub p99_ms: f64,
    pub max_ms: f64,
    /// Reading clients the server closed since the start, and how many of them as too slow
    /// (close code 4408).
    pub closed: u64,
    pub closed_too_slow: u64,
    /// How long the command took.
    pub seconds: f64,
    /// The client process's resident memory and its open-files limit.
    pub rss_kb: u64,
    pub nofile: u64,
    /// `drained`: bytes of frames that were waiting in the never-reading client's socket.
    pub bytes: u64,
    /// The first error, or how the drained socket ended.
    pub detail: String,
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let v = json!({
            "event": self.event,
            "connected": self.connected,
            "errors": self.errors,
            "received": self.received,
            "p50_ms": self.p50_ms,
            "p99_ms": self.p99_ms,
            "max_ms": self.max_ms,
            "closed": self.closed,
            "closed_too_slow": self.closed_too_slow,
            "seconds": self.seconds,
            "rss_kb": self.rss_kb,
            "nofile": self.nofile,
            "bytes": self.bytes,
            "detail": self.detail,
        });
        write!(f, "{v}")
    }
}

impl FromStr for Report {
    type Err = String;

    fn from_str(line: &str) -> Result<Self, String> {
        let v: Value = serde_json::from_str(line).map_err(|e| format!("`{line}`: {e}"))?;
        let n = |k: &str| v[k].as_u64().unwrap_or(0);
        // No samples gives NaN, which JSON writes as null.
        let f = |k: &str| v[k].as_f64().unwrap_or(f64::NAN);
        let s = |k: &str| v[k].as_str().unwrap_or_default().to_string();
        Ok(Report {
            event: s("event"),
            connected: n("connected"),
            errors: n("errors"),
            received: n("received"),
            p50_ms: f("p50_ms"),
            p99_ms: f("p99_ms"),
            max_ms: f("max_ms"),
            closed: n("closed"),
            closed_too_slow: n("closed_too_slow"),
            seconds: f("seconds"),
            rss_kb: n("rss_kb"),
            nofile: n("nofile"),
            bytes: n("bytes"),
            detail: s("detail"),
        })
    }
}

/// `VmRSS` of `/proc/<pid>/status` (`self` for this process), in KiB.
pub fn rss_kb(pid: &str) -> u64 {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .ok()
        .and_then(|s| {
            s.lines()
                .find_map(|l| l.strip_prefix("VmRSS:"))
                .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        })
        .unwrap_or(0)
}

/// The soft limit on open files of this process (`/proc/self/limits`).
pub fn nofile_limit() -> u64 {
    std::fs::read_to_string("/proc/self/limits")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("Max open files"))
                .and_then(|l| l.split_whitespace().nth(3).map(str::to_string))
        })
        .map_or(0, |v| v.parse().unwrap_or(u64::MAX))
}
