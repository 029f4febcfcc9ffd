//! A connection's status as the connector keeps it ([`Tracker`]) and reports it to the
//! `CONNECTION_STATUS` bucket ([`report`]): at once when its state changes, and every
//! [`REPORT_EVERY_S`] otherwise, so the api can tell a running connector from a gone one.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use bus::connections::Statuses;
use chrono::{DateTime, Utc};
use model::connect::{Connection, ConnectionState, ConnectionStatus, REPORT_EVERY_S, TagStatus};
use tokio::sync::Notify;
use tokio_util::sync::CancellationToken;

/// A connection's status, shared by the tasks that change it.
#[derive(Clone)]
pub struct Tracker {
    status: Arc<Mutex<ConnectionStatus>>,
    changed: Arc<Notify>,
}

impl Tracker {
    pub fn new(c: &Connection) -> Tracker {
        let now = Utc::now();
        Tracker {
            status: Arc::new(Mutex::new(ConnectionStatus {
                id: c.id,
                line_id: c.line_id,
                name: c.name.clone(),
                state: ConnectionState::Connecting,
                since: Some(now),
                last_value_at: None,
                samples_published: 0,
                buffered: 0,
                refused: 0,
                last_error: None,
                untrusted_certificate: None,
                untrusted_certificate_der: None,
                tags: c
                    .tags
                    .iter()
                    .map(|t| TagStatus {
                        node_id: t.node_id.clone(),
                        status: "Pending".into(),
                    })
                    .collect(),
                reported_at: now,
            })),
            changed: Arc::default(),
        }
    }

    fn change(&self, f: impl FnOnce(&mut ConnectionStatus) -> bool) {
        let notify = {
            let mut s = self.status.lock().expect("status lock");
            f(&mut s)
        };
        if notify {
            self.changed.notify_one();
        }
    }

    /// Enters `state` (its `since` is kept when it was in it already) with `error`.
    pub fn state(&self, state: ConnectionState, error: Option<String>) {
        self.change(|s| {
            let moved = s.state != state;
            if moved {
                s.state = state;
                s.since = Some(Utc::now());
            }
            let said = s.last_error != error && error.is_some();
            if error.is_some() || state == ConnectionState::Connected {
                s.last_error = error;
            }
            if state == ConnectionState::Connected {
                s.untrusted_certificate = None;
                s.untrusted_certificate_der = None;
            }
            moved || said
        });
    }

    /// The connection's last error, its state unchanged (`None` clears it).
    pub fn error(&self, error: Option<String>) {
        self.change(|s| {
            let moved = s.last_error != error;
            s.last_error = error;
            moved
        });
    }

    pub fn state_now(&self) -> ConnectionState {
        self.status.lock().expect("status lock").state
    }

    /// `n` more samples acknowledged by the stream.
    pub fn published(&self, n: u64) {
        if n > 0 {
            self.change(|s| {
                s.samples_published += n;
                false
            });
        }
    }

    /// A value read from the plant at `at`.
    pub fn read(&self, at: DateTime<Utc>) {
        self.change(|s| {
            s.last_value_at = Some(s.last_value_at.map_or(at, |t| t.max(at)));
            false
        });
    }

    /// `n` values refused.
    pub fn refused(&self, n: u64) {
        self.change(|s| {
            s.refused += n;
            false
        });
    }

    /// Samples kept on disk now (a change of whether any are is reported at once).
    pub fn buffered(&self, n: u64) {
        self.change(|s| {
            let moved = (s.buffered == 0) != (n == 0);
            s.buffered = n;
            moved
        });
    }

    /// Tag `i`'s status (`Good`, a status code name).
    pub fn tag(&self, i: usize, status: &str) {
        self.change(|s| match s.tags.get_mut(i) {
            Some(t) if t.status != status => {
                t.status = status.to_string();
                true
            }
            _ => false,
        });
    }

    /// The server certificate a connection refused as untrusted (SHA-1 hex and DER), or none.
    pub fn untrusted(&self, certificate: Option<(String, Vec<u8>)>) {
        use base64::Engine;
        self.change(|s| {
            let thumbprint = certificate.as_ref().map(|(t, _)| t.clone());
            let moved = s.untrusted_certificate != thumbprint;
            s.untrusted_certificate = thumbprint;
            s.untrusted_certificate_der =
                certificate.map(|(_, der)| base64::engine::general_purpose::STANDARD.encode(der));
            moved
        });
    }

    pub fn snapshot(&self) -> ConnectionStatus {
        self.status.lock().expect("status lock").clone()
    }
}

/// Reports `tracker`'s status until `stop`.
pub async fn report(statuses: Statuses, tracker: Tracker, stop: CancellationToken) {
    let every = Duration::from_secs(REPORT_EVERY_S);
    loop {
        let mut s = tracker.snapshot();
        s.reported_at = Utc::now();
        if let Err(e) = statuses.put(&s).await {
            tracing::debug!(id = %s.id, "cannot report the connection's status: {e:#}");
        }
        tokio::select! {
            _ = tracker.changed.notified() => {
                // Changes that come together are reported together.
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
            _ = tokio::time::sleep(every) => {}
            _ = stop.cancelled() => return,
        }
    }
}
