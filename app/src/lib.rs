//! The application layer of Batchline: what a user or a tool can do to the plant's records,
//! as commands that check, write in one transaction, audit and tell the order board. The HTTP
//! edge (`api`) parses a request, calls a command and answers its outcome in the envelope; the
//! demo plant and the command line call the same commands, so seed data passes every check a
//! user's request does.
//!
//! Commands answer [`Error`]: what went wrong in the domain's terms (a field is invalid, the
//! record is gone, the record's state refuses the move), each with an untranslated message
//! ([`model::Msg`]). Only the edge says it in a language.

pub mod alarms;
pub mod audit;
pub mod board;
pub mod connections;
pub mod deliveries;
pub mod error;
pub mod lots;
pub mod orders;
pub mod plant;
pub mod recipes;
pub mod reports;
pub mod shift_log;
pub mod signatures;
pub mod spc;
pub mod stale;
pub mod subscriptions;
pub mod trace;
pub mod users;
pub mod when;

use std::sync::Arc;

use bus::board::Board;
use db::PgPool;
use model::Msg;
use uuid::Uuid;

pub use error::{Error, Result};

/// What the commands reach: the database, and NATS for the order board (none in some tests
/// and tools: then there is no board to tell).
#[derive(Clone)]
pub struct App {
    pub pool: PgPool,
    /// Where reports, dashboards and exports read: the hot standby while it is current, else
    /// the primary (`DATABASE_READ_URL`, decision 120).
    pub reads: db::replica::Reads,
    pub nats: Option<async_nats::Client>,
    /// The order board, opened on first use ([`board`]).
    board: Arc<tokio::sync::OnceCell<Board>>,
    /// The alarm board, opened on first use (`alarms::handling`).
    alarm_board: Arc<tokio::sync::OnceCell<bus::alarms::AlarmBoard>>,
    /// The plant connections' settings and status buckets, opened on first use
    /// ([`connections`]).
    connections:
        Arc<tokio::sync::OnceCell<(bus::connections::Settings, bus::connections::Statuses)>>,
}

impl App {
    pub fn new(pool: PgPool, nats: Option<async_nats::Client>) -> App {
        App {
            reads: db::replica::Reads::primary(pool.clone()),
            pool,
            nats,
            board: Arc::default(),
            alarm_board: Arc::default(),
            connections: Arc::default(),
        }
    }
}

impl App {
    /// Reads of reports, dashboards and exports from `reads` (a standby) instead of the primary.
    pub fn with_reads(mut self, reads: db::replica::Reads) -> App {
        self.reads = reads;
        self
    }

    /// This app with every read on the primary: for a command that reads what it is about to
    /// change, which a standby may not have yet.
    pub fn on_primary(&self) -> App {
        self.clone()
            .with_reads(db::replica::Reads::primary(self.pool.clone()))
    }

    /// The pool a report reads from now: the standby's while it is current.
    pub fn reads(&self) -> &PgPool {
        self.reads.pool()
    }
}

/// A bucket (or buckets) of `app`'s NATS kept in `cell`: opened on first use, again after a
/// failure; `None` without NATS or while it cannot be opened (logged as `what`).
pub(crate) async fn opened<T, F, Fut>(
    app: &App,
    cell: &tokio::sync::OnceCell<T>,
    what: &str,
    open: F,
) -> Option<T>
where
    T: Clone,
    F: FnOnce(async_nats::jetstream::Context) -> Fut,
    Fut: std::future::Future<Output = anyhow::Result<T>>,
{
    let js = async_nats::jetstream::new(app.nats.clone()?);
    match cell.get_or_try_init(|| open(js)).await {
        Ok(b) => Some(b.clone()),
        Err(e) => {
            tracing::warn!("{what} unreachable: {e:#}");
            None
        }
    }
}

/// What a command did: the record it wrote (or deleted), and the message that says so.
#[derive(Debug, Clone)]
pub struct Done {
    pub id: Uuid,
    pub msg: Msg,
}

impl Done {
    pub fn new(id: Uuid, msg: Msg) -> Done {
        Done { id, msg }
    }
}
