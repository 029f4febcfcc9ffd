//! The rules a connection record must meet, field by field (the syntax of endpoints and node
//! ids is [`super::syntax`]).

use super::*;

/// The most tags one connection maps.
pub const MAX_TAGS: usize = 5_000;
/// The sampling interval's bounds, in ms.
pub const SAMPLING_MS: (i64, i64) = (100, 3_600_000);
const NAME_MAX: usize = 80;
const ENDPOINT_MAX: usize = 256;
const NODE_ID_MAX: usize = 256;
const MESSAGE_MAX: usize = 200;
const VALUE_MAP_MAX: usize = 32;

/// The message of a text longer than `max` characters.
fn too_long(max: usize) -> Msg {
    Msg::new("validation.textTooLong").arg("max", max)
}

/// A connection's values once checked: what is stored.
#[derive(Debug, Clone, PartialEq)]
pub struct Checked {
    pub line_id: Uuid,
    pub name: String,
    pub protocol: Protocol,
    pub endpoint: String,
    pub security_policy: SecurityPolicy,
    pub security_mode: SecurityMode,
    pub username: Option<String>,
    /// `None`: keep what is stored (a change) or none (a new record); `Some("")`: remove.
    pub password: Option<String>,
    pub enabled: bool,
    pub sampling_ms: i64,
    pub interface_node: Option<String>,
    pub tags: Vec<Tag>,
}

/// Checks `input`, one message per field (`tags[3].nodeId`).
pub fn check(input: &ConnectionInput) -> Result<Checked, BTreeMap<String, Msg>> {
    let mut errors = BTreeMap::new();
    let required = || Msg::new("validation.required");
    let line_id = match input.line_id.as_deref().map(str::trim) {
        None | Some("") => {
            errors.insert("lineId".into(), required());
            None
        }
        Some(s) => Uuid::parse_str(s)
            .map_err(|_| errors.insert("lineId".into(), Msg::new("config.refMissing")))
            .ok(),
    };
    let name = match input.name.as_deref().map(str::trim) {
        None | Some("") => {
            errors.insert("name".into(), required());
            None
        }
        Some(s) if s.chars().count() > NAME_MAX => {
            errors.insert("name".into(), too_long(NAME_MAX));
            None
        }
        Some(s) => Some(s.to_string()),
    };
    let protocol = input.protocol;
    if protocol.is_none() {
        errors.insert("protocol".into(), required());
    }
    let endpoint = input.endpoint.as_deref().map(str::trim).unwrap_or("");
    match (endpoint, protocol) {
        ("", _) => {
            errors.insert("endpoint".into(), required());
        }
        (e, _) if e.chars().count() > ENDPOINT_MAX => {
            errors.insert("endpoint".into(), too_long(ENDPOINT_MAX));
        }
        (e, Some(Protocol::Opcua)) if !opc_endpoint(e) => {
            errors.insert("endpoint".into(), Msg::new("connection.opcEndpoint"));
        }
        (e, Some(Protocol::Mqtt)) if sparkplug_edge(e).is_none() => {
            errors.insert("endpoint".into(), Msg::new("connection.sparkplugEndpoint"));
        }
        _ => {}
    }
    let policy = input.security_policy.unwrap_or(SecurityPolicy::None);
    let mode = input.security_mode.unwrap_or(match policy {
        SecurityPolicy::None => SecurityMode::None,
        _ => SecurityMode::SignAndEncrypt,
    });
    if protocol == Some(Protocol::Mqtt) && policy != SecurityPolicy::None {
        errors.insert("securityPolicy".into(), Msg::new("connection.mqttSecurity"));
    } else if (policy == SecurityPolicy::None) != (mode == SecurityMode::None) {
        errors.insert("securityMode".into(), Msg::new("connection.securityPair"));
    }
    let text = |v: &Option<String>, key: &str, max: usize, errors: &mut BTreeMap<String, Msg>| {
        let v = v.as_deref().map(str::trim).filter(|s| !s.is_empty());
        if let Some(s) = v
            && s.chars().count() > max
        {
            errors.insert(key.into(), too_long(max));
        }
        v.map(str::to_string)
    };
    let username = text(&input.username, "username", 64, &mut errors);
    if let Some(p) = &input.password
        && p.chars().count() > 256
    {
        errors.insert("password".into(), too_long(256));
    }
    let sampling_ms = input.sampling_ms.unwrap_or(1000);
    if !(SAMPLING_MS.0..=SAMPLING_MS.1).contains(&sampling_ms) {
        errors.insert(
            "samplingMs".into(),
            Msg::new("validation.numberRange")
                .arg("min", SAMPLING_MS.0)
                .arg("max", SAMPLING_MS.1),
        );
    }
    let interface_node = text(
        &input.interface_node,
        "interfaceNode",
        NODE_ID_MAX,
        &mut errors,
    );
    if let Some(n) = &interface_node {
        if protocol == Some(Protocol::Mqtt) {
            errors.insert(
                "interfaceNode".into(),
                Msg::new("connection.interfaceOpcua"),
            );
        } else if !node_id(n) || super::interface::node_id(n, "Epoch").is_none() {
            errors.insert("interfaceNode".into(), Msg::new("connection.interfaceNode"));
        }
    }
    let tags = input.tags.clone().unwrap_or_default();
    if tags.len() > MAX_TAGS {
        errors.insert(
            "tags".into(),
            Msg::new("validation.notAbove").arg("max", MAX_TAGS),
        );
    }
    let mut seen = std::collections::HashSet::new();
    let tags: Vec<Tag> = tags
        .into_iter()
        .enumerate()
        .map(|(i, t)| check_tag(i, t, protocol, &mut seen, &mut errors))
        .collect();
    if !errors.is_empty() {
        return Err(errors);
    }
    Ok(Checked {
        line_id: line_id.expect("checked"),
        name: name.expect("checked"),
        protocol: protocol.expect("checked"),
        endpoint: endpoint.to_string(),
        security_policy: policy,
        security_mode: mode,
        username,
        password: input.password.clone(),
        enabled: input.enabled.unwrap_or(true),
        sampling_ms,
        interface_node,
        tags,
    })
}

fn check_tag(
    i: usize,
    mut t: Tag,
    protocol: Option<Protocol>,
    seen: &mut std::collections::HashSet<String>,
    errors: &mut BTreeMap<String, Msg>,
) -> Tag {
    let mut bad = |field: &str, msg: Msg| {
        errors.entry(format!("tags[{i}].{field}")).or_insert(msg);
    };
    t.node_id = t.node_id.trim().to_string();
    t.code = t.code.trim().to_string();
    if t.node_id.is_empty() {
        bad("nodeId", Msg::new("validation.required"));
    } else if t.node_id.chars().count() > NODE_ID_MAX {
        bad("nodeId", too_long(NODE_ID_MAX));
    } else if protocol == Some(Protocol::Opcua) && !node_id(&t.node_id) {
        bad("nodeId", Msg::new("connection.nodeId"));
    } else if !seen.insert(t.node_id.clone()) {
        bad("nodeId", Msg::new("connection.nodeMapped"));
    }
    if t.code.is_empty() {
        bad("code", Msg::new("validation.required"));
    } else if !crate::recipe::check::code_ok(&t.code) {
        bad("code", Msg::new("validation.code"));
    }
    let numeric = matches!(t.kind, TagKind::Process | TagKind::Pressure);
    match t.deadband {
        Some(_) if !numeric => bad("deadband", Msg::new("connection.onlyNumbers")),
        Some(d) if !d.is_finite() || d < 0.0 => bad(
            "deadband",
            Msg::new("validation.numberRange")
                .arg("min", 0)
                .arg("max", "∞"),
        ),
        _ => {}
    }
    t.ack_node_id = t
        .ack_node_id
        .as_deref()
        .map(str::trim)
        .filter(|n| !n.is_empty())
        .map(str::to_string);
    if let Some(ack) = &t.ack_node_id {
        if t.kind != TagKind::Alarm {
            bad("ackNodeId", Msg::new("connection.onlyAlarms"));
        } else if protocol == Some(Protocol::Mqtt) {
            bad("ackNodeId", Msg::new("connection.ackOpcuaOnly"));
        } else if ack.chars().count() > NODE_ID_MAX {
            bad("ackNodeId", too_long(NODE_ID_MAX));
        } else if !node_id(ack) {
            bad("ackNodeId", Msg::new("connection.nodeId"));
        }
    }
    if t.kind == TagKind::Alarm {
        t.severity.get_or_insert(Severity::Warning);
        if let Some(m) = &t.message {
            let m = m.trim();
            if m.chars().count() > MESSAGE_MAX {
                bad("message", too_long(MESSAGE_MAX));
            }
            t.message = (!m.is_empty()).then(|| m.to_string());
        }
    } else {
        if t.severity.is_some() {
            bad("severity", Msg::new("connection.onlyAlarms"));
        }
        if t.message.is_some() {
            bad("message", Msg::new("connection.onlyAlarms"));
        }
    }
    match (&t.value_map, t.kind) {
        (None, TagKind::State) => bad("valueMap", Msg::new("validation.required")),
        (Some(m), TagKind::State) if m.is_empty() => {
            bad("valueMap", Msg::new("validation.required"))
        }
        (Some(m), TagKind::State) if m.len() > VALUE_MAP_MAX => bad(
            "valueMap",
            Msg::new("validation.notAbove").arg("max", VALUE_MAP_MAX),
        ),
        (Some(m), TagKind::State) if m.keys().any(|k| k.trim().is_empty() || k.len() > 64) => {
            bad("valueMap", Msg::new("connection.valueMapKey"))
        }
        (Some(_), TagKind::State) | (None, _) => {}
        (Some(_), _) => bad("valueMap", Msg::new("connection.onlyStates")),
    }
    t
}

#[cfg(test)]
mod tests {
    use super::*;

    fn input() -> ConnectionInput {
        ConnectionInput {
            line_id: Some(Uuid::nil().to_string()),
            name: Some("Press PLC".into()),
            protocol: Some(Protocol::Opcua),
            endpoint: Some("opc.tcp://10.0.0.5:4840".into()),
            tags: Some(vec![Tag {
                kind: TagKind::State,
                node_id: "ns=2;s=Line.State".into(),
                code: "STATE".into(),
                deadband: None,
                severity: None,
                message: None,
                value_map: Some(BTreeMap::from([("1".into(), LineStateKind::Running)])),
                ack_node_id: None,
            }]),
            ..Default::default()
        }
    }

    #[test]
    fn the_interface_folder_is_a_string_node_of_an_opc_ua_connection() {
        let mut i = input();
        i.interface_node = Some(" ns=2;s=Line1 ".into());
        assert_eq!(
            check(&i).unwrap().interface_node.as_deref(),
            Some("ns=2;s=Line1")
        );
        i.interface_node = Some("ns=2;i=5".into());
        assert_eq!(
            check(&i).unwrap_err()["interfaceNode"].code,
            "connection.interfaceNode"
        );
        i.interface_node = Some("".into());
        assert_eq!(check(&i).unwrap().interface_node, None);
    }

    #[test]
    fn a_good_record_passes_with_its_defaults() {
        let c = check(&input()).unwrap();
        assert_eq!(c.sampling_ms, 1000);
        assert!(c.enabled);
        assert_eq!(c.security_mode, SecurityMode::None);
    }

    #[test]
    fn each_rule_names_its_field() {
        let mut i = input();
        i.endpoint = Some("http://x".into());
        i.security_policy = Some(SecurityPolicy::Basic256Sha256);
        i.security_mode = Some(SecurityMode::None);
        i.sampling_ms = Some(10);
        let tags = i.tags.as_mut().unwrap();
        tags.push(tags[0].clone());
        tags.push(Tag {
            kind: TagKind::Process,
            node_id: "ns=x;s=1".into(),
            code: "bad code".into(),
            deadband: Some(-1.0),
            severity: Some(Severity::Info),
            message: None,
            value_map: None,
            ack_node_id: None,
        });
        let e = check(&i).unwrap_err();
        let keys: Vec<&str> = e.keys().map(String::as_str).collect();
        assert_eq!(
            keys,
            [
                "endpoint",
                "samplingMs",
                "securityMode",
                "tags[1].nodeId",
                "tags[2].code",
                "tags[2].deadband",
                "tags[2].nodeId",
                "tags[2].severity"
            ]
        );
        assert_eq!(e["tags[1].nodeId"].code, "connection.nodeMapped");
    }
}
