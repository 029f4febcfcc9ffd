//! The hub's queues: coalescing to the latest state, dropping a client that overflows.

use super::*;
use model::wire::{Envelope, LineStateKind};
use testkit::samples;

fn state(line: &str, s: LineStateKind) -> Message {
    Message::State(Envelope::new(line, vec![samples::state(s)]))
}

fn process(line: &str, value: f64) -> Message {
    Message::Process(Envelope::new(
        line,
        vec![samples::process("MIXER_POWER_KW", value)],
    ))
}

#[test]
fn a_client_that_does_not_read_gets_only_the_latest_state_of_each_line() {
    let hub = Hub::new(HubConfig::default());
    let c = hub.register();
    hub.subscribe(&c, "lines");
    for s in [
        LineStateKind::Running,
        LineStateKind::Stopped,
        LineStateKind::Fault,
    ] {
        hub.apply(&state("L1", s));
    }
    hub.apply(&state("L2", LineStateKind::Idle));
    let queued = c.take();
    assert_eq!(queued.len(), 3, "snapshot, then one delta per line");
    assert!(queued[0].snapshot);
    assert!(
        queued[1].frame(2).contains("\"FAULT\""),
        "{}",
        queued[1].frame(2)
    );
    assert!(queued[2].frame(3).contains("\"L2\""));
}

#[test]
fn diagnostic_samples_are_appended_in_order() {
    let hub = Hub::new(HubConfig::default());
    let c = hub.register();
    hub.subscribe(&c, "line:L1:diagnostics");
    for v in 0..5 {
        hub.apply(&process("L1", v as f64));
    }
    let queued = c.take();
    assert_eq!(queued.len(), 2);
    let frame: serde_json::Value = serde_json::from_str(&queued[1].frame(2)).unwrap();
    let values: Vec<f64> = frame["data"]["samples"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["value"].as_f64().unwrap())
        .collect();
    assert_eq!(values, [0.0, 1.0, 2.0, 3.0, 4.0]);
    assert_eq!(frame["data"]["kind"], "process");
}

#[test]
fn a_client_whose_queue_overflows_is_closed_and_others_are_not() {
    let hub = Hub::new(HubConfig {
        queue_limit: 4,
        ..HubConfig::default()
    });
    let slow = hub.register();
    let fast = hub.register();
    hub.subscribe(&slow, "lines");
    hub.subscribe(&fast, "lines");
    for i in 0..10 {
        hub.apply(&state(&format!("L{i}"), LineStateKind::Running));
        fast.take();
    }
    assert!(slow.closed.is_cancelled());
    assert_eq!(slow.close_code().0, 4408);
    assert!(!fast.closed.is_cancelled());
}

#[test]
fn topics_are_checked() {
    assert!(
        valid_topic("lines")
            && valid_topic("alarms")
            && valid_topic("line:L1")
            && valid_topic("line:L-2:diagnostics")
    );
    assert!(
        !valid_topic("line:")
            && !valid_topic("line:a.b")
            && !valid_topic("line:L1:other")
            && !valid_topic("plant.>")
    );
}
