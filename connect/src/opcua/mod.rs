//! One OPC UA connection (issue 32, decision 106): a session with the configured security and
//! user, subscriptions (at most 1,000 items each) publishing every `samplingMs` whose monitored
//! items sample the tags at half that with their absolute deadband, and each publishing cycle's
//! values published as the line's samples, one message per kind. A lost connection is made again with back-off (0.5 s doubling to 10 s) as
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
use tokio_util::task::AbortOnDropHandle;

use crate::forward::Publisher;
use crate::status::Tracker;
use crate::values::{Mapper, Value};

mod client;
mod subscription;

pub use client::*;
use subscription::{subscribe, value};

/// How long a FAULT waits before the connection is tried again (a settings change tries at
/// once).
pub const FAULT_RETRY: Duration = Duration::from_secs(60);
/// Publishing cycles waiting to be published before new ones are refused (counted).
const CYCLES_QUEUED: usize = 1_000;

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
#[allow(clippy::too_many_arguments)]
pub async fn run(
    s: Settings,
    pki: PathBuf,
    tracker: Tracker,
    publisher: Publisher,
    orders: Option<crate::interface::OrderSide>,
    acks: Option<crate::acks::Pending>,
    trust_changed: Arc<tokio::sync::Notify>,
    stop: CancellationToken,
) {
    let mut mapper = Mapper::new(s.connection.tags.clone());
    // The acknowledgements made in Batchline, for a connection that writes them.
    let acks = acks.zip(crate::acks::Writer::of(&s.connection.tags));
    let mut backoff = Duration::from_millis(500);
    // CONNECTING only at first: a connection that keeps failing stays DISCONNECTED (or FAULT)
    // since it first failed, rather than flickering with every attempt.
    tracker.state(ConnectionState::Connecting, None);
    loop {
        let ended = once(
            &s,
            &pki,
            &tracker,
            &publisher,
            &orders,
            &acks,
            &mut mapper,
            &stop,
        )
        .await;
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

#[allow(clippy::too_many_arguments)]
async fn once(
    s: &Settings,
    pki: &Path,
    tracker: &Tracker,
    publisher: &Publisher,
    orders: &Option<crate::interface::OrderSide>,
    acks: &Option<(crate::acks::Pending, crate::acks::Writer)>,
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
    // Until its answer is read (a flag, not `is_finished`: a task that finished between two
    // looks would never be read, its tags left pending and its failure unsaid).
    let mut subscribing = false;
    // The batching interface, served while the session lasts.
    let mut interface: Option<AbortOnDropHandle<()>> = None;
    // The acknowledgements made in Batchline, written while the session lasts.
    let mut acknowledging: Option<AbortOnDropHandle<()>> = None;
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
                    if interface.is_none()
                        && let Some(folder) = s.connection.interface_node.clone()
                    {
                        let every = Duration::from_millis(s.connection.sampling_ms.max(100) as u64);
                        let served = crate::interface::Interface::new(
                            session.clone(),
                            folder,
                            s.connection.line_id.to_string(),
                            publisher.clone(),
                            tracker.clone(),
                            orders.clone(),
                        );
                        interface = Some(AbortOnDropHandle::new(tokio::spawn(served.run(every))));
                    }
                    if acknowledging.is_none()
                        && let Some((pending, writer)) = acks
                    {
                        let served = crate::acks::serve(
                            session.clone(),
                            pending.clone(),
                            writer.clone(),
                            line.clone(),
                            publisher.clone(),
                            tracker.clone(),
                        );
                        acknowledging = Some(AbortOnDropHandle::new(tokio::spawn(served)));
                    }
                    if subscribed.is_none() {
                        let (session, s, tx, dropped) =
                            (session.clone(), s.clone(), tx.clone(), dropped.clone());
                        subscribed = Some(tokio::spawn(async move {
                            subscribe(&session, &s, tx, dropped).await
                        }));
                        subscribing = true;
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
            done = async { subscribed.as_mut().expect("guarded").await }, if subscribing => {
                subscribing = false;
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
                crate::publish::cycle(read_cycle(values), &line, mapper, tracker, publisher).await;
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

/// One publishing cycle's values as tags read them: the status code of a value the server
/// could not give, or that no tag reads, is the tag's status.
fn read_cycle(
    values: Vec<(usize, DataValue)>,
) -> Vec<(usize, Result<Value, String>, DateTime<Utc>)> {
    values
        .into_iter()
        .map(|(i, dv)| {
            let status = dv.status.unwrap_or(StatusCode::Good);
            let time = dv
                .source_timestamp
                .or(dv.server_timestamp)
                .map(|t| t.as_chrono())
                .unwrap_or_else(Utc::now);
            let v = if !status.is_good() {
                Err(status.to_string())
            } else {
                dv.value
                    .as_ref()
                    .and_then(value)
                    .ok_or_else(|| "BadTypeMismatch".to_string())
            };
            (i, v, time)
        })
        .collect()
}
