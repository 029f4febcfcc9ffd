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

pub mod alarms;
pub mod board;
pub mod connections;
pub mod events;
pub mod plant;
mod publish;
pub mod spc;
pub mod subjects;

use anyhow::Context;
pub use publish::{Publisher, once as publish_once};

/// A client connection to `url` that keeps retrying until a server is up (a service started
/// before NATS waits for it instead of exiting). `url` may name several servers of a cluster,
/// separated by commas (`nats://a:4222,nats://b:4222`): the client connects to any that
/// answers and moves to another when its server goes (it also learns the cluster's other
/// members from the server it reaches).
pub async fn connect(url: &str) -> anyhow::Result<async_nats::Client> {
    let servers: Vec<&str> = url
        .split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .collect();
    async_nats::ConnectOptions::new()
        .name("batchline")
        .retry_on_initial_connect()
        .connect(servers)
        .await
        .with_context(|| format!("connecting to NATS at {url}"))
}

/// How many servers of a cluster keep a copy of each stream and bucket Batchline creates
/// (`NATS_REPLICAS`: 1 on one server, 3 on a three-node cluster, decision 121). Set once at
/// start, before anything is created.
static REPLICAS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(1);

/// Sets the number of copies of the streams and buckets created from now on (1 to 5).
pub fn set_replicas(n: usize) {
    REPLICAS.store(n.clamp(1, 5), std::sync::atomic::Ordering::Relaxed);
}

/// The number of copies of each stream and bucket ([`set_replicas`]).
pub fn replicas() -> usize {
    REPLICAS.load(std::sync::atomic::Ordering::Relaxed)
}

/// A key-value bucket of the last value per key, created when missing: the stream made by
/// hand as `create_key_value` would make it with history 1 (`create_key_value` first asks for
/// the account's limits, a reply async-nats 0.51 cannot read from Debian's nats-server 2.9).
pub(crate) async fn open_bucket(
    js: &async_nats::jetstream::Context,
    bucket: &str,
) -> anyhow::Result<async_nats::jetstream::kv::Store> {
    if let Ok(kv) = js.get_key_value(bucket).await {
        return Ok(kv);
    }
    js.get_or_create_stream(async_nats::jetstream::stream::Config {
        name: format!("KV_{bucket}"),
        subjects: vec![format!("$KV.{bucket}.>")],
        max_messages_per_subject: 1,
        allow_rollup: true,
        deny_delete: true,
        allow_direct: true,
        discard: async_nats::jetstream::stream::DiscardPolicy::New,
        num_replicas: replicas(),
        ..Default::default()
    })
    .await?;
    Ok(js.get_key_value(bucket).await?)
}

/// Every key of a bucket.
pub(crate) async fn keys(kv: &async_nats::jetstream::kv::Store) -> anyhow::Result<Vec<String>> {
    use futures::StreamExt;
    let mut keys = kv.keys().await?;
    let mut out = Vec::new();
    while let Some(k) = keys.next().await {
        out.push(k?);
    }
    Ok(out)
}

/// Brings a bucket in step with `wanted` (every key it should hold, with its value): a value
/// is put where it differs, every other key removed. Returns how many keys it changed.
pub(crate) async fn reconcile(
    kv: &async_nats::jetstream::kv::Store,
    wanted: Vec<(String, bytes::Bytes)>,
) -> anyhow::Result<usize> {
    let mut changed = 0;
    let mut keep = std::collections::HashSet::new();
    for (k, v) in wanted {
        if kv.get(&k).await?.as_ref() != Some(&v) {
            kv.put(&k, v).await?;
            changed += 1;
        }
        keep.insert(k);
    }
    for k in keys(kv).await? {
        if !keep.contains(&k) {
            kv.delete(&k).await?;
            changed += 1;
        }
    }
    Ok(changed)
}

/// What a watch of a bucket hears: one key's value, new or changed, or its removal; and, once,
/// that everything the bucket held when the watch began has been heard.
pub(crate) enum Watched<K, T> {
    Put(K, T),
    Removed(K),
    /// The bucket as it was is read through: from here the watcher's picture is whole (before,
    /// it may lack keys the bucket holds). A bucket that never held anything (a new one, or one
    /// whose store was lost) says nothing of its keys: it is heard with its first entry. (A key
    /// removed leaves a marker, so a bucket emptied by removals is read through at once.)
    Current,
}

/// Every entry of a bucket (with history: the last of each key first), [`Watched::Current`],
/// then every change, read as `T` under keys that `key` parses; other keys are skipped, an
/// unreadable value is logged (as a `what`) and skipped. The stream ends when the watch is lost.
pub(crate) async fn watch<K, T: serde::de::DeserializeOwned>(
    kv: &async_nats::jetstream::kv::Store,
    key: fn(&str) -> Option<K>,
    what: &'static str,
) -> anyhow::Result<impl futures::Stream<Item = anyhow::Result<Watched<K, T>>> + use<K, T>> {
    use async_nats::jetstream::kv::Operation;
    use futures::StreamExt;
    let entries = kv.watch_with_history(">").await?;
    let mut current = false;
    Ok(entries.flat_map(move |entry| {
        let mut out = Vec::with_capacity(2);
        match entry {
            Err(e) => out.push(Err(e.into())),
            Ok(entry) => {
                match (key(&entry.key), entry.operation) {
                    (None, _) => {}
                    (Some(k), Operation::Put) => match serde_json::from_slice::<T>(&entry.value) {
                        Ok(v) => out.push(Ok(Watched::Put(k, v))),
                        Err(err) => tracing::warn!(key = entry.key, "unreadable {what}: {err}"),
                    },
                    (Some(k), Operation::Delete | Operation::Purge) => {
                        out.push(Ok(Watched::Removed(k)));
                    }
                }
                if !current && entry.seen_current {
                    current = true;
                    out.push(Ok(Watched::Current));
                }
            }
        }
        futures::stream::iter(out)
    }))
}

/// Follows a bucket until the task is dropped: `apply` is given every entry (by key) each time
/// one changes — and only the whole bucket: a lost watch is opened again (`open`) and read
/// afresh, and until it is read through ([`Watched::Current`]) the last whole picture stands.
pub(crate) async fn follow_whole<K, T, F, Fut>(
    open: F,
    key: fn(&str) -> Option<K>,
    what: &'static str,
    mut apply: impl FnMut(&std::collections::HashMap<K, T>) + Send,
) where
    K: std::hash::Hash + Eq,
    T: serde::de::DeserializeOwned,
    F: Fn() -> Fut,
    Fut: std::future::Future<Output = anyhow::Result<async_nats::jetstream::kv::Store>>,
{
    use futures::StreamExt;
    let mut wait = std::time::Duration::from_millis(200);
    loop {
        let followed = async {
            let kv = open().await?;
            let mut changes = std::pin::pin!(watch::<K, T>(&kv, key, what).await?);
            let mut entries = std::collections::HashMap::new();
            let mut whole = false;
            while let Some(change) = changes.next().await {
                match change? {
                    Watched::Put(k, v) => {
                        entries.insert(k, v);
                    }
                    Watched::Removed(k) => {
                        entries.remove(&k);
                    }
                    Watched::Current => whole = true,
                }
                if whole {
                    apply(&entries);
                }
            }
            anyhow::Ok(())
        };
        match followed.await {
            Ok(()) => tracing::info!("{what} watch ended; watching again"),
            Err(e) => tracing::warn!("{what}s unavailable: {e:#}"),
        }
        tokio::time::sleep(wait).await;
        wait = (wait * 2).min(std::time::Duration::from_secs(5));
    }
}
