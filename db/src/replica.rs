//! Reads from a hot standby (issue 36, decision 120): reports, dashboards and exports read the
//! pool [`Reads::pool`] gives, the standby's while it is up and no more than `max_lag` behind
//! the primary, the primary's otherwise.
//!
//! How far behind is measured without comparing clocks of two hosts: every `every` the watcher
//! notes the primary's WAL position (`pg_current_wal_lsn`) with the moment it saw it, and asks
//! the standby how far it has replayed (`pg_last_wal_replay_lsn`). The standby is behind by the
//! age of the oldest noted position it has not replayed yet (zero when it has replayed the
//! newest), to within one `every`. A standby that does not answer within a second, or is not
//! in recovery any more (promoted: it is a primary of its own now), is not read.

use std::collections::VecDeque;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use crate::PgPool;

/// The pool reads are served from, and the standby's state.
#[derive(Clone)]
pub struct Reads {
    primary: PgPool,
    standby: Option<Standby>,
}

#[derive(Clone)]
struct Standby {
    pool: PgPool,
    /// Whether reads go to the standby now (set by [`Reads::watch`]; false until it has looked).
    usable: Arc<AtomicBool>,
    /// The lag last measured, in milliseconds (`u64::MAX`: the standby did not answer).
    lag_ms: Arc<AtomicU64>,
}

/// What one look at the standby found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Look {
    /// In recovery and this far behind the primary.
    Behind(Duration),
    /// Not in recovery: promoted, a primary of its own.
    Promoted,
    /// No answer (down, refusing, or slower than a second).
    Down,
}

/// Where reads go, for the operations page and the logs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReadTarget {
    /// No standby is configured.
    Primary,
    Standby,
    /// A standby is configured but not read: down, promoted or too far behind.
    Fallback,
}

impl Reads {
    /// Every read from the primary (no `DATABASE_READ_URL`).
    pub fn primary(pool: PgPool) -> Reads {
        Reads {
            primary: pool,
            standby: None,
        }
    }

    /// Reads from `standby` once [`Reads::watch`] has found it current.
    pub fn with_standby(primary: PgPool, standby: PgPool) -> Reads {
        Reads {
            primary,
            standby: Some(Standby {
                pool: standby,
                usable: Arc::new(AtomicBool::new(false)),
                lag_ms: Arc::new(AtomicU64::new(u64::MAX)),
            }),
        }
    }

    /// The pool to read from now.
    pub fn pool(&self) -> &PgPool {
        match &self.standby {
            Some(s) if s.usable.load(Ordering::Relaxed) => &s.pool,
            _ => &self.primary,
        }
    }

    /// Where reads go now, and the standby's lag last measured (none without a standby or
    /// while it does not answer).
    pub fn target(&self) -> (ReadTarget, Option<Duration>) {
        match &self.standby {
            None => (ReadTarget::Primary, None),
            Some(s) => {
                let lag = match s.lag_ms.load(Ordering::Relaxed) {
                    u64::MAX => None,
                    ms => Some(Duration::from_millis(ms)),
                };
                let target = if s.usable.load(Ordering::Relaxed) {
                    ReadTarget::Standby
                } else {
                    ReadTarget::Fallback
                };
                (target, lag)
            }
        }
    }

    /// Looks at the standby every `every` until `stop` resolves: reads go to it while it
    /// answers and is at most `max_lag` behind. Returns at once without a standby.
    pub async fn watch(&self, max_lag: Duration, every: Duration, stop: impl Future<Output = ()>) {
        let Some(standby) = &self.standby else {
            return;
        };
        let mut stop = std::pin::pin!(stop);
        // Kept for twice the allowed lag: a standby behind all of them is behind by at least
        // the oldest's age, clearly more than allowed (the lag shown stops growing there).
        let mut noted = Noted::new(max_lag * 2 + every * 2);
        let mut tick = tokio::time::interval(every);
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            tokio::select! {
                _ = tick.tick() => {},
                _ = &mut stop => return,
            }
            let look = look(&self.primary, &standby.pool, &mut noted).await;
            let (usable, lag_ms) = match look {
                Look::Behind(lag) => (lag <= max_lag, lag.as_millis() as u64),
                Look::Promoted => (false, 0),
                Look::Down => (false, u64::MAX),
            };
            standby.lag_ms.store(lag_ms, Ordering::Relaxed);
            if standby.usable.swap(usable, Ordering::Relaxed) != usable {
                if usable {
                    tracing::info!(?look, "reports read the standby");
                } else {
                    tracing::warn!(
                        ?look,
                        ?max_lag,
                        "reports read the primary: the standby is not current"
                    );
                }
            }
        }
    }
}

/// The primary's WAL positions noted over the last while, oldest first.
struct Noted {
    keep: Duration,
    positions: VecDeque<(Instant, u64)>,
}

impl Noted {
    fn new(keep: Duration) -> Noted {
        Noted {
            keep,
            positions: VecDeque::new(),
        }
    }

    fn note(&mut self, at: Instant, position: u64) {
        while self
            .positions
            .front()
            .is_some_and(|(t, _)| at.duration_since(*t) > self.keep)
        {
            self.positions.pop_front();
        }
        self.positions.push_back((at, position));
    }

    /// How far behind a standby that replayed up to `replayed` is at `now`: the age of the
    /// oldest noted position beyond it; zero when it replayed the newest. A standby behind
    /// every position kept is behind by at least the oldest one's age.
    fn lag(&self, replayed: u64, now: Instant) -> Duration {
        self.positions
            .iter()
            .find(|(_, p)| *p > replayed)
            .map_or(Duration::ZERO, |(t, _)| now.duration_since(*t))
    }
}

/// A WAL position as Postgres writes it (`16/B374D848`: the high and low 32 bits in hex).
pub fn parse_lsn(text: &str) -> Option<u64> {
    let (hi, lo) = text.split_once('/')?;
    Some((u64::from_str_radix(hi, 16).ok()? << 32) | u64::from_str_radix(lo, 16).ok()?)
}

/// One look: the primary's position noted, the standby's replay compared with what was noted.
async fn look(primary: &PgPool, standby: &PgPool, noted: &mut Noted) -> Look {
    let wait = Duration::from_secs(1);
    let at = Instant::now();
    let current = tokio::time::timeout(
        wait,
        sqlx::query_scalar!("select pg_current_wal_lsn()::text").fetch_one(primary),
    )
    .await;
    if let Ok(Ok(Some(p))) = current
        && let Some(p) = parse_lsn(&p)
    {
        noted.note(at, p);
    }
    let replay = tokio::time::timeout(
        wait,
        sqlx::query!(
            r#"select pg_is_in_recovery() as "recovery!", pg_last_wal_replay_lsn()::text as replayed"#
        )
        .fetch_one(standby),
    )
    .await;
    match replay {
        Ok(Ok(r)) if !r.recovery => Look::Promoted,
        Ok(Ok(r)) => match r.replayed.as_deref().and_then(parse_lsn) {
            Some(replayed) => Look::Behind(noted.lag(replayed, Instant::now())),
            None => Look::Down,
        },
        _ => Look::Down,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_are_read_as_postgres_writes_them() {
        assert_eq!(parse_lsn("0/0"), Some(0));
        assert_eq!(parse_lsn("16/B374D848"), Some((0x16 << 32) | 0xB374_D848));
        assert_eq!(parse_lsn("junk"), None);
        assert_eq!(parse_lsn("1/xyz"), None);
    }

    #[test]
    fn the_lag_is_the_age_of_the_oldest_position_not_replayed() {
        let t0 = Instant::now();
        let s = Duration::from_secs;
        let mut n = Noted::new(s(10));
        n.note(t0, 100);
        n.note(t0 + s(1), 200);
        n.note(t0 + s(2), 300);
        // Replayed everything: current.
        assert_eq!(n.lag(300, t0 + s(3)), Duration::ZERO);
        // Replayed what the primary had at t0+1 s, not what it had at t0+2 s.
        assert_eq!(n.lag(250, t0 + s(3)), s(1));
        // Nothing of it: behind since the oldest noted position.
        assert_eq!(n.lag(50, t0 + s(3)), s(3));
        // Positions older than the window are forgotten.
        n.note(t0 + s(12), 400);
        assert_eq!(n.positions.len(), 2);
        assert_eq!(n.lag(50, t0 + s(12)), s(10));
    }
}
