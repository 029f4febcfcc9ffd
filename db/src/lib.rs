//! The database layer shared by the services: the pool, the migrator over `sql/`, and the
//! stores. Queries bind every value; nothing is formatted into SQL.

pub mod alarms;
pub mod audit;
pub mod batches;
pub mod bins;
pub mod calibration;
pub mod config;
pub mod connections;
pub mod dashboard;
pub mod deliveries;
pub mod diagnostics;
pub mod ingest;
pub mod lines;
pub mod live;
pub mod lots;
pub mod oee;
pub mod pcs;
pub mod recipes;
pub mod replica;
pub mod reports;
pub mod schedules;
pub mod shift_log;
pub mod signatures;
pub mod spc;
pub mod stops;
pub mod subscriptions;
pub mod throttle;
pub mod tokens;
pub mod trace;
pub mod users;
pub mod zones;

pub mod timescale;

use std::time::Duration;

pub use sqlx::PgPool;
use sqlx::postgres::{PgConnectOptions, PgPoolOptions};

/// The migrations in `sql/`, embedded at build time and applied at start-up, with the one
/// run-time correction of [`timescale::corrected`] (decision 72).
pub static MIGRATOR: std::sync::LazyLock<sqlx::migrate::Migrator> =
    std::sync::LazyLock::new(|| timescale::corrected(&SQL));

/// The files of `sql/` as they are.
static SQL: sqlx::migrate::Migrator = sqlx::migrate!("../sql");

/// Errors a caller acts on.
#[derive(Debug, thiserror::Error)]
pub enum DbError {
    #[error("not found")]
    NotFound,
    /// A unique constraint refused the write; carries the constraint's name.
    #[error("conflict on {0}")]
    Conflict(String),
    #[error(transparent)]
    Sqlx(#[from] sqlx::Error),
}

impl DbError {
    /// Maps a unique violation to [`DbError::Conflict`] with its constraint name.
    pub fn from_sqlx(e: sqlx::Error) -> Self {
        if let sqlx::Error::Database(d) = &e
            && d.is_unique_violation()
        {
            return DbError::Conflict(d.constraint().unwrap_or("unique").to_string());
        }
        DbError::Sqlx(e)
    }
}

pub type DbResult<T> = Result<T, DbError>;

/// Connects a pool; waits for the server for up to `acquire_timeout` per connection.
pub async fn connect(url: &str, max_connections: u32) -> Result<PgPool, sqlx::Error> {
    connect_with(url.parse()?, max_connections).await
}

/// Connects the pool the api (and the stream service) serve requests from. Its statements are
/// planned for their values on every execution (`plan_cache_mode = force_custom_plan`).
///
/// The report queries filter with optional parameters (`$n is null or …`). After five runs of
/// a prepared statement on one connection Postgres may switch to a generic plan, one plan for
/// every value of those parameters, and on the year of history such a plan of the
/// exceeded-parameters summary took 3.7 s against 0.4 ms planned for the values (bench (4),
/// decision 71). Planning costs well under a millisecond, which these requests can afford;
/// ingest keeps its own pool with the default, since its few statements do not vary like this.
///
/// No statement runs longer than `statement_timeout` (decision 94): the api's 30 s, the stream
/// service's 10 s; Postgres cancels it (SQLSTATE 57014), which the request answers as 503.
///
/// Nor is any compiled to machine code (`jit = off`): a report over a year has a planner cost
/// above Postgres's `jit_above_cost`, and compiling it took 82 ms of the 265 ms the bin
/// summary of every line took on the bench's year, for a statement that then runs once
/// (decision 104).
pub async fn connect_api(
    url: &str,
    max_connections: u32,
    statement_timeout: Duration,
) -> Result<PgPool, sqlx::Error> {
    connect_timed(url, max_connections, statement_timeout, true).await
}

/// The api's pool on a hot standby (`DATABASE_READ_URL`, [`replica`]): connected on first use,
/// so a standby that is down does not keep the api from starting (reads go to the primary).
pub fn connect_api_lazy(
    url: &str,
    max_connections: u32,
    statement_timeout: Duration,
) -> Result<PgPool, sqlx::Error> {
    let options = api_options(url.parse()?, statement_timeout, true);
    Ok(PgPoolOptions::new()
        .max_connections(max_connections)
        .acquire_timeout(Duration::from_secs(2))
        .connect_lazy_with(options))
}

/// Connects ingest's pool: Postgres's default plan caching, and statements cancelled after
/// `statement_timeout` (5 min by default: a transaction of a large backlog takes seconds; a
/// cancelled one is retried like any unavailable database, never quarantined).
pub async fn connect_ingest(
    url: &str,
    max_connections: u32,
    statement_timeout: Duration,
) -> Result<PgPool, sqlx::Error> {
    connect_timed(url, max_connections, statement_timeout, false).await
}

/// A pool whose statements are cancelled after `statement_timeout`, planned for their values
/// on every execution and never compiled when `custom_plans` (the api's).
async fn connect_timed(
    url: &str,
    max_connections: u32,
    statement_timeout: Duration,
    custom_plans: bool,
) -> Result<PgPool, sqlx::Error> {
    let options = api_options(url.parse()?, statement_timeout, custom_plans);
    connect_with(options, max_connections).await
}

fn api_options(
    options: PgConnectOptions,
    statement_timeout: Duration,
    custom_plans: bool,
) -> PgConnectOptions {
    let timeout = format!("{}ms", statement_timeout.as_millis().max(1));
    let options = options.options([("statement_timeout", timeout)]);
    if custom_plans {
        options.options([("plan_cache_mode", "force_custom_plan"), ("jit", "off")])
    } else {
        options
    }
}

/// The statement timeouts of the services' pools (decision 94).
pub const API_STATEMENT_TIMEOUT: Duration = Duration::from_secs(30);
pub const STREAM_STATEMENT_TIMEOUT: Duration = Duration::from_secs(10);
pub const INGEST_STATEMENT_TIMEOUT: Duration = Duration::from_secs(300);

async fn connect_with(
    options: PgConnectOptions,
    max_connections: u32,
) -> Result<PgPool, sqlx::Error> {
    PgPoolOptions::new()
        .max_connections(max_connections)
        .acquire_timeout(Duration::from_secs(5))
        .connect_with(options)
        .await
}

/// A list of windows (line, from, to) as the three arrays a statement unnests.
pub(crate) fn window_columns(
    windows: &[(
        String,
        chrono::DateTime<chrono::Utc>,
        chrono::DateTime<chrono::Utc>,
    )],
) -> (
    Vec<String>,
    Vec<chrono::DateTime<chrono::Utc>>,
    Vec<chrono::DateTime<chrono::Utc>>,
) {
    (
        windows.iter().map(|w| w.0.clone()).collect(),
        windows.iter().map(|w| w.1).collect(),
        windows.iter().map(|w| w.2).collect(),
    )
}

/// Whether the database answers (a round trip through a connection of the pool).
pub async fn ping(pool: &PgPool) -> DbResult<()> {
    sqlx::query_scalar!("select 1").fetch_one(pool).await?;
    Ok(())
}

/// Applies every pending migration.
pub async fn migrate(pool: &PgPool) -> Result<(), sqlx::migrate::MigrateError> {
    MIGRATOR.run(pool).await
}
