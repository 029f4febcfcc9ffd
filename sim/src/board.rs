//! The simulator as the plant's line controllers: it watches the order board (`bus::board`, the
//! JetStream key-value bucket `ORDERS`) and hands each line the entries under its id. A line seen on the board for the first time gets a controller of its own (see
//! [`crate::line`]), so a line configured after the simulator started runs its orders too.
//! A real controller needs nothing else: the bucket, the key `<lineId>.<orderId>` and the
//! [`BoardEntry`] JSON (docs/architecture.md "Order board").

use std::collections::HashMap;

use async_nats::jetstream;
use bus::board::Entries;
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

    /// Hands each line its orders of the whole board `all` (a line not on it has none); a
    /// line seen for the first time gets its controller.
    fn replace(&mut self, all: &Entries) {
        let mut by_line: HashMap<&str, Orders> = HashMap::new();
        for ((line, order), e) in all {
            if !self.channels.contains_key(line) {
                let (tx, rx) = watch::channel(Orders::new());
                (self.spawn)(line.clone(), e.line_code.clone(), rx);
                self.channels.insert(line.clone(), tx);
            }
            by_line.entry(line).or_default().insert(*order, e.clone());
        }
        for (line, tx) in &self.channels {
            let orders = by_line.remove(line.as_str()).unwrap_or_default();
            tx.send_if_modified(|m| {
                let changed = *m != orders;
                if changed {
                    *m = orders;
                }
                changed
            });
        }
    }
}

/// Watches the board until the task is dropped, feeding `lines` (`bus::board::follow`: a lost
/// watch is opened again, and the lines keep their orders until the board is read through).
pub async fn watch(js: jetstream::Context, mut lines: Lines) {
    bus::board::follow(js, move |all| lines.replace(all)).await;
}
