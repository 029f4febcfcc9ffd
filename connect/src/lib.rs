//! `batchline connect` (issue 32): the service between the lines' controllers and the bus. It
//! watches the connection settings the api writes to the `CONNECTIONS` bucket
//! (`bus::connections`), runs one task per enabled connection (an OPC UA session,
//! [`opcua`]), publishes what the plant says as the lines' samples in the wire format, and
//! reports each connection's status to `CONNECTION_STATUS` ([`status`]). A saved change reaches
//! it within milliseconds: the connection's task is restarted with the new settings. It needs
//! only NATS (`NATS_URL`) and a directory of its own (`DATA_DIR`, for its OPC UA certificate
//! and trust list), so it can run near the plant; `batchline all` runs it too.

pub mod acks;
pub mod forward;
pub mod interface;
pub mod mqtt;
pub mod opcua;
pub mod outbox;
pub mod pki;
pub mod probe;
pub mod publish;
pub mod sparkplug;
pub mod status;
pub mod values;

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use tokio::sync::Notify;

use bus::connections::{Change, Settings as SettingsBucket, Statuses, Trust, TrustChange};
use futures::StreamExt;
use model::connect::{ConnectionState, Protocol, Settings};
use tokio::task::JoinHandle;
use tokio_util::sync::CancellationToken;
use uuid::Uuid;

use crate::status::Tracker;

/// Where the connector keeps its files.
#[derive(Debug, Clone)]
pub struct Options {
    /// `DATA_DIR`: the OPC UA certificate and trust list live in `<data_dir>/opcua-pki`, the
    /// messages NATS could not take yet in `<data_dir>/outbox/<connection id>`.
    pub data_dir: PathBuf,
    /// The most bytes each connection keeps on disk while NATS is unreachable
    /// (`CONNECT_BUFFER_BYTES`, [`DEFAULT_BUFFER_BYTES`] unless set).
    pub buffer_bytes: u64,
    /// The MQTT broker Sparkplug B connections go through (`MQTT_URL`, nats-server's own
    /// listener): host and port; none, and an MQTT connection is a FAULT that says so.
    pub mqtt: Option<(String, u16)>,
}

/// A day of a connection's samples: 1 GiB holds about 86,400 one-second cycles of a hundred
/// tags as the wire format spells them.
pub const DEFAULT_BUFFER_BYTES: u64 = 1 << 30;

impl Options {
    pub fn new(data_dir: PathBuf) -> Options {
        Options {
            data_dir,
            buffer_bytes: DEFAULT_BUFFER_BYTES,
            mqtt: None,
        }
    }

    pub fn pki(&self) -> PathBuf {
        self.data_dir.join("opcua-pki")
    }

    pub fn outbox(&self, connection: Uuid) -> PathBuf {
        self.data_dir.join("outbox").join(connection.to_string())
    }

    /// What a connection's controller was told of the line's orders (`connect::interface`).
    pub fn told(&self, connection: Uuid) -> PathBuf {
        self.data_dir
            .join("interface")
            .join(format!("{connection}.json"))
    }
}

/// A connection being run.
struct Running {
    settings: Settings,
    stop: CancellationToken,
    tasks: Vec<JoinHandle<()>>,
}

impl Running {
    async fn end(self) {
        self.stop.cancel();
        for t in self.tasks {
            let _ = t.await;
        }
    }
}

/// Runs the connector until `shutdown`.
pub async fn run(
    nats: async_nats::Client,
    options: Options,
    shutdown: CancellationToken,
) -> anyhow::Result<()> {
    let js = async_nats::jetstream::new(nats.clone());
    std::fs::create_dir_all(options.pki())?;
    // A trusted certificate wakes the connections waiting in FAULT.
    let trust_changed = Arc::new(Notify::new());
    let trust_task = tokio::spawn(follow_trust(
        js.clone(),
        options.pki(),
        trust_changed.clone(),
    ));
    let mut running: HashMap<Uuid, Running> = HashMap::new();
    let mut retry = Duration::from_millis(500);
    'watch: loop {
        let opened = async {
            let settings = SettingsBucket::open(&js).await?;
            let statuses = Statuses::open(&js).await?;
            anyhow::Ok((Box::pin(settings.watch().await?), statuses))
        };
        let (mut changes, statuses) = tokio::select! {
            r = opened => match r {
                Ok(x) => x,
                Err(e) => {
                    tracing::warn!("connector: cannot watch the connection settings: {e:#}");
                    tokio::select! {
                        _ = tokio::time::sleep(retry) => {}
                        _ = shutdown.cancelled() => break 'watch,
                    }
                    retry = (retry * 2).min(Duration::from_secs(10));
                    continue 'watch;
                }
            },
            _ = shutdown.cancelled() => break 'watch,
        };
        retry = Duration::from_millis(500);
        tracing::info!("connector: watching the connection settings");
        loop {
            let change = tokio::select! {
                c = changes.next() => c,
                _ = shutdown.cancelled() => break 'watch,
            };
            match change {
                Some(Ok(Change::Put(s))) => {
                    let id = s.connection.id;
                    if running.get(&id).is_some_and(|r| r.settings == *s) {
                        continue;
                    }
                    if let Some(r) = running.remove(&id) {
                        r.end().await;
                    }
                    if let Some(r) = start(*s, &options, &nats, &statuses, &trust_changed).await {
                        running.insert(id, r);
                    }
                }
                Some(Ok(Change::Removed(id))) => {
                    if let Some(r) = running.remove(&id) {
                        r.end().await;
                    }
                    let _ = statuses.remove(id).await;
                }
                Some(Err(e)) => {
                    tracing::warn!("connector: the settings watch failed: {e:#}");
                    continue 'watch;
                }
                None => continue 'watch,
            }
        }
    }
    for (_, r) in running.drain() {
        r.end().await;
    }
    trust_task.abort();
    Ok(())
}

/// Keeps `<pki>/trusted` in step with the trusted certificates; a lost watch is opened again.
async fn follow_trust(js: async_nats::jetstream::Context, pki: PathBuf, changed: Arc<Notify>) {
    let mut wait = Duration::from_millis(200);
    loop {
        let watched = async {
            let mut changes = Box::pin(Trust::open(&js).await?.watch().await?);
            while let Some(c) = changes.next().await {
                match c? {
                    TrustChange::Trusted(thumbprint, der) => {
                        if let Err(e) = pki::trust(&pki, &der) {
                            tracing::warn!(
                                thumbprint,
                                "connector: cannot trust a certificate: {e:#}"
                            );
                        }
                    }
                    TrustChange::Withdrawn(thumbprint) => pki::distrust(&pki, &thumbprint),
                }
                changed.notify_waiters();
            }
            anyhow::Ok(())
        };
        if let Err(e) = watched.await {
            tracing::warn!("connector: the trust list is unavailable: {e:#}");
        }
        tokio::time::sleep(wait).await;
        wait = (wait * 2).min(Duration::from_secs(5));
    }
}

/// Starts connection `s` (reports DISABLED and runs nothing when it is switched off).
async fn start(
    s: Settings,
    options: &Options,
    nats: &async_nats::Client,
    statuses: &Statuses,
    trust_changed: &Arc<Notify>,
) -> Option<Running> {
    let tracker = Tracker::new(&s.connection);
    if !s.connection.enabled {
        tracker.state(ConnectionState::Disabled, None);
        let mut status = tracker.snapshot();
        status.reported_at = chrono::Utc::now();
        let _ = statuses.put(&status).await;
        return None;
    }
    let stop = CancellationToken::new();
    let mut tasks = vec![tokio::spawn(status::report(
        statuses.clone(),
        tracker.clone(),
        stop.clone(),
    ))];
    let outbox = match outbox::Outbox::open(&options.outbox(s.connection.id), options.buffer_bytes)
    {
        Ok(o) => o,
        Err(e) => {
            tracker.state(
                ConnectionState::Fault,
                Some(format!("cannot open the connection's outbox: {e}")),
            );
            return Some(Running {
                settings: s,
                stop,
                tasks,
            });
        }
    };
    tracker.buffered(outbox.samples());
    let (publisher, forwarding) = forward::spawn(
        forward::Forwarder::new(nats.clone(), outbox),
        tracker.clone(),
        stop.clone(),
    );
    tasks.push(forwarding);
    // The line's orders, for a connection with a batching interface.
    let orders = s.connection.interface_node.as_ref().map(|_| {
        let (orders, task) = interface::follow_board(
            async_nats::jetstream::new(nats.clone()),
            s.connection.line_id.to_string(),
            stop.clone(),
        );
        tasks.push(task);
        interface::OrderSide {
            board: orders,
            told: options.told(s.connection.id),
        }
    });
    // The acknowledgements made in Batchline, for a connection that writes them (issue 34).
    let acks = (s.connection.protocol == Protocol::Opcua
        && s.connection.tags.iter().any(|t| t.ack_node_id.is_some()))
    .then(|| {
        let (pending, task) = acks::follow(
            async_nats::jetstream::new(nats.clone()),
            s.connection.line_id.to_string(),
            stop.clone(),
        );
        tasks.push(task);
        pending
    });
    match s.connection.protocol {
        Protocol::Opcua => tasks.push(tokio::spawn(opcua::run(
            s.clone(),
            options.pki(),
            tracker,
            publisher,
            orders,
            acks,
            trust_changed.clone(),
            stop.clone(),
        ))),
        Protocol::Mqtt => tasks.push(tokio::spawn(mqtt::run(
            s.clone(),
            options.mqtt.clone(),
            tracker,
            publisher,
            stop.clone(),
        ))),
    }
    tracing::info!(id = %s.connection.id, name = %s.connection.name, "connector: connection started");
    Some(Running {
        settings: s,
        stop,
        tasks,
    })
}
