//! One OPC UA connection (issue 32, decision 106): a session with the configured security and
//! user, one subscription whose monitored items sample the tags at `samplingMs` with their
//! absolute deadband, and each publishing cycle's values published as the line's samples, one
//! message per kind. A lost connection is made again with back-off (0.5 s doubling to 10 s) as
//! a new session that subscribes anew (the first values it reads say the plant's state now); a
//! server that refuses the user or whose certificate is not trusted is a FAULT, tried again
//! only after [`FAULT_RETRY`] or a change of the settings (no retry storm).

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::str::FromStr;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use chrono::{DateTime, Utc};
use futures::StreamExt;
use model::connect::{ConnectionState, SecurityMode, SecurityPolicy, Settings};
use opcua::client::{
    Client, ClientBuilder, IdentityToken, MonitoredItemMap, OnSubscriptionNotificationCore,
    Session, SessionPollResult,
};
use opcua::crypto::SecurityPolicy as UaPolicy;
use opcua::types::{
    DataChangeFilter, DataChangeNotification, DataChangeTrigger, DataValue, DeadbandType,
    ExtensionObject, MessageSecurityMode, MonitoredItemCreateRequest, MonitoringMode,
    MonitoringParameters, NodeId, NotificationMessage, ReadValueId, StatusCode, TimestampsToReturn,
    UserTokenPolicy, Variant,
};
use tokio::sync::mpsc;
use tokio_util::sync::CancellationToken;

use crate::outbox::Record;
use crate::status::Tracker;
use crate::values::{Cycle, Mapper, Value};

/// How long a FAULT waits before the connection is tried again (a settings change tries at
/// once).
pub const FAULT_RETRY: Duration = Duration::from_secs(60);
/// Monitored items created per call (servers limit it; 1,000 is common).
const ITEMS_PER_CALL: usize = 500;
/// Publishing cycles waiting to be published before new ones are refused (counted).
const CYCLES_QUEUED: usize = 1_000;

/// The connector's OPC UA client: its application certificate (made once under
/// `<pki>/own`) and its trust list (`<pki>/trusted`).
pub fn client(pki: &Path) -> anyhow::Result<Client> {
    ClientBuilder::new()
        .application_name("Batchline connector")
        .application_uri("urn:batchline:connect")
        .product_uri("urn:batchline:connect")
        .create_sample_keypair(true)
        .certificate_path("own/cert.der")
        .private_key_path("private/private.pem")
        .pki_dir(pki)
        .trust_server_certs(false)
        .verify_server_certs(true)
        // The connection's own loop (`run`) retries with back-off and a fresh session, which
        // subscribes anew: async-opcua 0.19 recreates a subscription on a new session but
        // sends it no publish requests (seen against a restarted server), so nothing would
        // arrive.
        .session_retry_limit(0)
        .keep_alive_interval(Duration::from_secs(1))
        .max_failed_keep_alive_count(3)
        .request_timeout(Duration::from_secs(5))
        .session_timeout(60_000)
        .recreate_subscriptions(false)
        .client()
        .map_err(|e| anyhow::anyhow!("OPC UA client: {}", e.join("; ")))
}

/// [`client`] on a blocking thread: the first one makes the RSA key pair, CPU work that must
/// not hold up the runtime's other tasks (status reports, other connections). One at a time
/// in a process: two first clients (the connector and the api's browser in `batchline all`)
/// would each write a key pair, and the certificate could end up from the other.
pub async fn client_off_thread(pki: &Path) -> anyhow::Result<Client> {
    static ONE_AT_A_TIME: std::sync::Mutex<()> = std::sync::Mutex::new(());
    let pki = pki.to_path_buf();
    tokio::task::spawn_blocking(move || {
        let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
        client(&pki)
    })
    .await?
}

fn policy(p: SecurityPolicy) -> UaPolicy {
    match p {
        SecurityPolicy::None => UaPolicy::None,
        SecurityPolicy::Basic256Sha256 => UaPolicy::Basic256Sha256,
        SecurityPolicy::Aes128Sha256RsaOaep => UaPolicy::Aes128Sha256RsaOaep,
        SecurityPolicy::Aes256Sha256RsaPss => UaPolicy::Aes256Sha256RsaPss,
    }
}

fn mode(m: SecurityMode) -> MessageSecurityMode {
    match m {
        SecurityMode::None => MessageSecurityMode::None,
        SecurityMode::Sign => MessageSecurityMode::Sign,
        SecurityMode::SignAndEncrypt => MessageSecurityMode::SignAndEncrypt,
    }
}

/// What a connection signs in with.
pub struct Target<'a> {
    pub endpoint: &'a str,
    pub policy: SecurityPolicy,
    pub mode: SecurityMode,
    pub username: Option<&'a str>,
    pub password: Option<&'a str>,
}

impl<'a> Target<'a> {
    pub fn of(s: &'a Settings) -> Target<'a> {
        Target {
            endpoint: &s.connection.endpoint,
            policy: s.connection.security_policy,
            mode: s.connection.security_mode,
            username: s.connection.username.as_deref(),
            password: s.password.as_deref(),
        }
    }
}

/// A session to `t` and its event loop (not yet polled: nothing is sent until it is).
pub async fn session(
    client: &mut Client,
    t: &Target<'_>,
) -> Result<
    (
        Arc<Session>,
        opcua::client::SessionEventLoop<opcua::client::transport::TcpConnector>,
    ),
    opcua::types::Error,
> {
    let identity = match t.username {
        Some(u) => IdentityToken::new_user_name(u, t.password.unwrap_or_default()),
        None => IdentityToken::Anonymous,
    };
    let endpoint: opcua::types::EndpointDescription = (
        t.endpoint,
        policy(t.policy).to_uri(),
        mode(t.mode),
        UserTokenPolicy::anonymous(),
    )
        .into();
    client
        .connect_to_matching_endpoint(endpoint, identity)
        .await
}

/// Whether a failure is the server refusing us (credentials, certificates, security): a
/// FAULT, not a network trouble to retry at once.
pub fn is_fault(code: StatusCode) -> bool {
    matches!(
        code,
        StatusCode::BadUserAccessDenied
            | StatusCode::BadIdentityTokenInvalid
            | StatusCode::BadIdentityTokenRejected
            | StatusCode::BadCertificateUntrusted
            | StatusCode::BadCertificateInvalid
            | StatusCode::BadCertificateTimeInvalid
            | StatusCode::BadCertificateHostNameInvalid
            | StatusCode::BadCertificateUriInvalid
            | StatusCode::BadCertificateUseNotAllowed
            | StatusCode::BadCertificateRevoked
            | StatusCode::BadSecurityChecksFailed
            | StatusCode::BadSecurityPolicyRejected
            | StatusCode::BadSecurityModeRejected
            | StatusCode::BadTcpEndpointUrlInvalid
    )
}

/// The newest certificate the client put in `<pki>/rejected`, as its SHA-1 thumbprint (hex)
/// and DER bytes: what "trust this server" trusts.
pub fn rejected_certificate(pki: &Path) -> Option<(String, Vec<u8>)> {
    let dir = pki.join("rejected");
    let newest = std::fs::read_dir(dir)
        .ok()?
        .filter_map(Result::ok)
        .filter_map(|e| Some((e.metadata().ok()?.modified().ok()?, e.path())))
        .max()?;
    let der = std::fs::read(newest.1).ok()?;
    let x = opcua::crypto::X509::from_der(&der).ok()?;
    Some((x.thumbprint().as_hex_string().to_lowercase(), der))
}

/// The value of a variant as a tag reads it; `None` for a type no tag reads.
fn value(v: &Variant) -> Option<Value> {
    Some(match v {
        Variant::Boolean(b) => Value::Bool(*b),
        Variant::SByte(x) => Value::Number(f64::from(*x)),
        Variant::Byte(x) => Value::Number(f64::from(*x)),
        Variant::Int16(x) => Value::Number(f64::from(*x)),
        Variant::UInt16(x) => Value::Number(f64::from(*x)),
        Variant::Int32(x) => Value::Number(f64::from(*x)),
        Variant::UInt32(x) => Value::Number(f64::from(*x)),
        Variant::Int64(x) => Value::Number(*x as f64),
        Variant::UInt64(x) => Value::Number(*x as f64),
        Variant::Float(x) => Value::Number(f64::from(*x)),
        Variant::Double(x) => Value::Number(*x),
        Variant::String(s) => Value::Text(s.as_ref().to_string()),
        _ => return None,
    })
}

/// Hands each publishing cycle's values to the connection's task.
struct Collector {
    tx: mpsc::Sender<Vec<(usize, DataValue)>>,
    index: Arc<HashMap<NodeId, usize>>,
    dropped: Arc<AtomicU64>,
}

impl OnSubscriptionNotificationCore for Collector {
    fn on_subscription_notification(
        &mut self,
        notification: NotificationMessage,
        items: MonitoredItemMap<'_>,
    ) {
        let mut values = Vec::new();
        for obj in notification.notification_data.into_iter().flatten() {
            if let Some(change) = obj.inner_as::<DataChangeNotification>() {
                for n in change.monitored_items.iter().flatten() {
                    let Some(item) = items.get(n.client_handle) else {
                        continue;
                    };
                    if let Some(i) = self.index.get(&item.item_to_monitor().node_id) {
                        values.push((*i, n.value.clone()));
                    }
                }
            }
        }
        if values.is_empty() {
            return;
        }
        let n = values.len() as u64;
        if self.tx.try_send(values).is_err() {
            self.dropped.fetch_add(n, Ordering::Relaxed);
        }
    }
}

/// The monitored item of a tag: its node's value, sampled every `sampling_ms`, with the tag's
/// absolute deadband when it has one.
fn item(node: NodeId, sampling_ms: i64, deadband: Option<f64>) -> MonitoredItemCreateRequest {
    let filter = deadband.filter(|d| *d > 0.0).map(|d| {
        ExtensionObject::from_message(DataChangeFilter {
            trigger: DataChangeTrigger::StatusValue,
            deadband_type: DeadbandType::Absolute as u32,
            deadband_value: d,
        })
    });
    MonitoredItemCreateRequest::new(
        ReadValueId::from(node),
        MonitoringMode::Reporting,
        MonitoringParameters {
            client_handle: 0,
            sampling_interval: sampling_ms as f64,
            filter: filter.unwrap_or_default(),
            queue_size: 10,
            discard_oldest: true,
        },
    )
}

/// Subscribes to every tag of `s`; each tag's status as the server answered it.
async fn subscribe(
    session: &Session,
    s: &Settings,
    tx: mpsc::Sender<Vec<(usize, DataValue)>>,
    dropped: Arc<AtomicU64>,
) -> Result<Vec<String>, StatusCode> {
    let mut statuses = vec![String::new(); s.connection.tags.len()];
    let mut index = HashMap::new();
    let mut items = Vec::new();
    for (i, t) in s.connection.tags.iter().enumerate() {
        match NodeId::from_str(&t.node_id) {
            Ok(node) => {
                index.insert(node.clone(), i);
                items.push((i, item(node, s.connection.sampling_ms, t.deadband)));
            }
            Err(_) => statuses[i] = "BadNodeIdInvalid".into(),
        }
    }
    let collector = Collector {
        tx,
        index: Arc::new(index),
        dropped,
    };
    let interval = Duration::from_millis(s.connection.sampling_ms as u64);
    let id = session
        .create_subscription(interval, 60, 20, 0, 0, true, collector)
        .await
        .map_err(|e| e.status())?;
    for chunk in items.chunks(ITEMS_PER_CALL) {
        let requests = chunk.iter().map(|(_, r)| r.clone()).collect();
        let created = session
            .create_monitored_items(id, TimestampsToReturn::Both, requests)
            .await
            .map_err(|e| e.status())?;
        for ((i, _), c) in chunk.iter().zip(created) {
            statuses[*i] = if c.result.status_code.is_good() {
                "Good".into()
            } else {
                c.result.status_code.to_string()
            };
        }
    }
    Ok(statuses)
}

/// How a session ended.
enum Ended {
    /// Asked to stop.
    Stopped,
    /// The server refused us: wait for a change or [`FAULT_RETRY`].
    Fault(StatusCode, String),
    /// Lost for another reason (after being connected, or not): try again soon.
    Lost(String, bool),
}

/// Runs connection `s` until `stop`: connects, subscribes, publishes, reconnects.
pub async fn run(
    s: Settings,
    pki: PathBuf,
    tracker: Tracker,
    publisher: mpsc::Sender<Record>,
    trust_changed: Arc<tokio::sync::Notify>,
    stop: CancellationToken,
) {
    let mut mapper = Mapper::new(s.connection.tags.clone());
    let mut backoff = Duration::from_millis(500);
    // CONNECTING only at first: a connection that keeps failing stays DISCONNECTED (or FAULT)
    // since it first failed, rather than flickering with every attempt.
    tracker.state(ConnectionState::Connecting, None);
    loop {
        let ended = once(&s, &pki, &tracker, &publisher, &mut mapper, &stop).await;
        let mut fault = false;
        let wait = match ended {
            Ended::Stopped => return,
            Ended::Fault(code, reason) => {
                tracing::warn!(id = %s.connection.id, "OPC UA connection refused: {reason}");
                tracker.untrusted(
                    (code == StatusCode::BadCertificateUntrusted)
                        .then(|| rejected_certificate(&pki))
                        .flatten(),
                );
                tracker.state(ConnectionState::Fault, Some(reason));
                fault = true;
                FAULT_RETRY
            }
            Ended::Lost(reason, was_connected) => {
                tracing::info!(id = %s.connection.id, "OPC UA connection lost: {reason}");
                tracker.state(ConnectionState::Disconnected, Some(reason));
                backoff = if was_connected {
                    Duration::from_millis(500)
                } else {
                    (backoff * 2).min(Duration::from_secs(10))
                };
                backoff
            }
        };
        tokio::select! {
            _ = tokio::time::sleep(wait) => {}
            // A certificate trusted meanwhile may be the one this connection needs.
            _ = trust_changed.notified(), if fault => {}
            _ = stop.cancelled() => return,
        }
    }
}

async fn once(
    s: &Settings,
    pki: &Path,
    tracker: &Tracker,
    publisher: &mpsc::Sender<Record>,
    mapper: &mut Mapper,
    stop: &CancellationToken,
) -> Ended {
    let mut client = match client_off_thread(pki).await {
        Ok(c) => c,
        Err(e) => return Ended::Fault(StatusCode::BadConfigurationError, format!("{e:#}")),
    };
    let target = Target::of(s);
    let (session, event_loop) = tokio::select! {
        r = session(&mut client, &target) => match r {
            Ok(x) => x,
            Err(e) if is_fault(e.status()) => return Ended::Fault(e.status(), e.to_string()),
            Err(e) => return Ended::Lost(e.to_string(), false),
        },
        _ = stop.cancelled() => return Ended::Stopped,
    };
    let events = event_loop.enter();
    tokio::pin!(events);
    let (tx, mut rx) = mpsc::channel(CYCLES_QUEUED);
    let dropped = Arc::new(AtomicU64::new(0));
    let mut subscribed: Option<tokio::task::JoinHandle<Result<Vec<String>, StatusCode>>> = None;
    let line = s.connection.line_id.to_string();
    let mut connected = false;
    let ended = loop {
        tokio::select! {
            event = events.next() => match event {
                None => break Ended::Lost("the session closed".into(), connected),
                Some(Err(code)) if is_fault(code) => break Ended::Fault(code, code.to_string()),
                Some(Err(code)) => break Ended::Lost(code.to_string(), connected),
                Some(Ok(SessionPollResult::Reconnected(_))) => {
                    connected = true;
                    tracker.state(ConnectionState::Connected, None);
                    if subscribed.is_none() {
                        let (session, s, tx, dropped) =
                            (session.clone(), s.clone(), tx.clone(), dropped.clone());
                        subscribed = Some(tokio::spawn(async move {
                            subscribe(&session, &s, tx, dropped).await
                        }));
                    }
                }
                Some(Ok(SessionPollResult::ReconnectFailed(code))) if is_fault(code) => {
                    break Ended::Fault(code, code.to_string());
                }
                Some(Ok(SessionPollResult::ReconnectFailed(code))) => {
                    tracker.state(ConnectionState::Disconnected, Some(code.to_string()));
                }
                Some(Ok(SessionPollResult::ConnectionLost(code))) => {
                    break Ended::Lost(code.to_string(), connected);
                }
                Some(Ok(_)) => {}
            },
            done = async { subscribed.as_mut().expect("guarded").await }, if subscribed.as_ref().is_some_and(|h| !h.is_finished()) => {
                match done {
                    Ok(Ok(statuses)) => {
                        for (i, st) in statuses.iter().enumerate() {
                            tracker.tag(i, st);
                        }
                    }
                    Ok(Err(code)) => tracker.state(ConnectionState::Connected, Some(format!("subscribing: {code}"))),
                    Err(e) => tracker.state(ConnectionState::Connected, Some(format!("subscribing: {e}"))),
                }
            }
            Some(values) = rx.recv() => {
                publish(values, &line, mapper, tracker, publisher).await;
                let lost = dropped.swap(0, Ordering::Relaxed);
                if lost > 0 {
                    tracker.refused(lost);
                }
            }
            _ = stop.cancelled() => break Ended::Stopped,
        }
    };
    // Close the session (a stopped connection leaves no session on the controller).
    let _ = tokio::time::timeout(Duration::from_secs(2), session.disconnect()).await;
    ended
}

/// Maps one cycle's values and publishes them, one message per kind.
async fn publish(
    values: Vec<(usize, DataValue)>,
    line: &str,
    mapper: &mut Mapper,
    tracker: &Tracker,
    publisher: &mpsc::Sender<Record>,
) {
    let mut cycle = Cycle::default();
    let mut newest: Option<DateTime<Utc>> = None;
    let mut refused = 0;
    for (i, dv) in values {
        let status = dv.status.unwrap_or(StatusCode::Good);
        if !status.is_good() {
            tracker.tag(i, &status.to_string());
            continue;
        }
        let time = dv
            .source_timestamp
            .or(dv.server_timestamp)
            .map(|t| t.as_chrono())
            .unwrap_or_else(Utc::now);
        let Some(v) = dv.value.as_ref().and_then(value) else {
            refused += 1;
            tracker.tag(i, "BadTypeMismatch");
            continue;
        };
        match mapper.map(i, v, time, &mut cycle) {
            Ok(_) => {
                tracker.tag(i, "Good");
                newest = Some(newest.map_or(time, |n| n.max(time)));
            }
            Err(r) => {
                refused += 1;
                tracker.tag(i, &r.0);
            }
        }
    }
    if refused > 0 {
        tracker.refused(refused);
    }
    let n = cycle.len() as u64;
    if n == 0 {
        return;
    }
    tracker.read(newest.unwrap_or_else(Utc::now));
    let e = cycle.envelopes(line);
    for r in [
        e.process.map(|m| record(&m)),
        e.pressure.map(|m| record(&m)),
        e.alarms.map(|m| record(&m)),
        e.states.map(|m| record(&m)),
    ]
    .into_iter()
    .flatten()
    {
        // Never waits: a forwarder that cannot keep up refuses (and counts) what overflows.
        let samples = u64::from(r.samples);
        if publisher.try_send(r).is_err() {
            tracker.refused(samples);
        }
    }
}

/// A message as the forwarder sends (or keeps) it.
fn record<T: model::wire::Sample + serde::Serialize>(e: &model::wire::Envelope<T>) -> Record {
    Record {
        subject: e.subject(),
        id: e.id.to_string(),
        samples: e.samples.len() as u32,
        payload: serde_json::to_vec(e).unwrap_or_default().into(),
    }
}
