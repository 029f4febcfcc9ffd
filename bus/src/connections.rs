//! What the connector (`batchline connect`) hears and says about the plant connections
//! (issue 32). Two key-value buckets, one key per connection id:
//!
//! - `CONNECTIONS`: each connection's settings with its password ([`model::connect::Settings`]),
//!   written by the api after it commits a change ([`Settings::put`], [`Settings::remove`]) and
//!   brought in step with the database when the api starts ([`Settings::reconcile`]); a
//!   connector watches it ([`Settings::watch`]), so a saved change reaches it in milliseconds
//!   and a connector near the plant needs no database.
//! - `CONNECTION_STATUS`: each connection's status as its connector last reported it
//!   ([`model::connect::ConnectionStatus`]); the api answers it, the stream service pushes it on
//!   the line's live topic.
//! - `CONNECTION_TRUST`: the server certificates an administrator trusted, by thumbprint (DER
//!   bytes), written by the api; every connector keeps its trust list in step ([`Trust`]).

use async_nats::jetstream::{self, kv};
use futures::{Stream, StreamExt};
use model::connect::{ConnectionStatus, Settings as Record};
use uuid::Uuid;

use crate::subjects::{CONNECTION_STATUS_BUCKET, CONNECTION_TRUST_BUCKET, CONNECTIONS_BUCKET};

/// A change of the settings, as a connector hears it.
#[derive(Debug, Clone, PartialEq)]
pub enum Change {
    Put(Box<Record>),
    Removed(Uuid),
}

/// The bucket of connection settings.
#[derive(Clone)]
pub struct Settings {
    kv: kv::Store,
}

fn json<T: serde::Serialize>(v: &T) -> bytes::Bytes {
    serde_json::to_vec(v).unwrap_or_default().into()
}

impl Settings {
    pub async fn open(js: &jetstream::Context) -> anyhow::Result<Settings> {
        Ok(Settings {
            kv: crate::open_bucket(js, CONNECTIONS_BUCKET).await?,
        })
    }

    pub async fn put(&self, s: &Record) -> anyhow::Result<()> {
        self.kv.put(s.connection.id.to_string(), json(s)).await?;
        Ok(())
    }

    pub async fn remove(&self, id: Uuid) -> anyhow::Result<()> {
        self.kv.delete(id.to_string()).await?;
        Ok(())
    }

    /// Brings the bucket in step with `all`, every stored connection; returns how many keys it
    /// changed.
    pub async fn reconcile(&self, all: &[Record]) -> anyhow::Result<usize> {
        let wanted: Vec<_> = all
            .iter()
            .map(|s| (s.connection.id.to_string(), json(s)))
            .collect();
        crate::reconcile(&self.kv, wanted).await
    }

    /// Every connection's settings, then every change. The stream ends when the watch is
    /// lost; open it again to read the bucket afresh. An unreadable entry is logged and
    /// skipped.
    pub async fn watch(
        &self,
    ) -> anyhow::Result<impl Stream<Item = anyhow::Result<Change>> + use<>> {
        let changes =
            crate::watch(&self.kv, |k| Uuid::parse_str(k).ok(), "connection settings").await?;
        Ok(changes.filter_map(|c| async move {
            match c {
                Ok(crate::Watched::Put(_, s)) => Some(Ok(Change::Put(Box::new(s)))),
                Ok(crate::Watched::Removed(id)) => Some(Ok(Change::Removed(id))),
                Ok(crate::Watched::Current) => None,
                Err(e) => Some(Err(e)),
            }
        }))
    }
}

/// A connection's state and since when.
type StateSince = (
    model::connect::ConnectionState,
    Option<chrono::DateTime<chrono::Utc>>,
);

/// The bucket of connection statuses; a change of a connection's state is also an event of
/// the plant's event log ([`crate::events`]).
#[derive(Clone)]
pub struct Statuses {
    kv: kv::Store,
    events: crate::events::EventLog,
    /// Each connection's state as last put by this process, to tell a change.
    states: std::sync::Arc<std::sync::Mutex<std::collections::HashMap<Uuid, StateSince>>>,
}

impl Statuses {
    pub async fn open(js: &jetstream::Context) -> anyhow::Result<Statuses> {
        Ok(Statuses {
            kv: crate::open_bucket(js, CONNECTION_STATUS_BUCKET).await?,
            events: crate::events::EventLog::open(js).await?,
            states: Default::default(),
        })
    }

    pub async fn put(&self, s: &ConnectionStatus) -> anyhow::Result<()> {
        self.kv.put(s.id.to_string(), json(s)).await?;
        let changed = self
            .states
            .lock()
            .expect("states lock")
            .insert(s.id, (s.state, s.since))
            != Some((s.state, s.since));
        if changed {
            let event = model::live::LiveEvent::Connection {
                connection_id: s.id,
                line_id: s.line_id,
                name: s.name.clone(),
                state: s.state,
                since: s.since,
            };
            if let Err(e) = self.events.publish(&[event]).await {
                tracing::warn!(id = %s.id, "cannot log the connection's change of state: {e:#}");
            }
        }
        Ok(())
    }

    /// A connection's last reported status.
    pub async fn get(&self, id: Uuid) -> anyhow::Result<Option<ConnectionStatus>> {
        Ok(self
            .kv
            .get(id.to_string())
            .await?
            .and_then(|v| serde_json::from_slice(&v).ok()))
    }

    /// A deleted connection's status goes with it.
    pub async fn remove(&self, id: Uuid) -> anyhow::Result<()> {
        self.kv.delete(id.to_string()).await?;
        Ok(())
    }

    /// Every status as it is reported, the last of each first.
    pub async fn watch(
        &self,
    ) -> anyhow::Result<impl Stream<Item = anyhow::Result<ConnectionStatus>> + use<>> {
        let entries = self.kv.watch_with_history(">").await?;
        Ok(entries.filter_map(|entry| async move {
            match entry {
                Err(e) => Some(Err(e.into())),
                Ok(e) if e.operation == kv::Operation::Put => {
                    serde_json::from_slice(&e.value).ok().map(Ok)
                }
                Ok(_) => None,
            }
        }))
    }
}

/// A change of the trusted server certificates.
#[derive(Debug, Clone, PartialEq)]
pub enum TrustChange {
    /// Trusted: the thumbprint and the certificate (DER).
    Trusted(String, Vec<u8>),
    Withdrawn(String),
}

/// The bucket of trusted server certificates.
#[derive(Clone)]
pub struct Trust {
    kv: kv::Store,
}

impl Trust {
    pub async fn open(js: &jetstream::Context) -> anyhow::Result<Trust> {
        Ok(Trust {
            kv: crate::open_bucket(js, CONNECTION_TRUST_BUCKET).await?,
        })
    }

    pub async fn put(&self, thumbprint: &str, der: &[u8]) -> anyhow::Result<()> {
        self.kv
            .put(thumbprint, bytes::Bytes::copy_from_slice(der))
            .await?;
        Ok(())
    }

    pub async fn remove(&self, thumbprint: &str) -> anyhow::Result<()> {
        self.kv.delete(thumbprint).await?;
        Ok(())
    }

    /// Brings the bucket in step with `all` (thumbprint, DER).
    pub async fn reconcile(&self, all: Vec<(String, Vec<u8>)>) -> anyhow::Result<usize> {
        let wanted = all.into_iter().map(|(t, d)| (t, d.into())).collect();
        crate::reconcile(&self.kv, wanted).await
    }

    /// Every trusted certificate, then every change.
    pub async fn watch(
        &self,
    ) -> anyhow::Result<impl Stream<Item = anyhow::Result<TrustChange>> + use<>> {
        let entries = self.kv.watch_with_history(">").await?;
        Ok(entries.map(|entry| {
            let e = entry?;
            Ok(match e.operation {
                kv::Operation::Put => TrustChange::Trusted(e.key, e.value.to_vec()),
                kv::Operation::Delete | kv::Operation::Purge => TrustChange::Withdrawn(e.key),
            })
        }))
    }
}
