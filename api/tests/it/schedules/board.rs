//! The order board follows every commit that changes an order, with no sweep running: a user's
//! move through the api, a place in the queue moved by a new order, and the plant's progress
//! through ingest (RUNNING, batches done, COMPLETED and off the board). Each change is waited
//! for on the board itself, well inside the reconciling sweep's 30 s.

use std::collections::HashMap;
use std::time::{Duration, Instant};

use bus::board::{Board, Change};
use futures::StreamExt;
use model::schedule::Status;
use model::schedule::board::BoardEntry;
use model::wire::{BatchEventKind, Envelope};
use sqlx::PgPool;
use testkit::NatsServer;
use tokio::sync::watch;
use uuid::Uuid;

use super::Plan;
use crate::harness::TestApp;
use crate::recipes::id;

/// What the board holds, kept by a watcher like a line controller's.
struct Seen(watch::Receiver<HashMap<Uuid, BoardEntry>>);

impl Seen {
    async fn follow(board: &Board) -> Seen {
        let mut changes = Box::pin(board.watch().await.unwrap());
        let (tx, rx) = watch::channel(HashMap::new());
        tokio::spawn(async move {
            while let Some(Ok(c)) = changes.next().await {
                tx.send_modify(|m| match c {
                    Change::Put(e) => {
                        m.insert(e.order_id, *e);
                    }
                    Change::Removed { order_id, .. } => {
                        m.remove(&order_id);
                    }
                    Change::Current => {}
                });
            }
        });
        Seen(rx)
    }

    /// Waits until the board satisfies `ok` (what it waited for is printed with the time).
    async fn until(&mut self, what: &str, ok: impl Fn(&HashMap<Uuid, BoardEntry>) -> bool) {
        let started = Instant::now();
        let found = tokio::time::timeout(Duration::from_secs(10), self.0.wait_for(|m| ok(m)))
            .await
            .is_ok_and(|r| r.is_ok());
        assert!(
            found,
            "the board never showed {what}: {:?}",
            *self.0.borrow()
        );
        println!("board: {what} after {:?}", started.elapsed());
    }
}

fn order_id(v: &serde_json::Value) -> Uuid {
    Uuid::parse_str(&id(v)).unwrap()
}

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn every_committed_change_reaches_the_board_without_the_sweep(pool: PgPool) {
    let nats = NatsServer::start().await;
    let client = nats.client().await;
    let js = async_nats::jetstream::new(client.clone());
    let app = TestApp::with_nats(pool.clone(), client.clone()).await;
    let plan = Plan::new(&app).await;
    let board = Board::open(&js).await.unwrap();
    let mut seen = Seen::follow(&board).await;

    // A user's moves: released, held, resumed.
    let recipe = plan.recipe("GROW", "NONE").await;
    let first = plan.add(plan.order("PO-1", &recipe, 2)).await.ok()["data"].clone();
    let o1 = order_id(&first);
    plan.status(&id(&first), "RELEASED").await.ok();
    seen.until("PO-1 released", |m| {
        m.get(&o1).is_some_and(|e| e.status == Status::Released)
    })
    .await;
    plan.status(&id(&first), "ON_HOLD").await.ok();
    seen.until("PO-1 on hold", |m| {
        m.get(&o1).is_some_and(|e| e.status == Status::OnHold)
    })
    .await;
    plan.status(&id(&first), "RELEASED").await.ok();
    seen.until("PO-1 resumed", |m| {
        m.get(&o1).is_some_and(|e| e.status == Status::Released)
    })
    .await;

    // A new order placed before it moves its place in the line's queue.
    let mut body = plan.order("PO-0", &recipe, 1);
    body["sequence"] = serde_json::json!(1);
    let zero = plan.add(body).await.ok()["data"].clone();
    assert_eq!(zero["sequence"], 1, "{zero}");
    seen.until("PO-1 second in the queue", |m| {
        m.get(&o1).is_some_and(|e| e.sequence == 2)
    })
    .await;

    // The plant's progress, through ingest: a batch started, one completed, the last completed.
    let stream = ingest::StreamSettings::small();
    let ingest = tokio::spawn(ingest::run(
        pool.clone(),
        js.clone(),
        ingest::Config {
            stream,
            ..Default::default()
        },
        std::future::pending(),
    ));
    let mut out = bus::Publisher::new(js.clone(), 16);
    let line = plan.line.id.clone();
    let event = |kind, batch: &str, actual| {
        let mut b = testkit::samples::batch(kind, batch, 1000.0, actual);
        b.production_schedule_id = Some(o1.to_string());
        Envelope::new(&line, vec![b])
    };
    out.send(&event(BatchEventKind::Started, "PL1-1", None))
        .await;
    out.flush().await;
    seen.until("PO-1 running", |m| {
        m.get(&o1).is_some_and(|e| e.status == Status::Running)
    })
    .await;
    out.send(&event(BatchEventKind::Ended, "PL1-1", Some(1000.0)))
        .await;
    out.flush().await;
    seen.until("PO-1 one batch done", |m| {
        m.get(&o1).is_some_and(|e| e.batches_done == 1)
    })
    .await;
    out.send(&event(BatchEventKind::Ended, "PL1-2", Some(1000.0)))
        .await;
    out.flush().await;
    seen.until("PO-1 completed and off the board", |m| !m.contains_key(&o1))
        .await;
    assert_eq!(plan.get(&o1.to_string()).await["status"], "COMPLETED");

    // Deleted: off the board too.
    let zero_id = order_id(&zero);
    plan.status(&id(&zero), "RELEASED").await.ok();
    seen.until("PO-0 released", |m| m.contains_key(&zero_id))
        .await;
    plan.f
        .post(
            "/api/productionschedules/delete",
            serde_json::json!({ "id": id(&zero) }),
        )
        .await
        .ok();
    seen.until("PO-0 deleted and off the board", |m| {
        !m.contains_key(&zero_id)
    })
    .await;
    ingest.abort();
}
