use super::*;

fn metric(name: Option<&str>, alias: Option<u64>, v: MetricValue, dt: u32) -> Metric {
    Metric {
        name: name.map(str::to_string),
        alias,
        datatype: Some(dt),
        value: Some(v),
        ..Default::default()
    }
}

fn payload(seq: u64, metrics: Vec<Metric>) -> Vec<u8> {
    Payload {
        timestamp: Some(1_764_300_000_000),
        metrics,
        seq: Some(seq),
        ..Default::default()
    }
    .encode_to_vec()
}

#[test]
fn topics() {
    let t = topic("spBv1.0/Mill/DDATA/Gateway1/Mixer1").unwrap();
    assert_eq!(
        (t.group, t.kind, t.edge, t.device),
        ("Mill", Kind::DData, "Gateway1", Some("Mixer1"))
    );
    assert_eq!(topic("spBv1.0/Mill/NDATA/Gateway1").unwrap().device, None);
    assert!(topic("spBv1.0/Mill/NDATA/Gateway1/Mixer1").is_none());
    assert!(topic("spBv1.0/Mill/DDATA/Gateway1").is_none());
    assert!(topic("spAv1.0/Mill/NDATA/Gateway1").is_none());
    assert!(topic("spBv1.0/Mill/STATE/Gateway1").is_none());
}

#[test]
fn births_name_aliases_that_data_uses() {
    let mut e = Edge::new(["Press/Current", "Mixer1:Temperature", "Overload"]);
    let t = |s: &'static str| topic(s).unwrap();
    let birth = payload(
        0,
        vec![
            metric(
                Some("bdSeq"),
                None,
                MetricValue::LongValue(4),
                datatype::INT64,
            ),
            metric(
                Some("Press/Current"),
                Some(1),
                MetricValue::FloatValue(10.5),
                datatype::FLOAT,
            ),
            metric(
                Some("Overload"),
                Some(2),
                MetricValue::BooleanValue(false),
                datatype::BOOLEAN,
            ),
            metric(
                Some("Unmapped"),
                Some(3),
                MetricValue::IntValue(1),
                datatype::INT32,
            ),
        ],
    );
    let Said::Values(v) = e.read(&t("spBv1.0/Mill/NBIRTH/Gw"), &birth) else {
        panic!()
    };
    assert_eq!(
        v.iter().map(|x| (x.0, x.1.clone())).collect::<Vec<_>>(),
        [
            (0, Some(Value::Number(10.5))),
            (2, Some(Value::Bool(false)))
        ]
    );
    let dbirth = payload(
        1,
        vec![metric(
            Some("Temperature"),
            Some(1),
            MetricValue::IntValue((-3i32) as u32),
            datatype::INT32,
        )],
    );
    let Said::Values(v) = e.read(&t("spBv1.0/Mill/DBIRTH/Gw/Mixer1"), &dbirth) else {
        panic!()
    };
    assert_eq!(v[0].0, 1);
    assert_eq!(
        v[0].1,
        Some(Value::Number(-3.0)),
        "an Int32 in two's complement"
    );
    // Data by alias alone; a device's alias 1 is not the node's alias 1.
    let data = payload(
        2,
        vec![metric(
            None,
            Some(1),
            MetricValue::FloatValue(11.0),
            datatype::FLOAT,
        )],
    );
    let Said::Values(v) = e.read(&t("spBv1.0/Mill/NDATA/Gw"), &data) else {
        panic!()
    };
    assert_eq!((v[0].0, v[0].1.clone()), (0, Some(Value::Number(11.0))));
    let ddata = payload(
        3,
        vec![metric(
            None,
            Some(1),
            MetricValue::IntValue(25),
            datatype::INT32,
        )],
    );
    let Said::Values(v) = e.read(&t("spBv1.0/Mill/DDATA/Gw/Mixer1"), &ddata) else {
        panic!()
    };
    assert_eq!((v[0].0, v[0].1.clone()), (1, Some(Value::Number(25.0))));
    // A lost message: seq 5 where 4 was due.
    let late = payload(
        5,
        vec![metric(
            None,
            Some(1),
            MetricValue::FloatValue(12.0),
            datatype::FLOAT,
        )],
    );
    assert!(matches!(
        e.read(&t("spBv1.0/Mill/NDATA/Gw"), &late),
        Said::Lost(_)
    ));
    // Until the next birth, data says only that it cannot be read.
    assert!(matches!(
        e.read(&t("spBv1.0/Mill/NDATA/Gw"), &payload(6, vec![])),
        Said::Lost(_)
    ));
    // An old session's death is not this one's; this one's is.
    let death = |bd: u64| {
        Payload {
            metrics: vec![metric(
                Some("bdSeq"),
                None,
                MetricValue::LongValue(bd),
                datatype::INT64,
            )],
            ..Default::default()
        }
        .encode_to_vec()
    };
    assert_eq!(
        e.read(&t("spBv1.0/Mill/NDEATH/Gw"), &death(3)),
        Said::Nothing
    );
    assert_eq!(
        e.read(&t("spBv1.0/Mill/NDEATH/Gw"), &death(4)),
        Said::Dead(None)
    );
}

#[test]
fn a_null_and_an_unreadable_payload() {
    let mut e = Edge::new(["A"]);
    let t = topic("spBv1.0/G/NBIRTH/E").unwrap();
    let mut m = metric(
        Some("A"),
        None,
        MetricValue::DoubleValue(1.0),
        datatype::DOUBLE,
    );
    m.is_null = Some(true);
    let Said::Values(v) = e.read(&t, &payload(0, vec![m])) else {
        panic!()
    };
    assert_eq!(v[0].1, None);
    assert!(matches!(e.read(&t, b"\xff\xff\xff"), Said::Lost(_)));
    let cmd = Payload::decode(rebirth(Utc::now()).as_slice()).unwrap();
    assert_eq!(cmd.metrics[0].name.as_deref(), Some("Node Control/Rebirth"));
}

#[test]
fn a_signed_value_of_a_data_message_is_read_with_the_datatype_of_its_birth() {
    let mut e = Edge::new(["Level", "Mixer1:Offset"]);
    let t = |s: &'static str| topic(s).unwrap();
    let level = metric(
        Some("Level"),
        Some(1),
        MetricValue::IntValue(3),
        datatype::INT32,
    );
    e.read(&t("spBv1.0/Mill/NBIRTH/Gw"), &payload(0, vec![level]));
    let offset = metric(
        Some("Offset"),
        Some(2),
        MetricValue::LongValue(0),
        datatype::INT64,
    );
    e.read(
        &t("spBv1.0/Mill/DBIRTH/Gw/Mixer1"),
        &payload(1, vec![offset]),
    );
    // Data by alias without a datatype, as the specification recommends.
    let by_alias = |alias, v| Metric {
        alias: Some(alias),
        value: Some(v),
        ..Default::default()
    };
    let Said::Values(v) = e.read(
        &t("spBv1.0/Mill/NDATA/Gw"),
        &payload(2, vec![by_alias(1, MetricValue::IntValue(-5i32 as u32))]),
    ) else {
        panic!()
    };
    assert_eq!(v[0].1, Some(Value::Number(-5.0)));
    let Said::Values(v) = e.read(
        &t("spBv1.0/Mill/DDATA/Gw/Mixer1"),
        &payload(3, vec![by_alias(2, MetricValue::LongValue(-7i64 as u64))]),
    ) else {
        panic!()
    };
    assert_eq!(v[0].1, Some(Value::Number(-7.0)));
}
