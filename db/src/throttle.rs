//! Sign-in throttling per account (by email, whether or not the account exists, so the answer
//! never tells which emails are registered). After five consecutive failures every further
//! attempt must wait, doubling from one second up to fifteen minutes; at most a hundred
//! failures an hour are accepted.

use chrono::{DateTime, Duration, Utc};
use sqlx::PgPool;

use crate::DbResult;

/// Failures allowed before attempts are delayed.
pub const FREE_FAILURES: i32 = 5;
/// Failures accepted per hour.
pub const HOURLY_FAILURES: i32 = 100;
/// Longest delay between two attempts.
pub const MAX_DELAY_S: i64 = 900;

/// When the next attempt is allowed after a failure, given the failure counts.
pub fn next_allowed(
    consecutive: i32,
    hour_failures: i32,
    hour_started: DateTime<Utc>,
    now: DateTime<Utc>,
) -> DateTime<Utc> {
    if hour_failures >= HOURLY_FAILURES {
        return hour_started + Duration::hours(1);
    }
    if consecutive < FREE_FAILURES {
        return now;
    }
    let exponent = (consecutive - FREE_FAILURES).min(20) as u32;
    now + Duration::seconds((1i64 << exponent).min(MAX_DELAY_S))
}

/// Seconds to wait before this email may try again (0 when it may try now).
pub async fn wait_seconds(db: &PgPool, email: &str) -> DbResult<i64> {
    let wait: Option<f64> = sqlx::query_scalar(
        "select extract(epoch from next_allowed_at - now())::float8 from login_throttle where email = lower($1)",
    )
    .bind(email.trim())
    .fetch_optional(db)
    .await?;
    Ok(wait.map_or(0, |s| s.max(0.0).ceil() as i64))
}

/// Counts a failed attempt and schedules when the next one is allowed.
pub async fn record_failure(db: &PgPool, email: &str) -> DbResult<()> {
    let (consecutive, hour_failures, hour_started): (i32, i32, DateTime<Utc>) = sqlx::query_as(
        "insert into login_throttle as t (email, consecutive_failures, hour_failures, hour_started_at) \
         values (lower($1), 1, 1, now()) \
         on conflict (email) do update set \
           hour_failures = case when t.hour_started_at < now() - interval '1 hour' then 1 else t.hour_failures + 1 end, \
           hour_started_at = case when t.hour_started_at < now() - interval '1 hour' then now() else t.hour_started_at end, \
           consecutive_failures = t.consecutive_failures + 1, updated_at = now() \
         returning consecutive_failures, hour_failures, hour_started_at",
    )
    .bind(email.trim())
    .fetch_one(db)
    .await?;
    let next = next_allowed(consecutive, hour_failures, hour_started, Utc::now());
    sqlx::query("update login_throttle set next_allowed_at = $2 where email = lower($1)")
        .bind(email.trim())
        .bind(next)
        .execute(db)
        .await?;
    Ok(())
}

/// A successful sign-in clears the consecutive count (the hourly count stays).
pub async fn record_success(db: &PgPool, email: &str) -> DbResult<()> {
    sqlx::query("update login_throttle set consecutive_failures = 0, next_allowed_at = now() where email = lower($1)")
        .bind(email.trim())
        .execute(db)
        .await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn five_failures_are_free_then_the_delay_doubles_up_to_the_cap() {
        let now = Utc::now();
        for n in 1..FREE_FAILURES {
            assert_eq!(next_allowed(n, n, now, now), now);
        }
        let delays: Vec<i64> = (5..=16)
            .map(|n| (next_allowed(n, n, now, now) - now).num_seconds())
            .collect();
        assert_eq!(&delays[..5], &[1, 2, 4, 8, 16]);
        assert!(delays.windows(2).all(|w| w[1] >= w[0]));
        assert_eq!(*delays.last().unwrap(), MAX_DELAY_S);
        assert_eq!(
            (next_allowed(60, 60, now, now) - now).num_seconds(),
            MAX_DELAY_S
        );
    }

    #[test]
    fn a_hundred_failures_in_an_hour_block_until_the_hour_is_over() {
        let started = Utc::now() - Duration::minutes(10);
        let now = Utc::now();
        assert_eq!(
            next_allowed(3, HOURLY_FAILURES, started, now),
            started + Duration::hours(1)
        );
    }
}
