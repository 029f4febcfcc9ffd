//! Two `batchline ingest` processes on one durable consumer (issue 36, item 4): one killed
//! (SIGKILL) in the middle of its binary `COPY`, then one killed in the middle of the
//! conflict-checking insert that follows a `COPY` refused for a row stored already; the next
//! process stores everything, each sample once, and the batch summaries agree with the raw rows.
//!
//! How a process is caught at the moment: a row trigger on `process_sample` (this test's
//! database only) waits on an advisory lock the test holds, at the fifth row of the statement
//! kind the test names (`copy` or `insert`); the test sees that backend waiting in
//! `pg_stat_activity`, kills the process that runs it, starts another and lets go of the lock.

use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use chrono::Utc;
use model::wire::{Envelope, ProcessSample};
use sqlx::PgPool;
use testkit::NatsServer;
use uuid::Uuid;

const HOLD: &str = "
create table hold (kind text primary key);
create sequence hold_row;
create function hold_at_fifth_row() returns trigger language plpgsql as $$
begin
  if exists (select 1 from hold
             where kind = case when current_query() ilike 'copy%' then 'copy' else 'insert' end) then
    if nextval('hold_row') = 5 then
      perform pg_advisory_lock(4242);
      perform pg_advisory_unlock(4242);
    end if;
  end if;
  return new;
end $$;
create trigger hold_at_fifth_row before insert on process_sample
  for each row execute function hold_at_fifth_row();
";

/// This test database's URL (the one `sqlx::test` made), for the processes.
fn url_of(pool: &PgPool) -> String {
    let base = std::env::var("DATABASE_URL").expect("DATABASE_URL");
    let db = pool
        .connect_options()
        .get_database()
        .expect("a database name")
        .to_string();
    let (prefix, _) = base
        .rsplit_once('/')
        .expect("DATABASE_URL ends with its database");
    format!("{prefix}/{db}")
}

struct Ingest(Child);

impl Ingest {
    fn start(url: &str, nats: &NatsServer) -> Ingest {
        Ingest(
            Command::new(env!("CARGO_BIN_EXE_batchline"))
                .arg("ingest")
                .env("DATABASE_URL", url)
                .env("NATS_URL", nats.url())
                .env("PLANT_STREAM_MAX_BYTES", (256u64 << 20).to_string())
                .env("LOG", "warn")
                .stdin(Stdio::null())
                .stdout(Stdio::null())
                .spawn()
                .expect("batchline ingest"),
        )
    }

    /// SIGKILL, and waits for it to be gone.
    fn kill(mut self) {
        self.0.kill().expect("kill");
        self.0.wait().expect("wait");
    }
}

impl Drop for Ingest {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// `n` messages of 20 process samples of line L1, in batch B1 (which the batch summaries sum).
fn samples(n: usize) -> Vec<Vec<ProcessSample>> {
    (0..n)
        .map(|m| {
            (0..20)
                .map(|i| ProcessSample {
                    id: Uuid::now_v7(),
                    time: Utc::now(),
                    batch_id: Some("B1".into()),
                    parameter_code: format!("P{}", i % 4),
                    value: (m * 20 + i) as f64,
                })
                .collect()
        })
        .collect()
}

async fn publish(js: &async_nats::jetstream::Context, messages: &[Vec<ProcessSample>]) {
    let msgs = messages
        .iter()
        .map(|s| testkit::encoded(&Envelope::new("L1", s.clone())))
        .collect();
    testkit::publish_all(js, msgs).await;
}

/// Waits until a backend runs a statement starting with `start` and waits on a lock.
async fn wait_held(pool: &PgPool, start: &str) {
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        let held: bool = sqlx::query_scalar(
            "select exists (select 1 from pg_stat_activity
              where datname = current_database() and query ilike $1 and wait_event_type = 'Lock')",
        )
        .bind(format!("{start}%"))
        .fetch_one(pool)
        .await
        .unwrap();
        if held {
            return;
        }
        assert!(Instant::now() < deadline, "no `{start}` held within 60 s");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

async fn count(pool: &PgPool, sql: &str) -> i64 {
    sqlx::query_scalar(sqlx::AssertSqlSafe(sql.to_string()))
        .fetch_one(pool)
        .await
        .unwrap()
}

/// Waits until `want` samples are stored (more fails at once), then checks each is there once
/// and the summaries agree.
async fn stored_once(pool: &PgPool, want: i64) {
    testkit::wait_count(
        pool,
        "select count(*) from process_sample",
        |n| {
            assert!(
                n <= want,
                "{n} samples stored, more than the {want} published"
            );
            n == want
        },
        Duration::from_secs(90),
    )
    .await;
    assert_eq!(
        count(pool, "select count(distinct id) from process_sample").await,
        want
    );
    assert_eq!(
        count(
            pool,
            "select coalesce(sum(samples), 0)::bigint from batch_parameter"
        )
        .await,
        want
    );
    let failed = db::ingest::check::rollup_mismatches(pool).await.unwrap();
    assert!(failed.is_empty(), "{failed:#?}");
}

/// Holds the lock and arms the trigger for statements of `kind` (`copy`, `insert`).
async fn hold(pool: &PgPool, lock: &mut sqlx::PgConnection, kind: &str) {
    sqlx::query("select pg_advisory_lock(4242)")
        .execute(&mut *lock)
        .await
        .unwrap();
    sqlx::query("insert into hold values ($1)")
        .bind(kind)
        .execute(pool)
        .await
        .unwrap();
    sqlx::query("select setval('hold_row', 1, false)")
        .execute(pool)
        .await
        .unwrap();
}

/// Disarms the trigger and lets the held statement go on.
async fn release(pool: &PgPool, lock: &mut sqlx::PgConnection) {
    sqlx::query("delete from hold").execute(pool).await.unwrap();
    sqlx::query("select pg_advisory_unlock(4242)")
        .execute(&mut *lock)
        .await
        .unwrap();
}

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn an_ingest_killed_during_copy_or_its_conflict_fallback_loses_and_doubles_nothing(
    pool: PgPool,
) {
    sqlx::raw_sql(HOLD).execute(&pool).await.unwrap();
    let url = url_of(&pool);
    let nats = NatsServer::start().await;
    let js = async_nats::jetstream::new(nats.client().await);
    // The lock the trigger waits on, held by a connection of its own.
    let mut lock = pool.acquire().await.unwrap();

    // 1. Killed during COPY.
    hold(&pool, &mut lock, "copy").await;
    let first = Ingest::start(&url, &nats);
    let batch = samples(50);
    publish(&js, &batch).await;
    wait_held(&pool, "copy process_sample").await;
    first.kill();
    // The held COPY had not committed: part of the data is still to be stored.
    assert!(count(&pool, "select count(*) from process_sample").await < 50 * 20);
    let second = Ingest::start(&url, &nats);
    release(&pool, &mut lock).await;
    stored_once(&pool, 50 * 20).await;

    // 2. Killed during the conflict-checking insert: messages holding samples stored already
    // (a gateway resending under new message ids) beside new ones make the COPY fail.
    hold(&pool, &mut lock, "insert").await;
    let fresh = samples(30);
    let mixed: Vec<Vec<ProcessSample>> = fresh
        .iter()
        .zip(&batch)
        .map(|(new, old)| old[..10].iter().chain(new).cloned().collect())
        .collect();
    publish(&js, &mixed).await;
    wait_held(&pool, "with ins as").await;
    second.kill();
    assert!(count(&pool, "select count(*) from process_sample").await < 50 * 20 + 30 * 20);
    let third = Ingest::start(&url, &nats);
    release(&pool, &mut lock).await;
    stored_once(&pool, 50 * 20 + 30 * 20).await;
    third.kill();
}
