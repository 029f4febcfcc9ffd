use super::*;
use crate::wire::{self, Envelope, Kind};

/// When the controller says a record happened.
fn at() -> Option<chrono::DateTime<chrono::Utc>> {
    "2026-11-28T10:00:00Z".parse().ok()
}

fn dose_values(actual: f64) -> Vec<FieldValue> {
    use FieldValue::*;
    vec![
        Text("L1-0001".into()),
        Text("SCALE1".into()),
        Text("".into()),
        Text("CORN".into()),
        Text("LOT-7".into()),
        Number(500.0),
        Number(actual),
        Number(actual - 500.0),
        Number(2.0),
        Bool(true),
        Number(31.5),
        Number(1.2),
    ]
}

#[test]
fn a_dose_record_becomes_a_weighing_with_a_stable_id() {
    let m = record(&DOSE, "line-1", 7, 42, at(), &dose_values(501.0)).unwrap();
    assert_eq!(m.subject, wire::subject("line-1", Kind::Weighing));
    let again = record(&DOSE, "line-1", 7, 42, at(), &dose_values(501.0)).unwrap();
    assert_eq!(m.id, again.id, "read again, the same record keeps its id");
    assert_ne!(
        m.id,
        record_id("line-1", "Dose", 8, 42),
        "another epoch, another id"
    );
    let e: Envelope<wire::Weighing> = serde_json::from_slice(&m.payload).unwrap();
    assert_eq!(e.id, m.id);
    let w = &e.samples[0];
    assert_eq!(w.id, m.id);
    assert_eq!(w.bin_id, None, "an empty optional text is none");
    assert_eq!(w.lot.as_deref(), Some("LOT-7"));
    assert_eq!(w.actual_kg, 501.0);
    assert!(w.in_tolerance);
}

#[test]
fn a_record_the_wire_refuses_says_which_field() {
    let err = record(&DOSE, "line-1", 1, 1, at(), &dose_values(f64::INFINITY))
        .err()
        .unwrap();
    assert!(err.contains("ActualKg"), "{err}");
    let mut v = dose_values(500.0);
    v[5] = FieldValue::Text("five hundred".into());
    assert_eq!(
        record(&DOSE, "line-1", 1, 1, at(), &v).err().unwrap(),
        "SetpointKg: not a Double"
    );
    // Its time is part of its key: a record without one could be stored twice.
    let unset = Some(chrono::DateTime::<chrono::Utc>::UNIX_EPOCH);
    for time in [None, unset] {
        assert_eq!(
            record(&DOSE, "line-1", 1, 1, time, &dose_values(500.0))
                .err()
                .unwrap(),
            "Time: not set"
        );
    }
}

#[test]
fn a_batch_start_has_no_actual_weight() {
    use FieldValue::*;
    let v = vec![
        Text("STARTED".into()),
        Text("L1-0001".into()),
        Text("".into()),
        Text("".into()),
        Text("R1".into()),
        Text("BRG".into()),
        Text("Broiler".into()),
        Integer(3),
        Text("RUNNING".into()),
        Number(2000.0),
        Number(f64::NAN),
        Text("".into()),
    ];
    let m = record(&BATCH, "line-1", 1, 1, at(), &v).unwrap();
    let e: Envelope<wire::BatchEvent> = serde_json::from_slice(&m.payload).unwrap();
    assert_eq!(e.samples[0].actual_kg, None);
    assert_eq!(e.samples[0].event, wire::BatchEventKind::Started);
    assert_eq!(e.samples[0].production_schedule_id, None);
}

#[test]
fn node_ids_follow_the_folder() {
    assert_eq!(
        node_id("ns=2;s=Line1", "Dose.ActualKg").as_deref(),
        Some("ns=2;s=Line1.Dose.ActualKg")
    );
    assert_eq!(node_id("s=L", "Epoch").as_deref(), Some("s=L.Epoch"));
    assert_eq!(node_id("ns=2;i=5", "Epoch"), None);
    let nodes = nodes();
    let unique: std::collections::HashSet<_> = nodes.iter().map(|n| &n.0).collect();
    assert_eq!(unique.len(), nodes.len());
}

#[test]
fn the_document_names_every_node_with_its_type() {
    let doc = include_str!("../../../../docs/plant-interface.md");
    for (path, ty, by_controller) in nodes() {
        // The three handshake nodes of the record channels have one row for all five.
        let path = match path.split_once('.') {
            Some((c, n))
                if CHANNELS.iter().any(|ch| ch.name == c) && [SEQUENCE, ACK, TIME].contains(&n) =>
            {
                format!("<Channel>.{n}")
            }
            _ => path,
        };
        let row = doc
            .lines()
            .find(|l| l.starts_with(&format!("| `{path}` |")))
            .unwrap_or_else(|| panic!("docs/plant-interface.md has no row for {path}"));
        assert!(row.contains(&format!("| {} |", ty.name())), "{path}: {row}");
        // Who writes it, where the row says (the records' fields are the controller's).
        let (writer, other) = if by_controller {
            ("| controller |", "| Batchline |")
        } else {
            ("| Batchline |", "| controller |")
        };
        assert!(
            !row.contains(other) && (by_controller || row.contains(writer)),
            "{path} is written by the {}: {row}",
            if by_controller {
                "controller"
            } else {
                "connector"
            }
        );
    }
}

#[test]
fn a_node_of_another_type_is_the_programs_fault_not_the_records() {
    let field = |node: &str| *DOSE.fields.iter().find(|f| f.node == node).unwrap();
    let (actual, lot) = (field("ActualKg"), field("Lot"));
    assert_eq!(misfit(&actual, &FieldValue::Number(1.0)), None);
    // A PLC's DINT in a Double field is read as its number.
    assert_eq!(misfit(&actual, &FieldValue::Integer(500)), None);
    assert_eq!(
        misfit(&actual, &FieldValue::Bool(true)).as_deref(),
        Some("ActualKg: a Boolean where a Double is wanted")
    );
    assert_eq!(
        misfit(&actual, &FieldValue::Other("DateTime".into())).as_deref(),
        Some("ActualKg: a DateTime where a Double is wanted")
    );
    assert_eq!(
        misfit(&actual, &FieldValue::Empty).as_deref(),
        Some("ActualKg: no value where a Double is wanted")
    );
    // An optional field may have none.
    assert_eq!(misfit(&lot, &FieldValue::Empty), None);
}
