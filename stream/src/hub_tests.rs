//! The hub's queues: coalescing to the latest state, dropping a client that overflows.

use super::*;
use crate::live::RunningOrder;
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

fn alarm(line: &str, code: &str, severity: model::wire::Severity, message: &str) -> Message {
    Message::Alarm(Envelope::new(
        line,
        vec![model::wire::Alarm {
            id: uuid::Uuid::now_v7(),
            time: Utc::now(),
            batch_id: None,
            code: code.into(),
            severity,
            message: message.into(),
            state: model::wire::AlarmState::Raised,
            cleared_at: None,
        }],
    ))
}

fn frames(c: &Client) -> Vec<serde_json::Value> {
    c.take()
        .iter()
        .enumerate()
        .map(|(i, e)| serde_json::from_str(&e.frame(i as u64 + 1)).unwrap())
        .collect()
}

/// A hub that knows the configured lines: `CONF` only.
fn configured() -> Hub {
    let hub = Hub::new(HubConfig::default());
    hub.set_days(
        HashMap::from([("CONF".to_string(), Vec::new())]),
        Utc::now(),
    );
    hub
}

#[test]
fn data_of_an_unknown_line_id_makes_no_tile_and_no_alarm_but_shows_on_unknown_lines() {
    let hub = configured();
    let (lines, alarms, unknown) = (hub.register(), hub.register(), hub.register());
    hub.subscribe(&lines, "lines");
    hub.subscribe(&alarms, "alarms");
    hub.subscribe(&unknown, "unknown-lines");
    for c in [&lines, &alarms, &unknown] {
        let snap = frames(c);
        assert_eq!(snap.len(), 1);
        if c.id == lines.id {
            // The configured line has a tile before it sends anything.
            assert_eq!(snap[0]["data"][0]["lineId"], "CONF", "{}", snap[0]);
            assert!(snap[0]["data"][0]["state"].is_null());
            assert_eq!(snap[0]["data"].as_array().unwrap().len(), 1);
        }
    }

    hub.apply(&state("L1", LineStateKind::Running));
    hub.apply(&alarm(
        "L1",
        "E1",
        model::wire::Severity::Critical,
        "Phantom",
    ));
    hub.apply(&process("L1", 1.0));
    hub.apply(&state("CONF", LineStateKind::Idle));

    let l = frames(&lines);
    assert_eq!(l.len(), 1, "only the configured line's delta: {l:?}");
    assert_eq!(l[0]["data"]["lineId"], "CONF");
    assert!(frames(&alarms).is_empty(), "no alarm of an unknown line");
    let u = frames(&unknown);
    let last = &u.last().unwrap()["data"]["lines"];
    assert_eq!(last.as_array().unwrap().len(), 1, "{last}");
    assert_eq!(last[0]["lineId"], "L1");
    assert_eq!(last[0]["samples"]["state"], 1);
    assert_eq!(last[0]["samples"]["alarm"], 1);
    assert_eq!(last[0]["samples"]["process"], 1);
    assert!(last[0]["lastSeen"].is_string());

    // A new snapshot says the same.
    hub.subscribe(&lines, "lines");
    let snap = frames(&lines);
    let ids: Vec<_> = snap[0]["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["lineId"].clone())
        .collect();
    assert_eq!(ids, ["CONF"]);
    hub.subscribe(&alarms, "alarms");
    assert_eq!(frames(&alarms)[0]["data"]["alarms"], serde_json::json!([]));

    // Configured later: the line shows with what it sent, and leaves the unknown ones.
    hub.set_days(
        HashMap::from([
            ("CONF".to_string(), Vec::new()),
            ("L1".to_string(), Vec::new()),
        ]),
        Utc::now(),
    );
    let l = frames(&lines);
    assert!(
        l.iter()
            .any(|f| f["data"]["lineId"] == "L1" && f["data"]["state"] == "RUNNING"),
        "{l:?}"
    );
    assert_eq!(
        frames(&unknown).last().unwrap()["data"]["lines"],
        serde_json::json!([])
    );
}

#[test]
fn a_tile_carries_its_order_unacknowledged_alarms_and_newest_critical_text() {
    let hub = configured();
    let c = hub.register();
    hub.subscribe(&c, "lines");
    let mut started = samples::batch(model::wire::BatchEventKind::Started, "B7", 1000.0, None);
    started.production_schedule_id = Some("O2".into());
    started.schedule_name = Some("Broiler".into());
    hub.apply(&Message::Batch(Envelope::new("CONF", vec![started])));
    let order = |id: &str, done| RunningOrder {
        id: id.into(),
        order_number: format!("PO-{id}"),
        name: "Broiler".into(),
        batches: 10,
        batches_done: done,
    };
    hub.set_orders(HashMap::from([(
        "CONF".to_string(),
        vec![order("O1", 1), order("O2", 3)],
    )]));
    hub.apply(&alarm(
        "CONF",
        "W1",
        model::wire::Severity::Warning,
        "Bin low",
    ));
    hub.apply(&alarm(
        "CONF",
        "C1",
        model::wire::Severity::Critical,
        "Mixer motor overload",
    ));
    let last = frames(&c).pop().unwrap();
    let d = &last["data"];
    assert_eq!(d["order"]["id"], "O2", "the running batch's order: {d}");
    assert_eq!(
        (
            d["order"]["batchesDone"].as_i64(),
            d["order"]["batches"].as_i64()
        ),
        (Some(3), Some(10))
    );
    assert_eq!(d["batch"]["productionScheduleId"], "O2");
    assert_eq!(d["unacknowledgedAlarms"], 2);
    assert_eq!(d["criticalAlarm"]["message"], "Mixer motor overload");

    // The board's count moves on: the tile follows; the same orders again change nothing.
    hub.set_orders(HashMap::from([(
        "CONF".to_string(),
        vec![order("O1", 1), order("O2", 4)],
    )]));
    assert_eq!(frames(&c)[0]["data"]["order"]["batchesDone"], 4);
    hub.set_orders(HashMap::from([(
        "CONF".to_string(),
        vec![order("O1", 1), order("O2", 4)],
    )]));
    assert!(frames(&c).is_empty());
}

#[test]
fn a_line_deleted_from_the_configuration_leaves_the_wall_at_once() {
    let hub = Hub::new(HubConfig::default());
    let two = HashMap::from([("A".to_string(), Vec::new()), ("B".to_string(), Vec::new())]);
    hub.set_days(two, Utc::now());
    hub.apply(&alarm("B", "E1", model::wire::Severity::Critical, "Jam"));
    let (lines, alarms) = (hub.register(), hub.register());
    hub.subscribe(&lines, "lines");
    hub.subscribe(&alarms, "alarms");
    assert_eq!(frames(&lines)[0]["data"].as_array().unwrap().len(), 2);
    assert_eq!(
        frames(&alarms)[0]["data"]["alarms"]
            .as_array()
            .unwrap()
            .len(),
        1
    );

    hub.set_days(HashMap::from([("A".to_string(), Vec::new())]), Utc::now());
    let l = frames(&lines);
    assert_eq!(l.len(), 1, "{l:?}");
    assert_eq!(l[0]["kind"], "snapshot");
    let ids: Vec<_> = l[0]["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x["lineId"].clone())
        .collect();
    assert_eq!(ids, ["A"]);
    let a = frames(&alarms);
    assert_eq!(a[0]["kind"], "snapshot");
    assert!(
        a[0]["data"]["alarms"].as_array().unwrap().is_empty(),
        "{a:?}"
    );

    // Nothing leaves: no new snapshot.
    hub.set_days(HashMap::from([("A".to_string(), Vec::new())]), Utc::now());
    assert!(frames(&lines).iter().all(|f| f["kind"] != "snapshot"));
}

#[tokio::test]
async fn the_first_data_of_an_unknown_line_id_wakes_a_configuration_read() {
    let hub = configured();
    let seen = hub.unknown_seen();
    let woken = || tokio::time::timeout(Duration::from_millis(100), seen.notified());
    hub.apply(&state("NEW", LineStateKind::Running));
    assert!(woken().await.is_ok(), "a new id wakes the read");
    hub.apply(&state("NEW", LineStateKind::Idle));
    hub.apply(&state("CONF", LineStateKind::Idle));
    assert!(
        woken().await.is_err(),
        "a known unknown id or a configured line does not"
    );
}

mod events {
    use super::*;
    use model::live::{LiveEvent, Position};
    use model::wire::BatchEventKind;

    fn event(n: u32) -> LiveEvent {
        LiveEvent::Batch {
            line_id: "L1".into(),
            batch: samples::batch(BatchEventKind::Started, &format!("B{n}"), 1000.0, None),
        }
    }

    fn since(epoch: &str, offset: u64) -> Position {
        Position {
            epoch: epoch.into(),
            offset,
        }
    }

    /// The offsets of the `events` deltas queued for `c`, and whether a snapshot came first.
    fn queued(c: &Client) -> (bool, Vec<u64>) {
        let entries = c.take();
        let snapshot = entries.first().is_some_and(|e| e.snapshot);
        let offsets = entries
            .iter()
            .filter(|e| !e.snapshot)
            .map(|e| {
                let v: serde_json::Value = serde_json::from_str(&e.frame(1)).unwrap();
                v["data"]["position"]["offset"].as_u64().unwrap()
            })
            .collect();
        (snapshot, offsets)
    }

    fn controls(c: &Client) -> Vec<String> {
        std::mem::take(&mut *c.control.lock().unwrap())
    }

    fn hub_with(ring: usize, offsets: std::ops::RangeInclusive<u64>) -> Hub {
        let hub = Hub::new(HubConfig {
            events_ring: ring,
            ..Default::default()
        });
        hub.start_events("E1", *offsets.start());
        for o in offsets {
            hub.append_event(o, &event(o as u32));
        }
        hub
    }

    #[test]
    fn a_client_resuming_gets_exactly_the_events_after_its_position_then_the_new_ones() {
        let hub = hub_with(100, 1..=10);
        let c = hub.register();
        hub.subscribe_events(&c, Some(&since("E1", 7)));
        hub.append_event(11, &event(11));
        hub.append_event(11, &event(11)); // read twice: once
        assert_eq!(queued(&c), (false, vec![8, 9, 10, 11]));
        assert!(controls(&c).is_empty());
    }

    #[test]
    fn a_client_ahead_of_this_process_gets_only_what_comes_after_its_position() {
        let hub = hub_with(100, 1..=5);
        let c = hub.register();
        // It saw up to 8 on the other process; this one has read up to 5.
        hub.subscribe_events(&c, Some(&since("E1", 8)));
        for o in 6..=10 {
            hub.append_event(o, &event(o as u32));
        }
        assert_eq!(queued(&c), (false, vec![9, 10]));
    }

    #[test]
    fn too_old_a_position_or_another_epoch_is_not_recoverable_and_gets_a_snapshot() {
        // The ring keeps 5: positions 6..=10.
        let hub = hub_with(5, 1..=10);
        for (epoch, offset) in [("E1", 3), ("E0", 9)] {
            let c = hub.register();
            hub.subscribe_events(&c, Some(&since(epoch, offset)));
            let errors = controls(&c);
            assert_eq!(errors.len(), 1, "{epoch} {offset}");
            assert!(errors[0].contains("notRecoverable"), "{errors:?}");
            let entries = c.take();
            assert_eq!(entries.len(), 1);
            let snap: crate::views::EventsSnapshot = serde_json::from_str(match &entries[0].data {
                Data::Json(j) => j,
                _ => panic!("a snapshot"),
            })
            .unwrap();
            assert_eq!(snap.position, since("E1", 10));
            let offsets: Vec<u64> = snap.events.iter().map(|e| e.position.offset).collect();
            assert_eq!(offsets, [6, 7, 8, 9, 10]);
        }
        // The oldest kept position's predecessor still reaches.
        let c = hub.register();
        hub.subscribe_events(&c, Some(&since("E1", 5)));
        assert!(controls(&c).is_empty());
    }

    #[test]
    fn more_missed_than_a_queue_takes_is_not_recoverable() {
        let hub = hub_with(10_000, 1..=1000);
        let c = hub.register();
        hub.subscribe_events(&c, Some(&since("E1", 1)));
        assert!(controls(&c)[0].contains("notRecoverable"));
        assert_eq!(c.take().len(), 1, "only the snapshot");
    }

    #[test]
    fn a_new_epoch_empties_the_ring_and_sends_subscribers_a_snapshot() {
        let hub = hub_with(100, 1..=3);
        let c = hub.register();
        hub.subscribe(&c, "events");
        let _ = c.take();
        hub.start_events("E2", 1);
        hub.append_event(1, &event(1));
        let entries = c.take();
        assert!(entries[0].snapshot);
        assert!(entries[0].frame(1).contains("\"E2\""));
        assert_eq!(hub.events_position(), since("E2", 1));
    }
}
