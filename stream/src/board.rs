//! The running orders of each line (a tile's "batch 6 of 12"), followed on the order board
//! (`bus::board`) as the api and ingest write it after their commits: no polling.

use std::collections::HashMap;

use async_nats::jetstream;
use model::schedule::Status;
use model::schedule::board::BoardEntry;

use crate::Hub;
use crate::live::RunningOrder;

/// Follows the board until the task is aborted (`bus::board::follow`: a lost watch is opened
/// again, and the tiles keep what they show until the board is read through).
pub async fn follow(js: jetstream::Context, hub: Hub) {
    bus::board::follow(js, move |all| hub.set_orders(running(all.values()))).await;
}

/// The running orders of each line, in the line's queue order.
pub fn running<'a>(
    on: impl IntoIterator<Item = &'a BoardEntry>,
) -> HashMap<String, Vec<RunningOrder>> {
    let mut entries: Vec<&BoardEntry> = on
        .into_iter()
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
