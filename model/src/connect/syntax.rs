//! The syntax of endpoints, Sparkplug edge nodes and node ids.

use uuid::Uuid;

/// Whether `s` is an OPC UA endpoint URL: `opc.tcp://host[:port][/path]`.
pub fn opc_endpoint(s: &str) -> bool {
    let Some(rest) = s.strip_prefix("opc.tcp://") else {
        return false;
    };
    let authority = rest.split('/').next().unwrap_or("");
    let (host, port) = match authority.rsplit_once(':') {
        Some((h, p)) if !h.ends_with(']') || h.starts_with('[') => (h, Some(p)),
        _ => (authority, None),
    };
    !host.is_empty()
        && !host.chars().any(char::is_whitespace)
        && port.is_none_or(|p| p.parse::<u16>().is_ok_and(|p| p > 0))
}

/// The Sparkplug group and edge node of an MQTT connection's endpoint (`group/edgeNode`).
pub fn sparkplug_edge(s: &str) -> Option<(&str, &str)> {
    let (group, edge) = s.split_once('/')?;
    let ok = |p: &str| {
        !p.is_empty()
            && p.len() <= 64
            && p.chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-'))
    };
    (ok(group) && ok(edge)).then_some((group, edge))
}

/// Whether `s` is an OPC UA node id in its string form: an optional `ns=<index>;` or
/// `nsu=<uri>;`, then `i=<number>`, `s=<text>`, `g=<guid>` or `b=<base64>`.
pub fn node_id(s: &str) -> bool {
    let rest = if let Some(r) = s.strip_prefix("ns=") {
        match r.split_once(';') {
            Some((n, rest)) if n.parse::<u16>().is_ok() => rest,
            _ => return false,
        }
    } else if let Some(r) = s.strip_prefix("nsu=") {
        match r.split_once(';') {
            Some((uri, rest)) if !uri.is_empty() => rest,
            _ => return false,
        }
    } else {
        s
    };
    match rest.split_at_checked(2) {
        Some(("i=", n)) => n.parse::<u32>().is_ok(),
        Some(("s=", t)) => !t.is_empty(),
        Some(("g=", g)) => Uuid::parse_str(g).is_ok(),
        Some(("b=", b)) => {
            !b.is_empty()
                && b.chars()
                    .all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '/' | '='))
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn node_ids_and_endpoints_are_read_as_opc_ua_spells_them() {
        for ok in [
            "i=85",
            "ns=2;s=Press.Current",
            "nsu=urn:x;s=a",
            "ns=1;g=00000000-0000-0000-0000-000000000001",
            "ns=3;b=AQI=",
        ] {
            assert!(node_id(ok), "{ok}");
        }
        for bad in ["", "ns=2", "ns=70000;i=1", "s=", "x=1", "ns=2;i=-1"] {
            assert!(!node_id(bad), "{bad}");
        }
        assert!(opc_endpoint("opc.tcp://plc:4840"));
        assert!(opc_endpoint("opc.tcp://[::1]:4840/ua"));
        assert!(!opc_endpoint("opc.tcp://:4840"));
        assert!(!opc_endpoint("opc.tcp://plc:0"));
        assert_eq!(sparkplug_edge("Mill/Edge1"), Some(("Mill", "Edge1")));
        assert_eq!(sparkplug_edge("Mill/Edge.1"), None);
        assert_eq!(sparkplug_edge("Mill"), None);
    }
}
