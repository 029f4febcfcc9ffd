//! The database layer shared by the services: the pool, the migrator over `sql/`, and the
//! stores. Queries bind every value; nothing is formatted into SQL.

pub mod audit;
pub mod batches;
pub mod config;
pub mod diagnostics;
pub mod pcs;
pub mod recipes;
pub mod reports;
pub mod schedules;
pub mod spc;
pub mod throttle;
pub mod tokens;
pub mod users;

use std::time::Duration;

pub use sqlx::PgPool;
use sqlx::postgres::PgPoolOptions;

/// The migrations in `sql/`, embedded at build time and applied at start-up.
pub static MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("../sql");

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
    PgPoolOptions::new()
        .max_connections(max_connections)
        .acquire_timeout(Duration::from_secs(5))
        .connect(url)
        .await
}

/// Applies every pending migration.
pub async fn migrate(pool: &PgPool) -> Result<(), sqlx::migrate::MigrateError> {
    MIGRATOR.run(pool).await
}
