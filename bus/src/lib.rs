//! The bus: everything Batchline says on NATS, in one place. Subjects ([`subjects`]); the
//! `PLANT` stream of production data and the durable consumer ingest reads it with
//! ([`plant`]); the publisher a plant gateway or the simulator sends samples with
//! ([`Publisher`]); the order board, a key-value bucket the line controllers watch ([`board`]);
//! and the SPC violations ingest announces to the stream service ([`spc`]). Other crates never
//! name a subject, a stream or a bucket themselves: sim, ingest, stream and the api publish and
//! subscribe through the typed calls here.
//!
//! The wire format itself (what a message holds, how its subject is built from its line and
//! kind, what is refused) is `model::wire`: it is pure and checked without a connection.

pub mod board;
pub mod plant;
mod publish;
pub mod spc;
pub mod subjects;

use anyhow::Context;
pub use publish::Publisher;

/// A client connection to `url` that keeps retrying until the server is up (a service started
/// before NATS waits for it instead of exiting).
pub async fn connect(url: &str) -> anyhow::Result<async_nats::Client> {
    async_nats::ConnectOptions::new()
        .name("batchline")
        .retry_on_initial_connect()
        .connect(url)
        .await
        .with_context(|| format!("connecting to NATS at {url}"))
}
