//! The order board's latency (issue 31, decision 98): a change to an order committed in
//! Postgres → seen by a line controller watching the board, written the way the api and ingest
//! write it (`bus::board::Board::publish` right after the commit: the order read back from the
//! database, then put), against a bare key-value put → watch of the same entry in the same run.
//! `BENCH_ONLY=board`; `BENCH_BOARD_ROUNDS` (default 300) changes per round, `BENCH_RUNS`
//! (default 3) rounds, medians printed.

use std::time::{Duration, Instant};

use async_nats::jetstream;
use bus::board::{Board, Change};
use futures::StreamExt;
use tokio::sync::mpsc;
use uuid::Uuid;

use crate::{env_or, median, pct};

/// One round: `rounds` changes through `change`, each timed from its start to the watcher.
async fn round<F, Fut>(
    seen: &mut mpsc::UnboundedReceiver<(i32, Instant)>,
    rounds: i32,
    first: i32,
    mut change: F,
) -> anyhow::Result<Vec<f64>>
where
    F: FnMut(i32) -> Fut,
    Fut: std::future::Future<Output = anyhow::Result<Instant>>,
{
    let mut ms = Vec::with_capacity(rounds as usize);
    for i in first..first + rounds {
        let started = change(i).await?;
        loop {
            let (done, at) = tokio::time::timeout(Duration::from_secs(5), seen.recv())
                .await?
                .ok_or_else(|| anyhow::anyhow!("the board watch ended"))?;
            if done == i {
                ms.push(at.duration_since(started).as_secs_f64() * 1000.0);
                break;
            }
        }
    }
    ms.sort_by(f64::total_cmp);
    Ok(ms)
}

pub async fn run(url: &str) -> anyhow::Result<()> {
    let pool = db::connect(url, 4).await?;
    db::migrate(&pool).await?;
    let nats = testkit::NatsServer::start().await;
    let js = jetstream::new(nats.client().await);
    let board = Board::open(&js).await?;
    let (tx, mut seen) = mpsc::unbounded_channel();
    let mut changes = Box::pin(board.watch().await?);
    tokio::spawn(async move {
        while let Some(Ok(c)) = changes.next().await {
            if let Change::Put(e) = c {
                let _ = tx.send((e.batches_done, Instant::now()));
            }
        }
    });

    // One line and one released order with a control recipe, as the api leaves them.
    let line = Uuid::now_v7();
    sqlx::query(
        "insert into line (id, name, code, timezone) values ($1, 'Board bench', 'BB1', 'UTC')",
    )
    .bind(line)
    .execute(&pool)
    .await?;
    let order = Uuid::now_v7();
    sqlx::query(
        "insert into production_schedule (id, line_id, order_number, name, batch_size_kg, batches,
            planned_start, sequence, status, control_recipe)
         values ($1, $2, 'BB-1', 'Board bench', 1000, 1000000, now(), 1, 'RELEASED', $3)",
    )
    .bind(order)
    .bind(line)
    .bind(serde_json::json!({
        "recipeId": null, "recipeCode": "BB", "recipeName": "Board bench", "recipeVersion": 1,
        "medicationClass": "NONE", "batchSizeKg": 1000.0,
        "weighings": [], "mixing": [], "miscellaneous": []
    }))
    .execute(&pool)
    .await?;
    let template = db::schedules::get(&pool, order)
        .await?
        .and_then(|o| o.board_entry())
        .ok_or_else(|| anyhow::anyhow!("the bench order has no board entry"))?;

    let rounds = env_or("BENCH_BOARD_ROUNDS", 300i32);
    let runs = env_or("BENCH_RUNS", 3usize);
    println!(
        "order board: a committed change → a watching controller, {rounds} changes × {runs} rounds"
    );
    let (mut ours, mut bare) = (Vec::new(), Vec::new());
    let mut next = 1;
    for run in 1..=runs {
        // As the api and ingest do it: commit, then read the order back and put it.
        let board_ours = board.clone();
        let pool_ours = pool.clone();
        let ms = round(&mut seen, rounds, next, |i| {
            let (board, pool) = (board_ours.clone(), pool_ours.clone());
            async move {
                let mut tx = pool.begin().await?;
                sqlx::query("update production_schedule set batches_done = $2, updated_at = now() where id = $1")
                    .bind(order)
                    .bind(i)
                    .execute(&mut *tx)
                    .await?;
                tx.commit().await?;
                let committed = Instant::now();
                board
                    .publish(db::schedules::board_entries(&pool, &[order]))
                    .await;
                Ok(committed)
            }
        })
        .await?;
        next += rounds;
        // The floor: the same entry put as it is, no database read.
        let board_bare = board.clone();
        let template = template.clone();
        let floor = round(&mut seen, rounds, next, |i| {
            let board = board_bare.clone();
            let mut e = template.clone();
            e.batches_done = i;
            async move {
                let started = Instant::now();
                board.put(&e).await?;
                Ok(started)
            }
        })
        .await?;
        next += rounds;
        println!(
            "  run {run}: commit → seen p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms; bare put → seen p50 {:.2} ms, p99 {:.2} ms",
            pct(&ms, 0.5),
            pct(&ms, 0.99),
            pct(&ms, 1.0),
            pct(&floor, 0.5),
            pct(&floor, 0.99)
        );
        ours.push((pct(&ms, 0.5), pct(&ms, 0.99)));
        bare.push((pct(&floor, 0.5), pct(&floor, 0.99)));
    }
    let (p50, p99) = (
        median(ours.iter().map(|r| r.0).collect()),
        median(ours.iter().map(|r| r.1).collect()),
    );
    let (b50, b99) = (
        median(bare.iter().map(|r| r.0).collect()),
        median(bare.iter().map(|r| r.1).collect()),
    );
    println!(
        "  median of {runs}: commit → seen p50 {p50:.2} ms, p99 {p99:.2} ms (goal ≤ 200 ms); bare put → seen p50 {b50:.2} ms, p99 {b99:.2} ms; ratio p99 {:.1}×",
        p99 / b99.max(f64::EPSILON)
    );
    pool.close().await;
    Ok(())
}
