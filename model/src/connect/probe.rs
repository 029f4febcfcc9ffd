//! The node browser's, the connection test's and the certificate trust's requests and answers.

use super::*;

/// What the node browser is asked: a server to reach (the record's endpoint, security and
/// user; the stored password of `connectionId` when no password is given) and the node whose
/// children it wants (the Objects folder when none).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BrowseRequest {
    pub endpoint: Option<String>,
    pub security_policy: Option<SecurityPolicy>,
    pub security_mode: Option<SecurityMode>,
    pub username: Option<String>,
    pub password: Option<String>,
    pub node_id: Option<String>,
    /// The connection being edited, whose stored password is used when none is given.
    pub connection_id: Option<String>,
}

/// One child of a node.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Browsed {
    pub node_id: String,
    pub browse_name: String,
    pub display_name: String,
    /// `Object`, `Variable`, `Method`…
    pub node_class: String,
    /// A variable's data type (`Double`, `Boolean`, or the type's node id).
    pub data_type: Option<String>,
    /// A variable's value now, as text.
    pub value: Option<String>,
    /// Whether the node has children to browse (objects and folders).
    pub has_children: bool,
}

/// "Test": a record as the form holds it, and the connection whose stored password it keeps.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TestRequest {
    #[serde(flatten)]
    pub connection: ConnectionInput,
    /// The connection being edited, whose stored password is used when none is given.
    pub connection_id: Option<String>,
}

/// One tag as read once.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TagRead {
    pub node_id: String,
    /// `Good` or the status code name.
    pub status: String,
    pub value: Option<String>,
}

/// What "test" found.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TestOutcome {
    /// A session was made.
    pub connected: bool,
    /// Why not (an OPC UA status code name).
    pub error: Option<String>,
    /// The server refused us (credentials, security, certificate) rather than not answering.
    pub fault: bool,
    /// The server's certificate, when it is not trusted yet.
    pub untrusted_certificate: Option<Certificate>,
    pub tags: Vec<TagRead>,
}

/// Trusting or withdrawing trust from a server certificate.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TrustRequest {
    pub thumbprint: Option<String>,
}

/// A server certificate, as the trust dialog shows it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Certificate {
    /// SHA-1 thumbprint, lower-case hex.
    pub thumbprint: String,
    pub subject: String,
}

/// A trusted server certificate.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TrustedCertificate {
    pub thumbprint: String,
    pub subject: String,
    pub trusted_at: DateTime<Utc>,
    pub trusted_by: Option<String>,
}
