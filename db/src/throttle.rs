//! Sign-in throttling (decision 92), by e-mail whether or not an account has it, so answers
//! never tell which e-mails are registered.
//!
//! Two counts of consecutive failures: per account and address pair, and per account over
//! every address. An attempt is *reserved* before the password is checked — counted as a
//! failure and its delay scheduled in one transaction holding both rows — so a parallel burst
//! cannot pass between a check and a record; a success clears both. A pair's first five
//! failures are free, then each attempt from that address waits 1 s, doubling up to 15 min. The
//! account's first twenty failures are free, then attempts from addresses that have not signed
//! in to it within 90 days wait 1 s, doubling up to 5 min; an address the account signed in
//! from is not slowed by what others try, so no stranger can lock a user out.

use chrono::{DateTime, Duration, Utc};

use sqlx::PgPool;

use crate::DbResult;

/// Failures of one address allowed before its attempts are delayed.
pub const FREE_PAIR_FAILURES: i32 = 5;
/// Longest delay of one address.
pub const MAX_PAIR_DELAY_S: i64 = 900;
/// Failures of an account over every address allowed before unknown addresses are delayed.
pub const FREE_ACCOUNT_FAILURES: i32 = 20;
/// Longest delay of an account for unknown addresses.
pub const MAX_ACCOUNT_DELAY_S: i64 = 300;
/// How long a successful sign-in makes an address known to the account.
pub const KNOWN_FOR_DAYS: i64 = 90;

/// The delay after `failures` consecutive failures: none for the first `free`, then 1 s
/// doubling up to `max` seconds.
pub fn delay(failures: i32, free: i32, max: i64) -> Duration {
    if failures < free {
        return Duration::zero();
    }
    let exponent = (failures - free).min(20) as u32;
    Duration::seconds((1i64 << exponent).min(max))
}

fn pair_key(email: &str, address: &str) -> String {
    format!("p:{} {address}", email.trim().to_lowercase())
}

fn account_key(email: &str) -> String {
    format!("a:{}", email.trim().to_lowercase())
}

/// One count of `auth_throttle`, read with the database's `now`.
#[derive(Debug, Clone)]
struct Count {
    key: String,
    failures: i32,
    next_allowed_at: DateTime<Utc>,
    last_success_at: Option<DateTime<Utc>>,
    now: DateTime<Utc>,
}

/// An attempt for `email` from `address`: reserved (counted as a failure until `succeeded`),
/// or the seconds to wait first.
pub async fn reserve(db: &PgPool, email: &str, address: &str) -> DbResult<Result<(), i64>> {
    let mut tx = db.begin().await?;
    let (pair, account) = (pair_key(email, address), account_key(email));
    // Both rows, locked in key order ('a:' < 'p:') so that concurrent attempts cannot deadlock.
    sqlx::query!(
        "insert into auth_throttle (key, next_allowed_at) values ($1, 'epoch'::timestamptz), ($2, 'epoch'::timestamptz) \
         order by 1 on conflict (key) do nothing",
        account,
        pair,
    )
    .execute(&mut *tx)
    .await?;
    // The database's clock throughout, as every other time of the throttle.
    let rows = sqlx::query_as!(
        Count,
        r#"select key, failures, next_allowed_at, last_success_at, now() as "now!" from auth_throttle
             where key = any($1) order by key for update"#,
        &[account.clone(), pair.clone()][..],
    )
    .fetch_all(&mut *tx)
    .await?;
    let row = |k: &str| rows.iter().find(|r| r.key == k).cloned();
    let (Some(a), Some(p)) = (row(&account), row(&pair)) else {
        return Err(crate::DbError::Sqlx(sqlx::Error::RowNotFound));
    };
    let now = p.now;
    let known = p
        .last_success_at
        .is_some_and(|at| at > now - Duration::days(KNOWN_FOR_DAYS));
    let until = if known {
        p.next_allowed_at
    } else {
        p.next_allowed_at.max(a.next_allowed_at)
    };
    if until > now {
        return Ok(Err(
            ((until - now).num_milliseconds() as f64 / 1000.0).ceil() as i64,
        ));
    }
    let pair_next = now + delay(p.failures + 1, FREE_PAIR_FAILURES, MAX_PAIR_DELAY_S);
    let account_next = now + delay(a.failures + 1, FREE_ACCOUNT_FAILURES, MAX_ACCOUNT_DELAY_S);
    sqlx::query!(
        "update auth_throttle set failures = failures + 1, updated_at = now(), \
           next_allowed_at = case when key = $1 then $3::timestamptz else $4::timestamptz end \
         where key = $1 or key = $2",
        pair,
        account,
        pair_next,
        account_next,
    )
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(Ok(()))
}

/// A successful sign-in from `address` clears both counts and makes the address known.
pub async fn succeeded(db: &PgPool, email: &str, address: &str) -> DbResult<()> {
    sqlx::query!(
        "update auth_throttle set failures = 0, next_allowed_at = now(), updated_at = now(), \
           last_success_at = case when key = $1 then now() else last_success_at end \
         where key = $1 or key = $2",
        pair_key(email, address),
        account_key(email),
    )
    .execute(db)
    .await?;
    Ok(())
}

/// A password set by other means (a reset by mail): the account's counts cleared, every
/// address's too.
pub async fn clear(db: &PgPool, email: &str) -> DbResult<()> {
    let email = email.trim().to_lowercase();
    sqlx::query!(
        "update auth_throttle set failures = 0, next_allowed_at = now(), updated_at = now() \
         where key = $1 or key like $2",
        format!("a:{email}"),
        format!(
            "p:{} %",
            email
                .replace('\\', "\\\\")
                .replace('%', "\\%")
                .replace('_', "\\_")
        ),
    )
    .execute(db)
    .await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn free_failures_then_the_delay_doubles_up_to_the_cap() {
        for n in 0..FREE_PAIR_FAILURES {
            assert_eq!(
                delay(n, FREE_PAIR_FAILURES, MAX_PAIR_DELAY_S),
                Duration::zero()
            );
        }
        let delays: Vec<i64> = (5..=16)
            .map(|n| delay(n, FREE_PAIR_FAILURES, MAX_PAIR_DELAY_S).num_seconds())
            .collect();
        assert_eq!(&delays[..5], &[1, 2, 4, 8, 16]);
        assert!(delays.windows(2).all(|w| w[1] >= w[0]));
        assert_eq!(*delays.last().unwrap(), MAX_PAIR_DELAY_S);
        assert_eq!(
            delay(500, FREE_ACCOUNT_FAILURES, MAX_ACCOUNT_DELAY_S).num_seconds(),
            MAX_ACCOUNT_DELAY_S
        );
    }
}
