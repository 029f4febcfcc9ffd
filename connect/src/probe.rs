//! Asking an OPC UA server once, for the configuration screen (issue 32): the children of a
//! node (the node browser) and one read of each tag of a record ("test"). Each call opens its
//! own session with the record's security and user and closes it when done.

use std::path::Path;
use std::str::FromStr;
use std::sync::Arc;
use std::time::Duration;

use futures::StreamExt;
use model::connect::{Browsed, ConnectionInput, Tag, TagRead};
use opcua::client::{Session, SessionPollResult};
use opcua::types::{
    AttributeId, BrowseDescription, BrowseDirection, BrowseResultMask, DataValue, NodeClass,
    NodeId, ReadValueId, ReferenceTypeId, StatusCode, TimestampsToReturn, Variant,
};

use crate::opcua::{Target, client_off_thread, is_fault, rejected_certificate, session};

/// How long a probe waits for the server to answer at all.
pub const PROBE_TIMEOUT: Duration = Duration::from_secs(10);

/// Why a probe could not ask the server.
#[derive(Debug, Clone, PartialEq)]
pub struct Refused {
    /// The OPC UA status code name (`BadUserAccessDenied`, `BadTimeout`…).
    pub code: String,
    /// The server refused us (credentials, security, certificate), rather than not answering.
    pub fault: bool,
    /// A server certificate the client did not trust: its SHA-1 thumbprint (hex) and DER.
    pub untrusted: Option<(String, Vec<u8>)>,
}

fn refused(pki: &Path, code: StatusCode) -> Refused {
    let untrusted = (code == StatusCode::BadCertificateUntrusted)
        .then(|| rejected_certificate(pki))
        .flatten();
    Refused {
        code: code.to_string(),
        fault: is_fault(code),
        untrusted,
    }
}

/// A connected session to `t`, its event loop polled by a task until the session closes.
async fn open(
    pki: &Path,
    t: &Target<'_>,
) -> Result<(Arc<Session>, tokio::task::JoinHandle<()>), Refused> {
    let mut c = client_off_thread(pki)
        .await
        .map_err(|_| refused(pki, StatusCode::BadConfigurationError))?;
    let (session, event_loop) = match tokio::time::timeout(PROBE_TIMEOUT, session(&mut c, t)).await
    {
        Ok(Ok(x)) => x,
        Ok(Err(e)) => return Err(refused(pki, e.status())),
        Err(_) => return Err(refused(pki, StatusCode::BadTimeout)),
    };
    let mut events = Box::pin(event_loop.enter());
    let deadline = tokio::time::Instant::now() + PROBE_TIMEOUT;
    loop {
        match tokio::time::timeout_at(deadline, events.next()).await {
            Err(_) => return Err(refused(pki, StatusCode::BadTimeout)),
            Ok(None) => return Err(refused(pki, StatusCode::BadConnectionClosed)),
            Ok(Some(Err(code) | Ok(SessionPollResult::ReconnectFailed(code)))) => {
                return Err(refused(pki, code));
            }
            Ok(Some(Ok(SessionPollResult::Reconnected(_)))) => break,
            Ok(Some(Ok(_))) => {}
        }
    }
    let task = tokio::spawn(async move { while events.next().await.is_some() {} });
    Ok((session, task))
}

async fn close(session: Arc<Session>, task: tokio::task::JoinHandle<()>) {
    let _ = tokio::time::timeout(Duration::from_secs(2), session.disconnect()).await;
    task.abort();
}

/// The name of a built-in data type, else the type's node id.
fn type_name(id: &NodeId) -> String {
    let builtin = [
        (1, "Boolean"),
        (2, "SByte"),
        (3, "Byte"),
        (4, "Int16"),
        (5, "UInt16"),
        (6, "Int32"),
        (7, "UInt32"),
        (8, "Int64"),
        (9, "UInt64"),
        (10, "Float"),
        (11, "Double"),
        (12, "String"),
        (13, "DateTime"),
        (15, "ByteString"),
        (26, "Number"),
    ];
    if id.namespace == 0
        && let opcua::types::Identifier::Numeric(n) = id.identifier
        && let Some((_, name)) = builtin.iter().find(|(k, _)| *k == n)
    {
        return (*name).to_string();
    }
    id.to_string()
}

fn text(v: &Variant) -> String {
    match v {
        Variant::String(s) => s.as_ref().to_string(),
        Variant::LocalizedText(t) => t.text.as_ref().to_string(),
        other => other.to_string(),
    }
}

fn read(id: &NodeId, attribute: AttributeId) -> ReadValueId {
    ReadValueId {
        node_id: id.clone(),
        attribute_id: attribute as u32,
        ..Default::default()
    }
}

/// The children of `node` (the Objects folder when `None`), variables with their type and
/// value now.
pub async fn browse(
    pki: &Path,
    t: &Target<'_>,
    node: Option<&str>,
) -> Result<Vec<Browsed>, Refused> {
    let start = match node.map(str::trim).filter(|n| !n.is_empty()) {
        Some(n) => NodeId::from_str(n).map_err(|_| Refused {
            code: StatusCode::BadNodeIdInvalid.to_string(),
            fault: false,
            untrusted: None,
        })?,
        None => NodeId::objects_folder_id(),
    };
    let (session, task) = open(pki, t).await?;
    let result = browse_in(&session, start).await;
    close(session, task).await;
    result.map_err(|code| Refused {
        code: code.to_string(),
        fault: false,
        untrusted: None,
    })
}

async fn browse_in(session: &Session, start: NodeId) -> Result<Vec<Browsed>, StatusCode> {
    let description = BrowseDescription {
        node_id: start,
        browse_direction: BrowseDirection::Forward,
        reference_type_id: ReferenceTypeId::HierarchicalReferences.into(),
        include_subtypes: true,
        node_class_mask: 0,
        result_mask: BrowseResultMask::All as u32,
    };
    let results = session
        .browse(&[description], 1000, None)
        .await
        .map_err(|e| e.status())?;
    let result = results.into_iter().next().ok_or(StatusCode::BadNoData)?;
    if !result.status_code.is_good() {
        return Err(result.status_code);
    }
    let refs = result.references.unwrap_or_default();
    let mut out: Vec<Browsed> = refs
        .iter()
        .map(|r| Browsed {
            node_id: r.node_id.node_id.to_string(),
            browse_name: r.browse_name.name.as_ref().to_string(),
            display_name: r.display_name.text.as_ref().to_string(),
            node_class: format!("{:?}", r.node_class),
            data_type: None,
            value: None,
            has_children: matches!(r.node_class, NodeClass::Object | NodeClass::View),
        })
        .collect();
    // Each variable's type and value, in one read.
    let variables: Vec<usize> = refs
        .iter()
        .enumerate()
        .filter(|(_, r)| r.node_class == NodeClass::Variable)
        .map(|(i, _)| i)
        .collect();
    if !variables.is_empty() {
        let reads: Vec<ReadValueId> = variables
            .iter()
            .flat_map(|i| {
                let id = &refs[*i].node_id.node_id;
                [
                    read(id, AttributeId::DataType),
                    read(id, AttributeId::Value),
                ]
            })
            .collect();
        let values = session
            .read(&reads, TimestampsToReturn::Neither, 0.0)
            .await
            .map_err(|e| e.status())?;
        for (k, i) in variables.iter().enumerate() {
            if let Some(Variant::NodeId(t)) = values.get(2 * k).and_then(|d| d.value.as_ref()) {
                out[*i].data_type = Some(type_name(t));
            }
            out[*i].value = values
                .get(2 * k + 1)
                .and_then(|d| d.value.as_ref())
                .map(text);
        }
    }
    out.sort_by(|a, b| a.display_name.cmp(&b.display_name));
    Ok(out)
}

/// Tries the connection `input` describes (with `password` when it keeps a stored one) and
/// reads each of its tags once.
pub async fn test(
    pki: &Path,
    input: &ConnectionInput,
    password: Option<&str>,
) -> Result<Vec<TagRead>, Refused> {
    let policy = input
        .security_policy
        .unwrap_or(model::connect::SecurityPolicy::None);
    let t = Target {
        endpoint: input.endpoint.as_deref().unwrap_or_default().trim(),
        policy,
        mode: input.security_mode.unwrap_or(match policy {
            model::connect::SecurityPolicy::None => model::connect::SecurityMode::None,
            _ => model::connect::SecurityMode::SignAndEncrypt,
        }),
        username: input.username.as_deref().filter(|u| !u.trim().is_empty()),
        password,
    };
    let tags: &[Tag] = input.tags.as_deref().unwrap_or_default();
    let (session, task) = open(pki, &t).await?;
    let result = read_tags(&session, tags).await;
    close(session, task).await;
    result.map_err(|code| Refused {
        code: code.to_string(),
        fault: false,
        untrusted: None,
    })
}

async fn read_tags(session: &Session, tags: &[Tag]) -> Result<Vec<TagRead>, StatusCode> {
    let ids: Vec<Option<NodeId>> = tags
        .iter()
        .map(|t| NodeId::from_str(&t.node_id).ok())
        .collect();
    let reads: Vec<ReadValueId> = ids
        .iter()
        .flatten()
        .map(|id| read(id, AttributeId::Value))
        .collect();
    let mut values: std::vec::IntoIter<DataValue> = if reads.is_empty() {
        Vec::new().into_iter()
    } else {
        session
            .read(&reads, TimestampsToReturn::Neither, 0.0)
            .await
            .map_err(|e| e.status())?
            .into_iter()
    };
    Ok(tags
        .iter()
        .zip(&ids)
        .map(|(t, id)| {
            let (status, value) = match id {
                None => (StatusCode::BadNodeIdInvalid.to_string(), None),
                Some(_) => match values.next() {
                    Some(dv) => {
                        let s = dv.status.unwrap_or(StatusCode::Good);
                        let status = if s.is_good() {
                            "Good".into()
                        } else {
                            s.to_string()
                        };
                        (status, dv.value.as_ref().map(text))
                    }
                    None => (StatusCode::BadNoData.to_string(), None),
                },
            };
            TagRead {
                node_id: t.node_id.clone(),
                status,
                value,
            }
        })
        .collect())
}
