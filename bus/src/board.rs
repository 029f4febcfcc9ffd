//! The order board: how a line controller learns its orders. A JetStream key-value bucket
//! (`ORDERS`) holds one [`BoardEntry`] per released, running or held order under
//! `<lineId>.<orderId>`; whoever commits a change to an order (the api for a user's move, ingest
//! for the plant's progress) writes its entry right after the commit ([`Board::publish`]), and a
//! slow reconciling sweep ([`Board::reconcile`]) repairs what a failed write or a crash between
//! commit and write left behind. The controller watches its line's keys ([`Board::watch`]).
//! Documented in docs/architecture.md ("Order board").

use std::collections::HashMap;
use std::future::Future;
use std::sync::Arc;

use async_nats::jetstream::{self, kv};
use futures::{Stream, StreamExt};
use model::schedule::Status;
use model::schedule::board::BoardEntry;
use tokio::sync::Mutex;
use uuid::Uuid;

use crate::subjects::{BOARD_BUCKET, board_key, parse_board_key};

/// A change on the board, as a watcher hears it.
#[derive(Debug, Clone, PartialEq)]
pub enum Change {
    /// An order's entry, new or changed.
    Put(Box<BoardEntry>),
    /// An order left the board (finished, cancelled, deleted).
    Removed { line_id: String, order_id: Uuid },
    /// The board as it was when the watch began is read through: only from here is a
    /// watcher's picture the whole board (an order it lacks before may just not be read yet).
    /// A board that never held an entry (new, or its store lost) is not known to be empty: it
    /// is read through with its first entry.
    Current,
}

/// The whole board: every entry, by line and order.
pub type Entries = HashMap<(String, Uuid), BoardEntry>;

/// The board's bucket.
#[derive(Clone)]
pub struct Board {
    kv: kv::Store,
    /// Held from reading what the board should show to writing it ([`Board::publish`]), so two
    /// writers of one process cannot put an older read after a newer one.
    order: Arc<Mutex<()>>,
}

fn bytes(e: &BoardEntry) -> bytes::Bytes {
    serde_json::to_vec(e).unwrap_or_default().into()
}

impl Board {
    /// The bucket, created when missing.
    pub async fn open(js: &jetstream::Context) -> anyhow::Result<Board> {
        let kv = crate::open_bucket(js, BOARD_BUCKET).await?;
        Ok(Board {
            kv,
            order: Arc::default(),
        })
    }

    /// Shows what the board should hold of order `id` now: `entry` is the order as committed
    /// (`None` when it was deleted). An order on the board (`Status::on_board`) is put; any
    /// other is removed, an aborted one after its final entry is put, so its controller stops
    /// the running batch.
    async fn show(&self, id: Uuid, entry: Option<&BoardEntry>) -> anyhow::Result<()> {
        let Some(e) = entry else {
            // Deleted: the key is found by its order (the line is not known any more).
            for k in self.keys().await? {
                if parse_board_key(&k).is_some_and(|(_, o)| o == id) {
                    self.kv.delete(&k).await?;
                }
            }
            return Ok(());
        };
        let k = board_key(&e.line_id, e.order_id);
        if e.status.on_board() {
            self.kv.put(&k, bytes(e)).await?;
        } else {
            if e.status == Status::Aborted {
                self.kv.put(&k, bytes(e)).await?;
            }
            self.kv.delete(&k).await?;
        }
        Ok(())
    }

    /// Reads what the board should show of some orders after a commit (`read`: each order's
    /// entry, or `None` when it is not on the board in any form) and shows it. Reading and
    /// writing happen under one lock, so within a process the board never goes back to an
    /// older read; a failure is logged and left to the reconciling sweep.
    pub async fn publish<F, E>(&self, read: F)
    where
        F: Future<Output = Result<Vec<(Uuid, Option<BoardEntry>)>, E>>,
        E: std::fmt::Display,
    {
        let _in_turn = self.order.lock().await;
        match read.await {
            Ok(orders) => self.show_each(&orders).await,
            Err(e) => {
                metrics::counter!("board_write_errors_total").increment(1);
                tracing::warn!("order board: cannot read the orders: {e}");
            }
        }
    }

    async fn show_each(&self, orders: &[(Uuid, Option<BoardEntry>)]) {
        for (id, e) in orders {
            if let Err(err) = self.show(*id, e.as_ref()).await {
                metrics::counter!("board_write_errors_total").increment(1);
                tracing::warn!(%id, "order board: cannot write the order: {err:#}");
            }
        }
    }

    /// Writes one entry as it is, whatever its status (tests, and tools that stand in for the
    /// api).
    pub async fn put(&self, e: &BoardEntry) -> anyhow::Result<()> {
        self.kv
            .put(&board_key(&e.line_id, e.order_id), bytes(e))
            .await?;
        Ok(())
    }

    async fn keys(&self) -> anyhow::Result<Vec<String>> {
        crate::keys(&self.kv).await
    }

    /// Brings the board in step with `wanted`, every order that should be on it: an entry is
    /// put where it differs, every other key removed. Returns how many keys it changed.
    pub async fn reconcile(&self, wanted: &[BoardEntry]) -> anyhow::Result<usize> {
        // Collected first: a future holding the closures would not be `Send` for every
        // lifetime, as a spawned sweep needs.
        let on: Vec<_> = wanted
            .iter()
            .filter(|e| e.status.on_board())
            .map(|e| (board_key(&e.line_id, e.order_id), bytes(e)))
            .collect();
        crate::reconcile(&self.kv, on).await
    }

    /// Every entry on the board now, by order.
    pub async fn entries(&self) -> anyhow::Result<HashMap<Uuid, BoardEntry>> {
        let mut out = HashMap::new();
        for k in self.keys().await? {
            if let Some(v) = self.kv.get(&k).await?
                && let Ok(e) = serde_json::from_slice::<BoardEntry>(&v)
            {
                out.insert(e.order_id, e);
            }
        }
        Ok(out)
    }

    /// The board's entries, then every change: with history, the last entry of every order
    /// first (a controller (re)started after an order was released still runs it). The
    /// stream ends when the watch is lost; open it again to read the board afresh. An
    /// unreadable entry is logged and skipped.
    pub async fn watch(
        &self,
    ) -> anyhow::Result<impl Stream<Item = anyhow::Result<Change>> + use<>> {
        let key = |k: &str| parse_board_key(k).map(|(line, order)| (line.to_string(), order));
        let changes = crate::watch(&self.kv, key, "board entry").await?;
        Ok(changes.map(|c| {
            c.map(|w| match w {
                crate::Watched::Put(_, e) => Change::Put(Box::new(e)),
                crate::Watched::Removed((line_id, order_id)) => {
                    Change::Removed { line_id, order_id }
                }
                crate::Watched::Current => Change::Current,
            })
        }))
    }
}

/// Follows the board until the task is dropped: `apply` is given the whole board each time it
/// changes — and only a whole board: a lost watch is opened again and the board read afresh,
/// and until it is read through ([`Change::Current`]) the last whole board stands, so a
/// watcher never takes an order that is not read yet for one that left (a controller told
/// to abort it).
pub async fn follow(js: jetstream::Context, apply: impl FnMut(&Entries) + Send) {
    let key = |k: &str| parse_board_key(k).map(|(line, order)| (line.to_string(), order));
    crate::follow_whole(
        || async { Ok(Board::open(&js).await?.kv) },
        key,
        "order board entry",
        apply,
    )
    .await;
}
