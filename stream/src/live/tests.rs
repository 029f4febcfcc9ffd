//! Folding the wire messages into a line's live state.

use super::*;
use testkit::samples;
use uuid::Uuid;

fn batch(event: BatchEventKind, id: &str, actual: Option<f64>) -> Message {
    Message::Batch(Envelope::new(
        "L1",
        vec![samples::batch(event, id, 1000.0, actual)],
    ))
}

fn weighing(batch: &str, kg: f64) -> Message {
    Message::Weighing(Envelope::new("L1", vec![samples::weighing(batch, kg)]))
}

#[test]
fn folding_the_same_messages_twice_changes_nothing() {
    let mut l = LineLive::new("L1");
    let msgs = [
        batch(BatchEventKind::Started, "B1", None),
        weighing("B1", 250.0),
        batch(BatchEventKind::Ended, "B1", Some(998.0)),
    ];
    for m in msgs.iter().chain(msgs.iter()) {
        l.apply(m);
    }
    assert!(
        l.batch.is_none(),
        "a replayed STARTED of an ended batch does not reopen it"
    );
    assert!((l.tonnes.today - 0.998).abs() < 1e-9);

    let mut l = LineLive::new("L1");
    let w = weighing("B2", 250.0);
    l.apply(&batch(BatchEventKind::Started, "B2", None));
    l.apply(&w);
    l.apply(&w);
    assert_eq!(l.batch.as_ref().unwrap().dosed_kg, 250.0);
    assert_eq!(l.progress(), 0.25);
}

fn process(code: &str, value: f64, at_ms: i64) -> Message {
    let mut s = samples::process(code, value);
    s.time = DateTime::from_timestamp_millis(at_ms).unwrap();
    Message::Process(Envelope::new("L1", vec![s]))
}

fn mixed(batch: &str) -> Message {
    Message::Mixing(Envelope::new(
        "L1",
        vec![Mixing {
            id: Uuid::now_v7(),
            time: Utc::now(),
            batch_id: batch.into(),
            mixing_action_id: "DRY_MIX".into(),
            planned_s: 60.0,
            actual_s: 61.0,
            energy_kwh: 0.5,
            peak_power_kw: 40.0,
        }],
    ))
}

#[test]
fn the_dose_under_way_draws_its_scale_curve_from_zero_and_mixing_steps_are_kept_per_batch() {
    let mut l = LineLive::new("L1");
    l.apply(&batch(BatchEventKind::Started, "B1", None));
    let t0 = 1_700_000_000_000;
    l.apply(&process("SETPOINT_KG.MAIZE", 400.0, t0));
    l.apply(&process("DOSING_KG.MAIZE", 120.0, t0 + 1000));
    l.apply(&process("DOSING_KG.MAIZE", 260.5, t0 + 2000));
    // A reading of another material than the dose under way is not drawn.
    l.apply(&process("DOSING_KG.SOY", 9.0, t0 + 2500));
    let curve: Vec<_> = l.series[DOSING_SERIES].iter().copied().collect();
    assert_eq!(curve, [(t0, 0.0), (t0 + 1000, 120.0), (t0 + 2000, 260.5)]);
    assert_eq!(l.dosing.as_ref().unwrap().actual_kg, 260.5);

    l.apply(&process("SETPOINT_KG.SOY", 100.0, t0 + 3000));
    let curve: Vec<_> = l.series[DOSING_SERIES].iter().copied().collect();
    assert_eq!(
        curve,
        [(t0 + 3000, 0.0)],
        "the next dose starts a new curve"
    );

    let step = mixed("B1");
    l.apply(&step);
    l.apply(&step);
    l.apply(&mixed("OTHER"));
    assert_eq!(
        l.mixing.len(),
        1,
        "one record per step of the running batch"
    );
    l.apply(&batch(BatchEventKind::Started, "B2", None));
    assert!(l.mixing.is_empty() && l.series.is_empty());
}

#[test]
fn an_older_state_does_not_override_a_newer_one_and_cleared_alarms_close() {
    let mut l = LineLive::new("L1");
    let now = Utc::now();
    let st = |state, time| {
        Message::State(Envelope::new(
            "L1",
            vec![LineState {
                id: Uuid::now_v7(),
                time,
                state,
                stop_reason_id: None,
            }],
        ))
    };
    l.apply(&st(LineStateKind::Stopped, now));
    l.apply(&st(
        LineStateKind::Running,
        now - chrono::Duration::seconds(5),
    ));
    assert_eq!(l.state, Some(LineStateKind::Stopped));

    let alarm = |state| {
        let a = Alarm {
            id: Uuid::now_v7(),
            time: Utc::now(),
            batch_id: None,
            code: "X".into(),
            severity: Severity::Warning,
            message: "m".into(),
            state,
            cleared_at: None,
        };
        Message::Alarm(Envelope::new("L1", vec![a]))
    };
    assert_eq!(l.apply(&alarm(AlarmState::Raised)).alarms.len(), 1);
    assert_eq!(l.alarms.len(), 1);
    l.apply(&alarm(AlarmState::Cleared));
    assert!(l.alarms.is_empty());
}

fn point(code: &str, raised: chrono::DateTime<Utc>) -> model::alarm::AlarmPoint {
    model::alarm::AlarmPoint {
        id: Uuid::now_v7(),
        line_id: "L1".into(),
        code: code.into(),
        severity: Severity::Critical,
        message: "Mixer motor overload".into(),
        batch_id: None,
        raised_at: raised,
        returned_at: None,
        acknowledged: false,
        unacknowledged: 1,
        acked_at: None,
        acked_by: None,
        controller_acked_at: None,
        shelved_until: None,
        shelved_by: None,
        shelve_reason: None,
        comments: Vec::new(),
    }
}

#[test]
fn a_raise_shows_at_once_and_the_board_then_rules_acknowledgements_shelves_and_returns() {
    let mut l = LineLive::new("L1");
    let raised = Utc::now();
    let raise = Message::Alarm(Envelope::new(
        "L1",
        vec![Alarm {
            id: Uuid::now_v7(),
            time: raised,
            batch_id: None,
            code: "MOTOR".into(),
            severity: Severity::Critical,
            message: "Mixer motor overload".into(),
            state: AlarmState::Raised,
            cleared_at: None,
        }],
    ));
    // Heard from the plant before ingest stored it: shown, unacknowledged.
    let c = l.apply(&raise);
    assert_eq!(c.alarms.len(), 1);
    assert!(c.summary);
    assert_eq!(l.unacknowledged(), 1);
    assert_eq!(l.newest_critical().unwrap().point.code, "MOTOR");

    // The board shows it: nothing a viewer sees changes but the ids.
    let mut p = point("MOTOR", raised);
    let board = |p: &model::alarm::AlarmPoint| {
        std::collections::BTreeMap::from([(p.code.clone(), p.clone())])
    };
    l.set_alarm_board(board(&p));
    assert_eq!(l.alarms["MOTOR"].point.id, p.id);
    // The same raise heard again (a replay) changes nothing.
    assert!(l.apply(&raise).alarms.is_empty());

    // Acknowledged in Batchline: ACKED, and no longer counted.
    p.acknowledged = true;
    p.unacknowledged = 0;
    p.acked_by = Some("op@plant".into());
    let c = l.set_alarm_board(board(&p));
    assert_eq!(c.alarms.len(), 1);
    assert_eq!(c.alarms[0].state, AlarmState::Acked);
    assert_eq!(l.unacknowledged(), 0);
    assert_eq!(
        l.newest_critical().unwrap().point.code,
        "MOTOR",
        "still active"
    );

    // Shelved: neither counted nor the tile's critical alarm, still listed.
    p.shelved_until = Some(Utc::now() + chrono::Duration::minutes(30));
    l.set_alarm_board(board(&p));
    assert!(l.newest_critical().is_none());
    assert_eq!(l.alarms.len(), 1);

    // Returned and acknowledged: off the board, so CLEARED for the viewers.
    let c = l.set_alarm_board(std::collections::BTreeMap::new());
    assert_eq!(c.alarms[0].state, AlarmState::Cleared);
    assert!(l.alarms.is_empty());
}
