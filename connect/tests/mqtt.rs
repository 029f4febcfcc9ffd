//! MQTT through NATS's own listener (issue 32, item 6): a device that publishes a wire-format
//! message with QoS 1 to `plant/<lineId>/<kind>` lands in the PLANT stream like any sample — a
//! real MQTT client (rumqttc) against nats-server's real MQTT listener on loopback.

use std::time::Duration;

use bus::plant::StreamSettings;
use chrono::Utc;
use model::wire::{Envelope, Message, Window};
use rumqttc::{AsyncClient, Event, MqttOptions, Packet, QoS};
use testkit::NatsServer;
use uuid::Uuid;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_device_publishing_over_mqtt_lands_in_the_plant_stream() {
    let nats = NatsServer::start_with_mqtt().await;
    let client = nats.client().await;
    let js = async_nats::jetstream::new(client.clone());
    let stream = bus::plant::ensure_stream(&js, &StreamSettings::small())
        .await
        .unwrap();

    let mut options = MqttOptions::new("press-gateway", "127.0.0.1", nats.mqtt_port.unwrap());
    options.set_keep_alive(Duration::from_secs(5));
    let (mqtt, mut events) = AsyncClient::new(options, 10);
    let line = Uuid::now_v7().to_string();
    let sample = testkit::samples::process("MIXER_POWER_KW", 42.5);
    let sent = Envelope::new(&line, vec![sample.clone()]);
    mqtt.publish(
        format!("plant/{line}/process"),
        QoS::AtLeastOnce,
        false,
        serde_json::to_vec(&sent).unwrap(),
    )
    .await
    .unwrap();
    // The broker acknowledges the QoS 1 publish.
    tokio::time::timeout(Duration::from_secs(10), async {
        loop {
            match events.poll().await {
                Ok(Event::Incoming(Packet::PubAck(_))) => return,
                Ok(_) => {}
                Err(e) => panic!("MQTT: {e}"),
            }
        }
    })
    .await
    .expect("a PUBACK within 10 s");

    // The stream holds it under the NATS subject of the topic, as ingest will read it.
    let subject = format!("plant.{line}.process");
    let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
    let stored = loop {
        match stream.get_last_raw_message_by_subject(&subject).await {
            Ok(m) => break m,
            Err(e) => {
                assert!(
                    tokio::time::Instant::now() < deadline,
                    "not in the stream: {e}"
                );
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
        }
    };
    let m = Message::accept(&subject, &stored.payload, &Window::default(), Utc::now())
        .expect("a valid wire message");
    match m {
        Message::Process(e) => {
            assert_eq!(e.id, sent.id);
            assert_eq!(e.samples, vec![sample]);
        }
        other => panic!("{other:?}"),
    }
}
