//! One MQTT connection (issue 32, item 6): a Sparkplug B edge node followed through the MQTT
//! broker (nats-server's own MQTT listener, `MQTT_URL`). The connection's endpoint names the
//! group and the edge node (`group/edgeNode`); the connector subscribes to the node's and its
//! devices' messages, reads births and data as [`sparkplug::Edge`] does, and publishes the mapped
//! tags as the line's samples. When it comes online, and after a lost message, it asks the edge
//! node for a new birth certificate (NCMD `Node Control/Rebirth`, at most every
//! [`REBIRTH_EVERY`]). States: CONNECTED while the broker session is up and the edge node is
//! alive; DISCONNECTED when the broker is unreachable or the edge node died (its NDEATH).

use std::time::{Duration, Instant};

use chrono::Utc;
use model::connect::{ConnectionState, Settings, sparkplug_edge};
use rumqttc::{AsyncClient, Event, MqttOptions, Packet, QoS};
use tokio_util::sync::CancellationToken;

use crate::forward::Publisher;
use crate::sparkplug::{self, Edge, Said};
use crate::status::Tracker;
use crate::values::Mapper;

/// The least time between two rebirth requests.
pub const REBIRTH_EVERY: Duration = Duration::from_secs(5);

/// Where the MQTT broker listens: `mqtt://host:port`.
pub fn broker(url: &str) -> Option<(String, u16)> {
    let rest = url
        .strip_prefix("mqtt://")
        .or_else(|| url.strip_prefix("tcp://"))?;
    let (host, port) = rest.trim_end_matches('/').rsplit_once(':')?;
    Some((host.to_string(), port.parse().ok()?))
}

/// Runs MQTT connection `s` until `stop`.
pub async fn run(
    s: Settings,
    broker: Option<(String, u16)>,
    tracker: Tracker,
    publisher: Publisher,
    stop: CancellationToken,
) {
    let Some((group, edge_node)) =
        sparkplug_edge(&s.connection.endpoint).map(|(g, e)| (g.to_string(), e.to_string()))
    else {
        tracker.state(
            ConnectionState::Fault,
            Some("the endpoint is not a Sparkplug group/edgeNode".into()),
        );
        return;
    };
    let Some((host, port)) = broker else {
        tracker.state(
            ConnectionState::Fault,
            Some("no MQTT broker is configured for the connector (MQTT_URL)".into()),
        );
        return;
    };
    let line = s.connection.line_id.to_string();
    let mut mapper = Mapper::new(s.connection.tags.clone());
    let mut edge = Edge::new(s.connection.tags.iter().map(|t| t.node_id.as_str()));
    let mut options = MqttOptions::new(format!("batchline-{}", s.connection.id), host, port);
    options.set_keep_alive(Duration::from_secs(10));
    // A birth certificate of a few hundred metrics is far above rumqttc's 10 KiB default, which
    // would drop the connection on every birth (and the rebirth asked for then): up to
    // nats-server's 1 MB payload in, small commands out.
    options.set_max_packet_size(1 << 20, 64 << 10);
    options.set_clean_session(true);
    if let Some(user) = &s.connection.username {
        options.set_credentials(user.clone(), s.password.clone().unwrap_or_default());
    }
    let (client, mut events) = AsyncClient::new(options, 64);
    // One subscription for the whole group: nats-server keeps the order of messages within a
    // subscription, not across two (a device's birth could overtake its node's), and `seq`
    // counts across the node's and its devices' messages. Other edge nodes' are skipped.
    let group_topic = format!("{}/{group}/#", sparkplug::NAMESPACE);
    let ncmd = sparkplug::ncmd_topic(&group, &edge_node);
    let mut last_rebirth: Option<Instant> = None;
    let mut backoff = Duration::from_millis(500);
    tracker.state(ConnectionState::Connecting, None);
    loop {
        let event = tokio::select! {
            e = events.poll() => e,
            _ = stop.cancelled() => break,
        };
        let mut rebirth = false;
        match event {
            Ok(Event::Incoming(Packet::ConnAck(_))) => {
                backoff = Duration::from_millis(500);
                // A clean session: subscribe anew; once the subscription holds, ask for the
                // node's birth (asked earlier, the birth could come before it).
                let _ = client.subscribe(&group_topic, QoS::AtLeastOnce).await;
                tracker.state(
                    ConnectionState::Connected,
                    Some("waiting for the edge node's birth certificate".into()),
                );
            }
            Ok(Event::Incoming(Packet::SubAck(_))) => {
                last_rebirth = None;
                rebirth = true;
            }
            Ok(Event::Incoming(Packet::Publish(p))) => {
                let Some(t) = sparkplug::topic(&p.topic) else {
                    continue;
                };
                if t.group != group || t.edge != edge_node {
                    continue;
                }
                match edge.read(&t, &p.payload) {
                    Said::Values(values) => {
                        if matches!(t.kind, sparkplug::Kind::NBirth) {
                            tracker.state(ConnectionState::Connected, None);
                        }
                        let values = values
                            .into_iter()
                            .map(|(i, v, time)| {
                                (i, v.ok_or_else(|| "BadTypeMismatch".to_string()), time)
                            })
                            .collect();
                        crate::publish::cycle(values, &line, &mut mapper, &tracker, &publisher)
                            .await;
                    }
                    Said::Dead(None) => {
                        tracker.state(
                            ConnectionState::Disconnected,
                            Some("the edge node went offline (NDEATH)".into()),
                        );
                    }
                    Said::Dead(Some(device)) => {
                        tracker.error(Some(format!("device {device} went offline (DDEATH)")));
                    }
                    Said::Lost(why) => {
                        tracker.error(Some(format!("{why}; a new birth certificate is asked for")));
                        rebirth = true;
                    }
                    Said::Nothing => {}
                }
            }
            Ok(_) => {}
            Err(e) => {
                tracker.state(ConnectionState::Disconnected, Some(format!("MQTT: {e}")));
                tokio::select! {
                    _ = tokio::time::sleep(backoff) => {}
                    _ = stop.cancelled() => break,
                }
                backoff = (backoff * 2).min(Duration::from_secs(10));
            }
        }
        if rebirth && last_rebirth.is_none_or(|t| t.elapsed() >= REBIRTH_EVERY) {
            last_rebirth = Some(Instant::now());
            let _ = client
                .publish(
                    &ncmd,
                    QoS::AtLeastOnce,
                    false,
                    sparkplug::rebirth(Utc::now()),
                )
                .await;
        }
    }
    let _ = tokio::time::timeout(Duration::from_secs(2), client.disconnect()).await;
}
