//! Ingest's store (the `ingest` service decodes the bus's messages into [`Rows`] and calls
//! [`write::write`]): one transaction per fetched batch of messages, each kind inserted once
//! (`on conflict do nothing`, the high-rate series by binary `COPY`), the rollups and batch
//! summaries fed from the rows really inserted, and the messages that could not be read
//! quarantined.
//!
//! These statements stay built at run time, each for its reason: the rollup upserts are put
//! together from one template per rollup table (`rollup`'s macros, `concat!`) so the hour, day
//! and shift tables cannot drift apart, which sqlx's macros do not take (they need one string
//! literal); the series go through `COPY … FROM STDIN (FORMAT binary)`, which is not a
//! statement the macros check; and `check` compares tables named in its queries. The ingest
//! tests (`ingest/tests/it`), the report tests that write through here and `make chaos` run
//! every one of them against the schema.

mod batch;
pub mod check;
pub mod copy;
mod rollup;
pub mod rows;
mod series;
mod trace;
pub mod write;

pub use rows::Rows;

/// Brings the planner's statistics up to date after a bulk load (a backfill of history): the
/// autovacuum daemon analyses a table only after enough changes and a while, and until it has,
/// the report statements are planned for the tables as they were before the load (issue 31,
/// item 9). A utility statement with neither parameters nor results: nothing for the macros
/// to check.
pub async fn analyze(db: &sqlx::PgPool) -> Result<(), sqlx::Error> {
    sqlx::query("analyze").execute(db).await.map(drop)
}
