//! The simulator as the plant's line controllers: it watches the order board (`bus::board`, the
//! JetStream key-value bucket `ORDERS`) and hands each line the entries under its id. A line seen on the board for the first time gets a controller of its own (see
//! [`crate::line`]), so a line configured after the simulator started runs its orders too.
//! A real controller needs nothing else: the bucket, the key `<lineId>.<orderId>` and the
//! [`BoardEntry`] JSON (docs/architecture.md "Order board").

use std::collections::HashMap;
use std::time::Duration;

use async_nats::jetstream;
use bus::board::{Board, Change};
use futures::StreamExt;
use model::schedule::board::BoardEntry;
use tokio::sync::watch;
use uuid::Uuid;

/// One line's orders on the board, by order id.
pub type Orders = HashMap<Uuid, BoardEntry>;

/// The lines the watcher feeds: each line's orders, and what to do with a new line.
pub struct Lines {
    channels: HashMap<String, watch::Sender<Orders>>,
    /// Called with a new line's id, code and its orders.
    spawn: Box<dyn FnMut(String, String, watch::Receiver<Orders>) + Send>,
}

impl Lines {
    pub fn new(
        spawn: impl FnMut(String, String, watch::Receiver<Orders>) + Send + 'static,
    ) -> Self {
        Lines {
            channels: HashMap::new(),
            spawn: Box::new(spawn),
        }
    }

    /// The orders of `line` (a line known before the board said anything of it).
    pub fn subscribe(&mut self, line: &str) -> watch::Receiver<Orders> {
        self.channels
            .entry(line.to_string())
            .or_insert_with(|| watch::channel(Orders::new()).0)
            .subscribe()
    }

    fn put(&mut self, e: BoardEntry) {
        let line = e.line_id.clone();
        if !self.channels.contains_key(&line) {
            let (tx, rx) = watch::channel(Orders::new());
            (self.spawn)(line.clone(), e.line_code.clone(), rx);
            self.channels.insert(line.clone(), tx);
        }
        self.channels[&line].send_modify(|m| {
            m.insert(e.order_id, e);
        });
    }

    fn remove(&mut self, line: &str, order: Uuid) {
        if let Some(tx) = self.channels.get(line) {
            tx.send_modify(|m| {
                m.remove(&order);
            });
        }
    }

    fn clear(&mut self) {
        for tx in self.channels.values() {
            tx.send_modify(HashMap::clear);
        }
    }
}

/// Watches the board until the task is dropped, feeding `lines`; a lost watch is opened again
/// (the board is then read afresh).
pub async fn watch(js: jetstream::Context, mut lines: Lines) {
    let mut wait = Duration::from_millis(200);
    loop {
        match follow(&js, &mut lines).await {
            Ok(()) => tracing::info!("order board watch ended; watching again"),
            Err(e) => tracing::warn!("order board unavailable: {e:#}"),
        }
        tokio::time::sleep(wait).await;
        wait = (wait * 2).min(Duration::from_secs(5));
    }
}

async fn follow(js: &jetstream::Context, lines: &mut Lines) -> anyhow::Result<()> {
    // With history: the last entry of every order first, then changes. A plain watch hears only
    // what is put after it starts, so a simulator (re)started after an order was released would
    // never run it.
    let mut changes = std::pin::pin!(Board::open(js).await?.watch().await?);
    lines.clear();
    while let Some(change) = changes.next().await {
        match change? {
            Change::Put(e) => lines.put(*e),
            Change::Removed { line_id, order_id } => lines.remove(&line_id, order_id),
        }
    }
    Ok(())
}
