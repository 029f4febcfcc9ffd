//! The batching interface against a real OPC UA server playing the controller (`sim::plc`),
//! a real NATS and the connector: records come once however often they are read, a record the
//! wire refuses is acknowledged and reported, and orders and holds reach the controller
//! (docs/plant-interface.md).

use std::time::Duration;

use bus::connections::{Settings as SettingsBucket, Statuses};
use bus::plant::StreamSettings;
use chrono::Utc;
use futures::StreamExt;
use model::connect::{ConnectionStatus, Protocol, Settings};
use model::schedule::board::BoardEntry;
use model::schedule::control::ControlRecipe;
use model::schedule::{Kind, Status};
use model::wire::{self, Message};
use opcua::types::Variant;
use sim::board::Orders;
use sim::opcua::{Options, PlantServer};
use sim::plc::Plc;
use std::sync::Arc;
use testkit::NatsServer;
use tokio::sync::watch;
use tokio_util::sync::CancellationToken;
use uuid::Uuid;

struct Rig {
    _nats: NatsServer,
    client: async_nats::Client,
    js: async_nats::jetstream::Context,
    statuses: Statuses,
    server: Arc<PlantServer>,
    plc: Plc,
    orders: watch::Receiver<Orders>,
    line: Uuid,
    id: Uuid,
    stop: CancellationToken,
    /// The connector's data folder, and its task.
    dir: std::path::PathBuf,
    connector: tokio::task::JoinHandle<anyhow::Result<()>>,
}

impl Rig {
    /// Stops the connector and waits until it has ended.
    async fn stop_connector(&mut self) {
        self.stop.cancel();
        (&mut self.connector).await.unwrap().unwrap();
    }

    /// Starts the connector again, on the same data folder.
    fn start_connector(&mut self) {
        self.stop = CancellationToken::new();
        self.connector = tokio::spawn(connect::run(
            self.client.clone(),
            connect::Options::new(self.dir.join("connector")),
            self.stop.clone(),
        ));
    }
}

impl Drop for Rig {
    fn drop(&mut self) {
        self.stop.cancel();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// NATS with the PLANT stream, a controller serving line L1's interface, and the connector
/// with a connection to it.
async fn rig() -> Rig {
    rig_with(|_, _| {}).await
}

/// The same, the connection's settings changed by `tweak` before the connector starts.
async fn rig_with(tweak: impl FnOnce(&PlantServer, &mut Settings)) -> Rig {
    let nats = NatsServer::start().await;
    let client = nats.client().await;
    let js = async_nats::jetstream::new(client.clone());
    bus::plant::ensure_stream(&js, &StreamSettings::small())
        .await
        .unwrap();
    let dir = std::env::temp_dir().join(format!("batchline-interface-{}", Uuid::new_v4()));
    let server = Arc::new(
        PlantServer::start(Options {
            port: 0,
            pki_dir: dir.join("server-pki"),
            users: vec![],
        })
        .await
        .unwrap(),
    );
    let line = Uuid::now_v7();
    let (tx, orders) = watch::channel(Orders::new());
    let plc = Plc::start(server.clone(), "L1", &line.to_string(), "L1", 7, tx);
    let mut s = Settings::new(line, "Line 1 PLC", Protocol::Opcua, server.endpoint(), 100);
    s.connection.interface_node = Some(server.node_id("L1"));
    tweak(&server, &mut s);
    SettingsBucket::open(&js)
        .await
        .unwrap()
        .put(&s)
        .await
        .unwrap();
    let stop = CancellationToken::new();
    let connector = tokio::spawn(connect::run(
        client.clone(),
        connect::Options::new(dir.join("connector")),
        stop.clone(),
    ));
    Rig {
        statuses: Statuses::open(&js).await.unwrap(),
        _nats: nats,
        client,
        js,
        server,
        plc,
        orders,
        line,
        id: s.connection.id,
        stop,
        dir,
        connector,
    }
}

fn dose(material: &str, actual: f64) -> wire::Weighing {
    wire::Weighing {
        id: Uuid::now_v7(),
        time: Utc::now(),
        batch_id: "L1-0001".into(),
        scale_id: "SCALE1".into(),
        bin_id: Some("BIN-01".into()),
        material_id: material.into(),
        lot: None,
        setpoint_kg: 100.0,
        actual_kg: actual,
        deviation_kg: actual - 100.0,
        tolerance_kg: 1.0,
        in_tolerance: (actual - 100.0).abs() <= 1.0,
        duration_s: 12.0,
        inflight_kg: 0.4,
    }
}

/// Waits (at most `limit`) until `ok` holds.
async fn until(what: &str, limit: Duration, mut ok: impl AsyncFnMut() -> bool) {
    let deadline = tokio::time::Instant::now() + limit;
    while !ok().await {
        assert!(
            tokio::time::Instant::now() < deadline,
            "{what}: not within {limit:?}"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

fn number(server: &PlantServer, path: &str) -> u32 {
    match server.get(path) {
        Some(Variant::UInt32(n)) => n,
        other => panic!("{path}: {other:?}"),
    }
}

/// The weighings in the stream, in order.
async fn stored_doses(js: &async_nats::jetstream::Context) -> Vec<wire::Weighing> {
    let mut out = Vec::new();
    for m in testkit::stored_messages(js).await {
        if let Message::Weighing(e) = m {
            out.extend(e.samples);
        }
    }
    out
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_record_is_published_once_however_often_it_is_read() {
    let rig = rig().await;
    let mut heard = Box::pin(bus::plant::listen(&rig.client).await.unwrap());
    rig.plc.send(&[
        dose("CORN", 100.5),
        dose("WHEAT", 99.8),
        dose("SALT", 100.1),
    ]);
    let mut seen = Vec::new();
    tokio::time::timeout(Duration::from_secs(30), async {
        while seen.len() < 3 {
            if let Some(Ok(Message::Weighing(e))) = heard.next().await {
                seen.extend(e.samples);
            }
        }
    })
    .await
    .expect("three doses published");
    let materials: Vec<&str> = seen.iter().map(|w| w.material_id.as_str()).collect();
    assert_eq!(
        materials,
        ["CORN", "WHEAT", "SALT"],
        "in the controller's order"
    );
    assert_eq!(
        seen[0].id,
        model::connect::interface::record_id(&rig.line.to_string(), "Dose", 7, 1)
    );
    until(
        "the last dose acknowledged",
        Duration::from_secs(10),
        async || number(&rig.server, "L1.Dose.Ack") == 3,
    )
    .await;

    // The connector died after publishing record 3 and before acknowledging it: the controller
    // offers it again, it is published again under the same id, and the stream keeps one.
    rig.server.set("L1.Dose.Ack", 2u32).unwrap();
    until(
        "record 3 acknowledged again",
        Duration::from_secs(10),
        async || number(&rig.server, "L1.Dose.Ack") == 3,
    )
    .await;
    let doses = stored_doses(&rig.js).await;
    assert_eq!(doses.len(), 3, "{doses:?}");

    // A record the wire refuses is acknowledged (the line goes on), counted and reported.
    rig.plc
        .send(&[dose("BAD", f64::INFINITY), dose("MAIZE", 100.0)]);
    until("both acknowledged", Duration::from_secs(10), async || {
        number(&rig.server, "L1.Dose.Ack") == 5
    })
    .await;
    until(
        "the refusal reported",
        Duration::from_secs(15),
        async || {
            rig.statuses
                .get(rig.id)
                .await
                .unwrap()
                .is_some_and(|s: ConnectionStatus| {
                    s.refused >= 1
                        && s.last_error.as_deref().is_some_and(|e| {
                            e.contains("Dose record 4 refused") && e.contains("ActualKg")
                        })
                })
        },
    )
    .await;
    let doses = stored_doses(&rig.js).await;
    let materials: Vec<&str> = doses.iter().map(|w| w.material_id.as_str()).collect();
    assert_eq!(materials, ["CORN", "WHEAT", "SALT", "MAIZE"]);
}

fn entry(line: Uuid, number: &str, sequence: i32, status: Status) -> BoardEntry {
    BoardEntry {
        order_id: Uuid::now_v7(),
        line_id: line.to_string(),
        line_code: "L1".into(),
        kind: Kind::Production,
        order_number: number.into(),
        name: format!("{number} broiler grower"),
        sequence,
        status,
        batches: 4,
        batches_done: 0,
        control_recipe: ControlRecipe {
            recipe_id: Some(Uuid::now_v7()),
            recipe_code: "BRG-01".into(),
            recipe_name: "Broiler grower".into(),
            recipe_version: 3,
            medication_class: "NONE".into(),
            batch_size_kg: 4000.0,
            weighings: vec![],
            mixing: vec![],
            miscellaneous: vec![],
        },
        updated_at: Utc::now(),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn orders_and_holds_reach_the_controller() {
    let rig = rig().await;
    let board = bus::board::Board::open(&rig.js).await.unwrap();
    let mut first = entry(rig.line, "PO-1", 1, Status::Released);
    let second = entry(rig.line, "PO-2", 2, Status::Released);
    board.put(&second).await.unwrap();
    board.put(&first).await.unwrap();
    // Another line's order is not this controller's.
    board
        .put(&entry(Uuid::now_v7(), "PO-X", 1, Status::Released))
        .await
        .unwrap();

    let orders = rig.orders.clone();
    until(
        "both orders accepted",
        Duration::from_secs(15),
        async || orders.borrow().len() == 2,
    )
    .await;
    {
        let held = rig.orders.borrow();
        let one = &held[&first.order_id];
        assert_eq!(one.order_number, "PO-1");
        assert_eq!(one.batches, 4);
        assert_eq!(one.control_recipe, first.control_recipe);
        assert_eq!(one.status, Status::Released);
        // Offered in the board's sequence.
        assert!(one.sequence < held[&second.order_id].sequence);
    }

    // A hold, then a release, reach the controller as commands.
    first.status = Status::OnHold;
    board.put(&first).await.unwrap();
    until("held", Duration::from_secs(10), async || {
        orders.borrow()[&first.order_id].status == Status::OnHold
    })
    .await;
    first.status = Status::Running;
    board.put(&first).await.unwrap();
    until("resumed", Duration::from_secs(10), async || {
        orders.borrow()[&first.order_id].status == Status::Released
    })
    .await;
    // An order withdrawn before it ran is aborted at the controller.
    board.reconcile(std::slice::from_ref(&first)).await.unwrap();
    until("withdrawn", Duration::from_secs(10), async || {
        orders.borrow()[&second.order_id].status == Status::Aborted
    })
    .await;
}

/// What the controller was told outlives the connector: a resume and a withdrawal made while
/// the connector was stopped reach the controller when it is back (a new connector that knew
/// nothing would find the held order "accepted" again and the withdrawn one unknown).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_resume_and_a_withdrawal_made_while_the_connector_was_away_reach_the_controller() {
    let mut rig = rig().await;
    let board = bus::board::Board::open(&rig.js).await.unwrap();
    let mut first = entry(rig.line, "PO-1", 1, Status::Released);
    let second = entry(rig.line, "PO-2", 2, Status::Released);
    board.put(&first).await.unwrap();
    board.put(&second).await.unwrap();
    let orders = rig.orders.clone();
    until("both accepted", Duration::from_secs(15), async || {
        orders.borrow().len() == 2
    })
    .await;
    first.status = Status::OnHold;
    board.put(&first).await.unwrap();
    until("held", Duration::from_secs(10), async || {
        orders.borrow()[&first.order_id].status == Status::OnHold
    })
    .await;

    rig.stop_connector().await;
    first.status = Status::Running;
    board.reconcile(std::slice::from_ref(&first)).await.unwrap();
    rig.start_connector();

    until(
        "resumed and withdrawn",
        Duration::from_secs(20),
        async || {
            let o = orders.borrow();
            o[&first.order_id].status == Status::Released
                && o[&second.order_id].status == Status::Aborted
        },
    )
    .await;
}

/// A watch of the board that is lost and opened again (NATS restarted) shows only whole boards:
/// while it reads the board afresh, the last whole one stands. (A partial board would show a
/// held order as gone, and the controller would be told to abort it.)
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_board_read_again_after_a_lost_watch_is_never_shown_in_part() {
    let mut nats = NatsServer::start().await;
    let js = async_nats::jetstream::new(nats.client().await);
    let board = bus::board::Board::open(&js).await.unwrap();
    let line = Uuid::now_v7();
    for i in 0..200 {
        board
            .put(&entry(line, &format!("PO-{i}"), i, Status::Released))
            .await
            .unwrap();
    }
    let seen = Arc::new(std::sync::Mutex::new(Vec::<usize>::new()));
    let follower = {
        let seen = seen.clone();
        tokio::spawn(bus::board::follow(js.clone(), move |all| {
            seen.lock().unwrap().push(all.len());
        }))
    };
    let last = || seen.lock().unwrap().last().copied();
    until("the board read", Duration::from_secs(10), async || {
        last() == Some(200)
    })
    .await;
    nats.restart().await;
    let board = bus::board::Board::open(&js).await.unwrap();
    board
        .put(&entry(line, "PO-200", 200, Status::Released))
        .await
        .unwrap();
    until(
        "the board read again",
        Duration::from_secs(20),
        async || last() == Some(201),
    )
    .await;
    follower.abort();
    let seen = seen.lock().unwrap();
    assert!(
        seen.iter().all(|n| *n >= 200),
        "a partial board was shown: {:?}",
        seen.iter().filter(|n| **n < 200).collect::<Vec<_>>()
    );
}

/// A controller that serves only doses, with its sequences as Int32 (a PLC's DINT) and no order
/// or command nodes: its records come all the same. A field served with another type holds its
/// record back (not acknowledged, the reason shown) until the program is put right.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_controller_serving_only_doses_is_served() {
    let rig = rig().await;
    let s = &rig.server;
    s.add_folder("L3", "L3", None);
    s.add_folder("L3.Dose", "Dose", Some("L3"));
    s.add_variable("L3", "L3.Epoch", "Epoch", 1i32);
    for (name, value) in [("Sequence", Variant::Int32(0)), ("Ack", Variant::Int32(0))] {
        s.add_variable("L3.Dose", &format!("L3.Dose.{name}"), name, value);
    }
    s.add_variable(
        "L3.Dose",
        "L3.Dose.Time",
        "Time",
        Variant::DateTime(Box::new(opcua::types::DateTime::now())),
    );
    let w = dose("OATS", 100.2);
    let json = serde_json::to_value(&w).unwrap();
    for f in model::connect::interface::DOSE.fields {
        let v = match f.ty {
            model::connect::interface::NodeType::String => {
                Variant::from(json[f.key].as_str().unwrap_or("").to_string())
            }
            model::connect::interface::NodeType::Double => {
                Variant::Double(json[f.key].as_f64().unwrap())
            }
            model::connect::interface::NodeType::Boolean => {
                Variant::Boolean(json[f.key].as_bool().unwrap())
            }
            other => panic!("{other:?}"),
        };
        s.add_variable("L3.Dose", &format!("L3.Dose.{}", f.node), f.node, v);
    }
    let line = Uuid::now_v7();
    let mut settings = Settings::new(line, "Doser", Protocol::Opcua, s.endpoint(), 100);
    settings.connection.interface_node = Some(s.node_id("L3"));
    SettingsBucket::open(&rig.js)
        .await
        .unwrap()
        .put(&settings)
        .await
        .unwrap();
    // First the program serves ActualKg as a Boolean: the record waits, and the status says
    // why (refused and acknowledged, it would be lost).
    s.set("L3.Dose.ActualKg", Variant::Boolean(true)).unwrap();
    s.set("L3.Dose.Sequence", Variant::Int32(1)).unwrap();
    until(
        "the wrong type reported",
        Duration::from_secs(15),
        async || {
            rig.statuses
                .get(settings.connection.id)
                .await
                .unwrap()
                .is_some_and(|st: ConnectionStatus| {
                    st.last_error.as_deref().is_some_and(|e| {
                        e.contains("Dose.ActualKg: a Boolean where a Double is wanted")
                    })
                })
        },
    )
    .await;
    assert!(
        matches!(s.get("L3.Dose.Ack"), Some(Variant::Int32(0))),
        "a record of the wrong type is not acknowledged"
    );
    // The program put right, the same record goes through.
    s.set("L3.Dose.ActualKg", Variant::Double(100.2)).unwrap();
    until(
        "the dose acknowledged",
        Duration::from_secs(15),
        async || {
            matches!(
                s.get("L3.Dose.Ack"),
                Some(Variant::Int32(1)) | Some(Variant::UInt32(1))
            )
        },
    )
    .await;
    let doses = stored_doses(&rig.js).await;
    assert!(
        doses.iter().any(|d| d.material_id == "OATS"
            && d.id == model::connect::interface::record_id(&line.to_string(), "Dose", 1, 1)),
        "{doses:?}"
    );
}

/// A lot blocked after the controller accepted an order still stops its doses: the board's
/// marks reach the controller in `HeldBins`, and a release lifts them (issue 33, item 3).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_lot_held_after_an_order_was_accepted_reaches_the_controller() {
    use model::schedule::control::{ControlWeighing, HeldLot};
    use model::trace::LotStatus;
    let rig = rig().await;
    let board = bus::board::Board::open(&rig.js).await.unwrap();
    let mut order = entry(rig.line, "PO-1", 1, Status::Released);
    order.control_recipe.weighings = ["CORN", "SOY"]
        .into_iter()
        .enumerate()
        .map(|(i, m)| ControlWeighing {
            sequence: i as u32 + 1,
            scale_id: None,
            scale_code: "S-MAJOR".into(),
            material_id: None,
            material_code: m.into(),
            material_name: m.into(),
            bin_id: None,
            bin_code: Some(format!("BIN-{m}")),
            setpoint_kg: 1000.0,
            tolerance_kg: 5.0,
            held_lot: None,
        })
        .collect();
    board.put(&order).await.unwrap();
    let orders = rig.orders.clone();
    until("accepted", Duration::from_secs(15), async || {
        orders.borrow().contains_key(&order.order_id)
    })
    .await;
    let held_at = |bin: usize| {
        orders.borrow()[&order.order_id].control_recipe.weighings[bin]
            .held_lot
            .clone()
    };
    assert_eq!(held_at(0), None);
    let held_bins = |server: &PlantServer| match server
        .get(&format!("L1.{}", model::connect::interface::HELD_BINS))
    {
        Some(Variant::String(s)) => s.as_ref().to_string(),
        other => panic!("HeldBins: {other:?}"),
    };
    until("HeldBins written", Duration::from_secs(10), async || {
        held_bins(&rig.server) == "[]"
    })
    .await;

    // The lot in BIN-SOY is blocked: the board marks the entry, the controller's order follows.
    order.control_recipe.weighings[1].held_lot = Some(HeldLot {
        lot_number: "S-77".into(),
        status: LotStatus::Blocked,
    });
    board.put(&order).await.unwrap();
    until(
        "the soy bin held at the controller",
        Duration::from_secs(10),
        async || held_at(1).is_some(),
    )
    .await;
    assert_eq!(
        held_at(1),
        Some(HeldLot {
            lot_number: "S-77".into(),
            status: LotStatus::Blocked
        })
    );
    assert_eq!(held_at(0), None);
    assert_eq!(
        held_bins(&rig.server),
        r#"[{"binCode":"BIN-SOY","lotNumber":"S-77","status":"BLOCKED"}]"#
    );

    // Released: the mark is lifted.
    order.control_recipe.weighings[1].held_lot = None;
    board.put(&order).await.unwrap();
    until(
        "released at the controller",
        Duration::from_secs(10),
        async || held_at(1).is_none(),
    )
    .await;
}

/// An alarm acknowledged in Batchline (issue 34) is written to the alarm's acknowledgement
/// node; the controller takes it, and the connector says so with an ACKED event.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_acknowledgement_made_in_batchline_is_written_to_the_controller() {
    use model::connect::{Tag, TagKind};
    const CODE: &str = "CONVEYOR_BLOCKED";
    let rig = rig_with(|server, s| {
        let mut t = Tag::new(
            TagKind::Alarm,
            server.node_id(&format!("L1.Alarm.{CODE}")),
            CODE,
        );
        t.ack_node_id = Some(server.node_id(&format!("L1.Ack.{CODE}")));
        s.connection.tags = vec![t];
    })
    .await;
    let mut heard = rig
        .client
        .subscribe(wire::subject(&rig.line.to_string(), wire::Kind::Alarm))
        .await
        .unwrap();
    let point = model::alarm::AlarmPoint {
        id: Uuid::now_v7(),
        line_id: rig.line.to_string(),
        code: CODE.into(),
        severity: wire::Severity::Warning,
        message: "Conveyor below the mixer is blocked".into(),
        batch_id: None,
        raised_at: chrono::Utc::now(),
        returned_at: None,
        acknowledged: true,
        unacknowledged: 0,
        acked_at: Some(chrono::Utc::now()),
        acked_by: Some("operator@plant.test".into()),
        controller_acked_at: None,
        shelved_until: None,
        shelved_by: None,
        shelve_reason: None,
        comments: Vec::new(),
    };
    let board = bus::alarms::AlarmBoard::open(&rig.js).await.unwrap();
    board.reconcile(std::slice::from_ref(&point)).await.unwrap();
    let plc = &rig.plc;
    until(
        "the controller took it",
        Duration::from_secs(15),
        async || plc.acks_taken(CODE) == 1,
    )
    .await;
    let acked = loop {
        let m = tokio::time::timeout(Duration::from_secs(10), heard.next())
            .await
            .expect("an ACKED event within 10 s")
            .unwrap();
        let e: wire::Envelope<wire::Alarm> = serde_json::from_slice(&m.payload).unwrap();
        if let Some(a) = e
            .samples
            .into_iter()
            .find(|a| a.state == wire::AlarmState::Acked)
        {
            break a;
        }
    };
    assert_eq!(acked.code, CODE);
    assert_eq!(plc.acks_taken(CODE), 1);
}
