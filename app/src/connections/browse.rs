//! The node browser and the connection test: the api's own OPC UA client asks a server, with
//! the plant's trust list.

use super::trust::trust_as_stored;
use super::*;

/// The stored password of `connection_id` (the form of a stored record holds none).
async fn stored_password(app: &App, connection_id: Option<&str>) -> Result<Option<String>> {
    let Some(id) = connection_id.filter(|i| !i.trim().is_empty()) else {
        return Ok(None);
    };
    let id = parse_id(id, "connectionId")?;
    Ok(db::connections::get(&app.pool, id)
        .await?
        .ok_or_else(not_found)?
        .password)
}

fn unreachable(r: &Refused) -> Error {
    let code = if r.untrusted.is_some() {
        "connection.untrusted"
    } else if r.fault {
        "connection.refusedBy"
    } else {
        "connection.unreachable"
    };
    Error::Unreachable(Msg::new(code).arg("status", &r.code))
}

fn certificate(r: &Refused) -> Option<Certificate> {
    let (thumbprint, der) = r.untrusted.as_ref()?;
    let subject = ::connect::pki::describe(der)
        .map(|(_, s)| s)
        .unwrap_or_default();
    Some(Certificate {
        thumbprint: thumbprint.clone(),
        subject,
    })
}

/// The children of a node of an OPC UA server (the node browser); `pki` is the api's own
/// OPC UA directory.
pub async fn browse(app: &App, pki: &Path, req: &BrowseRequest) -> Result<Vec<Browsed>> {
    let endpoint = req.endpoint.as_deref().map(str::trim).unwrap_or_default();
    if endpoint.is_empty() {
        return Err(Error::field("endpoint", Msg::new("validation.required")));
    }
    if !connect::opc_endpoint(endpoint) {
        return Err(Error::field("endpoint", Msg::new("connection.opcEndpoint")));
    }
    if let Some(n) = req.node_id.as_deref().filter(|n| !n.trim().is_empty())
        && !connect::node_id(n.trim())
    {
        return Err(Error::field("nodeId", Msg::new("connection.nodeId")));
    }
    let policy = req.security_policy.unwrap_or(SecurityPolicy::None);
    let password = match &req.password {
        Some(p) => Some(p.clone()),
        None => stored_password(app, req.connection_id.as_deref()).await?,
    };
    let target = ::connect::opcua::Target {
        endpoint,
        policy,
        mode: req.security_mode.unwrap_or(match policy {
            SecurityPolicy::None => SecurityMode::None,
            _ => SecurityMode::SignAndEncrypt,
        }),
        username: req.username.as_deref().filter(|u| !u.trim().is_empty()),
        password: password.as_deref(),
    };
    trust_as_stored(app, pki).await?;
    probe::browse(pki, &target, req.node_id.as_deref())
        .await
        .map_err(|r| unreachable(&r))
}

/// Tries a connection as the form holds it and reads each tag once.
pub async fn test(app: &App, pki: &Path, req: &TestRequest) -> Result<TestOutcome> {
    let c = connect::check(&req.connection).map_err(Error::Invalid)?;
    if c.protocol != Protocol::Opcua {
        return Err(Error::field(
            "protocol",
            Msg::new("connection.testOpcUaOnly"),
        ));
    }
    let password = match &req.connection.password {
        Some(p) => Some(p.clone()),
        None => stored_password(app, req.connection_id.as_deref()).await?,
    };
    trust_as_stored(app, pki).await?;
    Ok(
        match probe::test(pki, &req.connection, password.as_deref()).await {
            Ok(tags) => TestOutcome {
                connected: true,
                error: None,
                fault: false,
                untrusted_certificate: None,
                tags,
            },
            Err(r) => TestOutcome {
                connected: false,
                error: Some(r.code.clone()),
                fault: r.fault,
                untrusted_certificate: certificate(&r),
                tags: Vec::new(),
            },
        },
    )
}
