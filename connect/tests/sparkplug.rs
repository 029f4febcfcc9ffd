//! A Sparkplug B edge node through nats-server's own MQTT listener (the pinned newer
//! nats-server: Debian's 2.9 drops `spBv1.0/…` topics, decision 107), a real MQTT client
//! (rumqttc) playing the edge node and its device, and the connector: it asks for a birth when it
//! comes online, maps births and aliased data of the node and its device onto the line's samples,
//! asks again after a lost message, and shows the node's death.

use std::time::Duration;

use bus::connections::{Settings as SettingsBucket, Statuses};
use bus::plant::StreamSettings;
use chrono::Utc;
use connect::sparkplug::{Metric, MetricValue, Payload, datatype};
use futures::StreamExt;
use model::connect::{ConnectionState, Protocol, Settings, Tag, TagKind};
use model::wire::{AlarmState, Message};
use prost::Message as _;
use rumqttc::{AsyncClient, Event, MqttOptions, Packet, QoS};
use testkit::NatsServer;
use tokio::sync::mpsc;
use uuid::Uuid;

fn tag(kind: TagKind, metric: &str, code: &str) -> Tag {
    Tag::new(kind, metric, code)
}

use testkit::connection_status as status;

/// Reports come every REPORT_EVERY_S, changes of state at once.
const REPORTED: Duration = Duration::from_secs(model::connect::REPORT_EVERY_S + 10);

fn metric(name: Option<&str>, alias: u64, value: MetricValue, dt: u32) -> Metric {
    Metric {
        name: name.map(str::to_string),
        alias: Some(alias),
        datatype: Some(dt),
        value: Some(value),
        ..Default::default()
    }
}

fn payload(seq: Option<u64>, metrics: Vec<Metric>) -> Vec<u8> {
    Payload {
        timestamp: Some(Utc::now().timestamp_millis() as u64),
        metrics,
        seq,
        ..Default::default()
    }
    .encode_to_vec()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_edge_node_and_its_device_feed_the_line() {
    let nats = NatsServer::start_new_with_mqtt().await;
    let mqtt_port = nats.mqtt_port.unwrap();
    let client = nats.client().await;
    let js = async_nats::jetstream::new(client.clone());
    bus::plant::ensure_stream(&js, &StreamSettings::small())
        .await
        .unwrap();
    let line = Uuid::now_v7();
    let mut overload = tag(TagKind::Alarm, "Mixer1:Overload", "MIXER_OVERLOAD");
    overload.message = Some("Mixer overload".into());
    let mut s = Settings::new(
        line,
        "Mill gateway",
        Protocol::Mqtt,
        "Mill/Gateway1".into(),
        1000,
    );
    s.connection.tags = vec![
        tag(TagKind::Process, "Press/Current", "PRESS_CURRENT_A"),
        overload,
    ];
    let id = s.connection.id;
    SettingsBucket::open(&js)
        .await
        .unwrap()
        .put(&s)
        .await
        .unwrap();
    let statuses = Statuses::open(&js).await.unwrap();
    let mut heard = Box::pin(bus::plant::listen(&client).await.unwrap());

    // The edge node: online first, listening for its commands.
    let mut options = MqttOptions::new("Gateway1", "127.0.0.1", mqtt_port);
    options.set_keep_alive(Duration::from_secs(5));
    let (device, mut events) = AsyncClient::new(options, 32);
    device
        .subscribe("spBv1.0/Mill/NCMD/Gateway1", QoS::AtLeastOnce)
        .await
        .unwrap();
    let (commands_tx, mut commands) = mpsc::unbounded_channel::<Payload>();
    tokio::spawn(async move {
        while let Ok(e) = events.poll().await {
            if let Event::Incoming(Packet::Publish(p)) = e
                && let Ok(cmd) = Payload::decode(p.payload.as_ref())
            {
                let _ = commands_tx.send(cmd);
            }
        }
    });

    let stop = tokio_util::sync::CancellationToken::new();
    let mut options = connect::Options::new(
        std::env::temp_dir().join(format!("batchline-sparkplug-{}", Uuid::new_v4())),
    );
    options.mqtt = Some(("127.0.0.1".into(), mqtt_port));
    tokio::spawn(connect::run(client.clone(), options, stop.clone()));

    // Online, the connector asks for a birth certificate.
    let rebirth = |p: &Payload| {
        p.metrics
            .iter()
            .any(|m| m.name.as_deref() == Some("Node Control/Rebirth"))
    };
    let cmd = tokio::time::timeout(Duration::from_secs(20), commands.recv())
        .await
        .expect("a rebirth request within 20 s")
        .unwrap();
    assert!(rebirth(&cmd), "{cmd:?}");

    let publish = |topic: &'static str, bytes: Vec<u8>| {
        let device = device.clone();
        async move {
            device
                .publish(topic, QoS::AtLeastOnce, false, bytes)
                .await
                .unwrap()
        }
    };
    publish(
        "spBv1.0/Mill/NBIRTH/Gateway1",
        payload(
            Some(0),
            vec![
                metric(Some("bdSeq"), 0, MetricValue::LongValue(7), datatype::INT64),
                metric(
                    Some("Press/Current"),
                    1,
                    MetricValue::FloatValue(10.5),
                    datatype::FLOAT,
                ),
            ],
        ),
    )
    .await;
    publish(
        "spBv1.0/Mill/DBIRTH/Gateway1/Mixer1",
        payload(
            Some(1),
            vec![metric(
                Some("Overload"),
                1,
                MetricValue::BooleanValue(false),
                datatype::BOOLEAN,
            )],
        ),
    )
    .await;
    // Data by alias only.
    publish(
        "spBv1.0/Mill/NDATA/Gateway1",
        payload(
            Some(2),
            vec![metric(
                None,
                1,
                MetricValue::FloatValue(12.0),
                datatype::FLOAT,
            )],
        ),
    )
    .await;
    publish(
        "spBv1.0/Mill/DDATA/Gateway1/Mixer1",
        payload(
            Some(3),
            vec![metric(
                None,
                1,
                MetricValue::BooleanValue(true),
                datatype::BOOLEAN,
            )],
        ),
    )
    .await;

    let line_id = line.to_string();
    let (mut currents, mut raised) = (Vec::new(), false);
    tokio::time::timeout(Duration::from_secs(20), async {
        while !(currents.len() >= 2 && raised) {
            match heard.next().await {
                Some(Ok(Message::Process(e))) if e.line_id == line_id => {
                    currents.extend(e.samples.iter().map(|s| s.value));
                }
                Some(Ok(Message::Alarm(e))) if e.line_id == line_id => {
                    raised |= e
                        .samples
                        .iter()
                        .any(|a| a.code == "MIXER_OVERLOAD" && a.state == AlarmState::Raised);
                }
                Some(_) => {}
                None => break,
            }
        }
    })
    .await
    .unwrap_or_else(|_| {
        panic!("the node's values and the device's alarm: heard {currents:?} {raised}")
    });
    assert_eq!(currents, [10.5, 12.0]);
    status(&statuses, id, "CONNECTED", REPORTED, |s| {
        s.state == ConnectionState::Connected && s.samples_published >= 3
    })
    .await;

    // A lost message (seq 9 where 4 was due): the connector says so and asks for a new birth.
    publish(
        "spBv1.0/Mill/NDATA/Gateway1",
        payload(
            Some(9),
            vec![metric(
                None,
                1,
                MetricValue::FloatValue(13.0),
                datatype::FLOAT,
            )],
        ),
    )
    .await;
    let cmd = tokio::time::timeout(Duration::from_secs(20), commands.recv())
        .await
        .expect("a second rebirth request")
        .unwrap();
    assert!(rebirth(&cmd));
    status(&statuses, id, "the lost message", REPORTED, |s| {
        s.last_error.as_deref().is_some_and(|e| e.contains("seq 9"))
    })
    .await;

    // The node dies (the will the broker publishes, here sent by hand): DISCONNECTED.
    publish(
        "spBv1.0/Mill/NDEATH/Gateway1",
        payload(
            None,
            vec![metric(
                Some("bdSeq"),
                0,
                MetricValue::LongValue(7),
                datatype::INT64,
            )],
        ),
    )
    .await;
    status(&statuses, id, "DISCONNECTED", REPORTED, |s| {
        s.state == ConnectionState::Disconnected
    })
    .await;
    stop.cancel();
}
