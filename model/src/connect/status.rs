//! What a running connector reports of a connection and its tags, and when a report is stale.

use super::*;

/// One tag's standing: `Good`, or the OPC UA status code name (`BadNodeIdUnknown`) or the
/// reason the connector refuses its values.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TagStatus {
    pub node_id: String,
    pub status: String,
}

/// A connection's status as its connector reports it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ConnectionStatus {
    #[serde(rename = "_id")]
    pub id: Uuid,
    pub line_id: Uuid,
    /// The connection's name, as the connector was told it.
    #[serde(default)]
    pub name: String,
    pub state: ConnectionState,
    /// When the connection entered `state`.
    pub since: Option<DateTime<Utc>>,
    /// When the last value arrived from the plant.
    pub last_value_at: Option<DateTime<Utc>>,
    /// Samples published to the bus since the connector started.
    pub samples_published: u64,
    /// Samples kept on the connector's disk while NATS cannot take them.
    pub buffered: u64,
    /// Values refused (NaN, infinite, wrong type) since the connector started.
    pub refused: u64,
    pub last_error: Option<String>,
    /// A server certificate the connection refused because it is not trusted yet: its SHA-1
    /// thumbprint (hex), for "trust this server".
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub untrusted_certificate: Option<String>,
    /// That certificate itself (DER, base64), for the api to trust it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub untrusted_certificate_der: Option<String>,
    pub tags: Vec<TagStatus>,
    /// When the connector last reported (a status older than [`STALE_AFTER_S`] is answered
    /// as DISCONNECTED: no connector is running it).
    pub reported_at: DateTime<Utc>,
}

/// Seconds after which a status no connector renewed no longer holds.
pub const STALE_AFTER_S: i64 = 15;
/// How often a connector renews a connection's status when nothing changes.
pub const REPORT_EVERY_S: u64 = 5;

impl ConnectionStatus {
    /// Whether no connector renewed this status within [`STALE_AFTER_S`] of `now`.
    pub fn stale(&self, now: DateTime<Utc>) -> bool {
        (now - self.reported_at).num_seconds() > STALE_AFTER_S
    }

    /// The status of `c` when no connector reports it (or its report is older than
    /// [`STALE_AFTER_S`] at `now`).
    pub fn unreported(c: &Connection, last: Option<ConnectionStatus>, now: DateTime<Utc>) -> Self {
        let state = if c.enabled {
            ConnectionState::Disconnected
        } else {
            ConnectionState::Disabled
        };
        match last {
            Some(s) if !s.stale(now) => s,
            Some(s) => ConnectionStatus {
                state,
                since: Some(s.reported_at),
                last_error: c.enabled.then(|| "connector.notReporting".to_string()),
                ..s
            },
            None => ConnectionStatus {
                id: c.id,
                line_id: c.line_id,
                name: c.name.clone(),
                state,
                since: None,
                last_value_at: None,
                samples_published: 0,
                buffered: 0,
                refused: 0,
                last_error: c.enabled.then(|| "connector.notReporting".to_string()),
                untrusted_certificate: None,
                untrusted_certificate_der: None,
                tags: Vec::new(),
                reported_at: now,
            },
        }
    }
}
