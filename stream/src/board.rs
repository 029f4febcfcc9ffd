//! The running orders of each line (a tile's "batch 6 of 12"), followed on the order board
//! (`bus::board`) as the api and ingest write it after their commits: no polling.

use std::collections::HashMap;
use std::time::Duration;

use async_nats::jetstream;
use bus::board::{Board, Change};
use futures::StreamExt;
use model::schedule::Status;
use model::schedule::board::BoardEntry;
use uuid::Uuid;

use crate::Hub;
use crate::live::RunningOrder;

/// Follows the board until the task is aborted; a lost watch is opened again (the board is
/// then read afresh).
pub async fn follow(js: jetstream::Context, hub: Hub) {
    let mut wait = Duration::from_millis(200);
    loop {
        match watch(&js, &hub).await {
            Ok(()) => tracing::info!("order board watch ended; watching again"),
            Err(e) => tracing::warn!("order board unavailable: {e:#}"),
        }
        tokio::time::sleep(wait).await;
        wait = (wait * 2).min(Duration::from_secs(5));
    }
}

async fn watch(js: &jetstream::Context, hub: &Hub) -> anyhow::Result<()> {
    let changes = Board::open(js).await?.watch().await?;
    // What is ready is taken together: the history at the start is one update, not hundreds.
    let mut changes = std::pin::pin!(changes.ready_chunks(512));
    let mut on: HashMap<Uuid, BoardEntry> = HashMap::new();
    while let Some(chunk) = changes.next().await {
        for change in chunk {
            match change? {
                Change::Put(e) => {
                    on.insert(e.order_id, *e);
                }
                Change::Removed { order_id, .. } => {
                    on.remove(&order_id);
                }
            }
        }
        hub.set_orders(running(&on));
    }
    Ok(())
}

/// The running orders of each line, in the line's queue order.
pub fn running(on: &HashMap<Uuid, BoardEntry>) -> HashMap<String, Vec<RunningOrder>> {
    let mut entries: Vec<&BoardEntry> = on
        .values()
        .filter(|e| e.status == Status::Running)
        .collect();
    entries.sort_by(|a, b| (a.sequence, &a.order_number).cmp(&(b.sequence, &b.order_number)));
    let mut by_line: HashMap<String, Vec<RunningOrder>> = HashMap::new();
    for e in entries {
        by_line
            .entry(e.line_id.clone())
            .or_default()
            .push(RunningOrder {
                id: e.order_id.to_string(),
                order_number: e.order_number.clone(),
                name: e.name.clone(),
                batches: e.batches,
                batches_done: e.batches_done,
            });
    }
    by_line
}
