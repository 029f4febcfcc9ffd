//! Connections to a plant's controllers and devices (issue 32): what a connection record holds
//! (an OPC UA server or a Sparkplug B edge node, its security and user, and the tags that map
//! its values onto a line's samples), the rules a record must meet, and the status a running
//! connector reports of it. Pure: the api checks a request with [`check`], the connector reads
//! the same types off the bus.

use std::collections::BTreeMap;

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use uuid::Uuid;

use crate::Msg;
use crate::wire::{LineStateKind, Severity};

mod check;
pub mod interface;
mod probe;
mod status;
mod syntax;

pub use check::*;
pub use probe::*;
pub use status::*;
pub use syntax::*;

crate::choice! {
    /// How the connector talks to the plant: an OPC UA server, or a Sparkplug B edge node
    /// publishing through NATS's MQTT listener.
    pub enum Protocol { Opcua = "OPCUA", Mqtt = "MQTT" }
}

crate::choice! {
    /// The OPC UA security policy of the session (`None` for MQTT).
    pub enum SecurityPolicy {
        None = "None",
        Basic256Sha256 = "Basic256Sha256",
        Aes128Sha256RsaOaep = "Aes128_Sha256_RsaOaep",
        Aes256Sha256RsaPss = "Aes256_Sha256_RsaPss",
    }
}

crate::choice! {
    /// The OPC UA message security mode (`None` for MQTT and with the `None` policy).
    pub enum SecurityMode { None = "None", Sign = "Sign", SignAndEncrypt = "SignAndEncrypt" }
}

crate::choice! {
    /// What a tag's value becomes: a process value, a pressure reading, an alarm, or the
    /// line's state.
    pub enum TagKind { Process = "PROCESS", Pressure = "PRESSURE", Alarm = "ALARM", State = "STATE" }
}

crate::choice! {
    /// Where a connection stands, as its connector last reported it.
    pub enum ConnectionState {
        Connected = "CONNECTED",
        Connecting = "CONNECTING",
        Disconnected = "DISCONNECTED",
        Fault = "FAULT",
        Disabled = "DISABLED",
    }
}

/// One mapped value of the plant.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Tag {
    pub kind: TagKind,
    /// An OPC UA node id (`ns=2;s=Press.Current`) or a Sparkplug metric name.
    pub node_id: String,
    /// The parameter code (PROCESS), sensor (PRESSURE) or alarm code (ALARM); for STATE a name
    /// of the tag.
    pub code: String,
    /// Absolute deadband of a number: a change smaller than this is not published.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deadband: Option<f64>,
    /// An alarm's severity (WARNING when not given).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub severity: Option<Severity>,
    /// An alarm's text (its code when not given).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
    /// A state tag's values (`"1"`, `"RUN"`) and the line state each means.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub value_map: Option<BTreeMap<String, LineStateKind>>,
    /// An alarm's acknowledgement node (OPC UA, Boolean; issue 34): Batchline writes `true`
    /// when the alarm is acknowledged in Batchline, the controller takes it and resets it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ack_node_id: Option<String>,
}

/// What a client sends to create or change a connection. On a change, a `password` left out
/// (or `null`) keeps the stored one and `""` removes it.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ConnectionInput {
    pub line_id: Option<String>,
    pub name: Option<String>,
    pub protocol: Option<Protocol>,
    /// `opc.tcp://host:port[/path]`, or for MQTT the Sparkplug `group/edgeNode`.
    pub endpoint: Option<String>,
    pub security_policy: Option<SecurityPolicy>,
    pub security_mode: Option<SecurityMode>,
    pub username: Option<String>,
    /// Write-only: never answered.
    pub password: Option<String>,
    pub enabled: Option<bool>,
    /// How often the tags' values are published, in ms (1000 when not given); the server
    /// samples each tag twice as often.
    pub sampling_ms: Option<i64>,
    /// The node id of the line's batching interface folder (`ns=2;s=Line1`,
    /// docs/plant-interface.md); none: tags only.
    pub interface_node: Option<String>,
    #[serde(default)]
    pub tags: Option<Vec<Tag>>,
}

/// A connection as the api answers it (without its password).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Connection {
    #[serde(rename = "_id")]
    pub id: Uuid,
    pub line_id: Uuid,
    pub name: String,
    pub protocol: Protocol,
    pub endpoint: String,
    pub security_policy: SecurityPolicy,
    pub security_mode: SecurityMode,
    pub username: Option<String>,
    /// Whether a password is stored (the password itself is never answered).
    pub has_password: bool,
    pub enabled: bool,
    pub sampling_ms: i64,
    /// The node id of the line's batching interface folder; none: tags only.
    pub interface_node: Option<String>,
    pub tags: Vec<Tag>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl Tag {
    /// A tag of `kind` reading `node_id` as `code`, with no deadband, severity, message or map.
    pub fn new(kind: TagKind, node_id: impl Into<String>, code: impl Into<String>) -> Tag {
        Tag {
            kind,
            node_id: node_id.into(),
            code: code.into(),
            deadband: None,
            severity: None,
            message: None,
            value_map: None,
            ack_node_id: None,
        }
    }
}

/// What the connector is told of a connection on the bus: the record and its password.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Settings {
    #[serde(flatten)]
    pub connection: Connection,
    pub password: Option<String>,
}

impl Settings {
    /// A new, enabled connection of `line_id` to `endpoint` without security, user, password,
    /// interface or tags, publishing every `sampling_ms` (what a simulated plant, a test or a
    /// bench starts from).
    pub fn new(
        line_id: Uuid,
        name: &str,
        protocol: Protocol,
        endpoint: String,
        sampling_ms: i64,
    ) -> Settings {
        let now = Utc::now();
        Settings {
            connection: Connection {
                id: Uuid::now_v7(),
                line_id,
                name: name.into(),
                protocol,
                endpoint,
                security_policy: SecurityPolicy::None,
                security_mode: SecurityMode::None,
                username: None,
                has_password: false,
                enabled: true,
                sampling_ms,
                interface_node: None,
                tags: vec![],
                created_at: now,
                updated_at: now,
            },
            password: None,
        }
    }
}
