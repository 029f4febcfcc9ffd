//! The connector against a real OPC UA server on loopback (the simulator's, async-opcua) and a
//! real nats-server: values become the line's samples, the status follows the server, bad
//! values and bad nodes are shown per tag, and a refused sign-in is a FAULT.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::time::Duration;

use bus::connections::{Settings as SettingsBucket, Statuses};
use bus::plant::StreamSettings;
use futures::{Stream, StreamExt};
use model::connect::{
    ConnectionState, ConnectionStatus, Protocol, SecurityMode, SecurityPolicy, Settings, Tag,
    TagKind,
};
use model::wire::{AlarmState, LineStateKind, Message};
use sim::opcua::{Options, PlantServer};
use testkit::NatsServer;
use tokio_util::sync::CancellationToken;
use uuid::Uuid;

fn scratch() -> PathBuf {
    if std::env::var_os("TEST_LOG").is_some() {
        let _ = tracing_subscriber::fmt()
            .with_env_filter(std::env::var("TEST_LOG").unwrap())
            .try_init();
    }
    let d = std::env::temp_dir().join(format!("batchline-connect-{}", Uuid::new_v4()));
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// A plant with line L1's press and state, on `port` (0: any).
async fn plant(port: u16, dir: &std::path::Path, users: Vec<(String, String)>) -> PlantServer {
    let s = PlantServer::start(Options {
        port,
        pki_dir: dir.join("server-pki"),
        users,
    })
    .await
    .unwrap();
    s.add_folder("L1", "L1", None);
    s.add_variable("L1", "L1.Press.Current", "Press.Current", 10.0f64);
    s.add_variable("L1", "L1.Press.Overload", "Press.Overload", false);
    s.add_variable("L1", "L1.Line.State", "Line.State", 0i32);
    s.add_variable("L1", "L1.Label", "Label", "batch 7");
    s.add_variable("L1", "L1.Mixer.Temp", "Mixer.Temp", 40.0f64);
    s
}

fn tag(kind: TagKind, node_id: String, code: &str) -> Tag {
    Tag::new(kind, node_id, code)
}

fn settings(server: &PlantServer, line: Uuid) -> Settings {
    let mut current = tag(
        TagKind::Process,
        server.node_id("L1.Press.Current"),
        "PRESS_CURRENT_A",
    );
    current.deadband = Some(0.5);
    let mut state = tag(
        TagKind::State,
        server.node_id("L1.Line.State"),
        "LINE_STATE",
    );
    state.value_map = Some(BTreeMap::from([
        ("0".into(), LineStateKind::Stopped),
        ("1".into(), LineStateKind::Running),
    ]));
    let tags = vec![
        current,
        tag(
            TagKind::Alarm,
            server.node_id("L1.Press.Overload"),
            "PRESS_OVERLOAD",
        ),
        state,
        tag(TagKind::Process, server.node_id("L1.Nowhere"), "NOWHERE"),
        tag(TagKind::Process, server.node_id("L1.Label"), "LABEL"),
        tag(
            TagKind::Process,
            server.node_id("L1.Mixer.Temp"),
            "MIXER_TEMP_C",
        ),
    ];
    let mut s = Settings::new(line, "Press PLC", Protocol::Opcua, server.endpoint(), 100);
    s.connection.tags = tags;
    s
}

/// Reads `heard` until `wanted` holds of a message, for at most `limit`.
async fn until(
    heard: &mut (impl Stream<Item = bus::plant::Heard> + Unpin),
    what: &str,
    limit: Duration,
    mut wanted: impl FnMut(&Message) -> bool,
) {
    let found = tokio::time::timeout(limit, async {
        while let Some(m) = heard.next().await {
            if m.as_ref().is_ok_and(&mut wanted) {
                return;
            }
        }
    })
    .await;
    assert!(found.is_ok(), "{what}: not heard within {limit:?}");
}

use testkit::connection_status as status;

fn process(m: &Message, code: &str, value: f64) -> bool {
    matches!(m, Message::Process(e) if e.samples.iter().any(|s| s.parameter_code == code && s.value == value))
}

/// NATS with the PLANT stream, the settings and status buckets, and a scratch folder.
struct Rig {
    nats: NatsServer,
    client: async_nats::Client,
    js: async_nats::jetstream::Context,
    dir: PathBuf,
    bucket: SettingsBucket,
    statuses: Statuses,
    stop: CancellationToken,
}

impl Rig {
    async fn new() -> Rig {
        let nats = NatsServer::start().await;
        let client = nats.client().await;
        let js = async_nats::jetstream::new(client.clone());
        bus::plant::ensure_stream(&js, &StreamSettings::small())
            .await
            .unwrap();
        Rig {
            bucket: SettingsBucket::open(&js).await.unwrap(),
            statuses: Statuses::open(&js).await.unwrap(),
            nats,
            client,
            js,
            dir: scratch(),
            stop: CancellationToken::new(),
        }
    }

    /// The connector, running until [`Rig::end`].
    fn connector(&self) -> tokio::task::JoinHandle<anyhow::Result<()>> {
        tokio::spawn(connect::run(
            self.client.clone(),
            connect::Options::new(self.dir.join("connector")),
            self.stop.clone(),
        ))
    }

    async fn end(
        &self,
        connector: tokio::task::JoinHandle<anyhow::Result<()>>,
        server: PlantServer,
    ) {
        self.stop.cancel();
        connector.await.unwrap().unwrap();
        server.stop().await;
    }
}

impl Drop for Rig {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn values_become_the_lines_samples_and_the_status_follows_the_server() {
    let rig = Rig::new().await;
    let dir = rig.dir.clone();
    let server = plant(0, &dir, vec![]).await;
    let port = server.port();
    let line = Uuid::now_v7();
    let s = settings(&server, line);
    let id = s.connection.id;
    let (bucket, statuses) = (&rig.bucket, &rig.statuses);
    bucket.put(&s).await.unwrap();
    let mut heard = Box::pin(bus::plant::listen(&rig.client).await.unwrap());

    let connector = rig.connector();

    // The first values on subscribing, then each change; a move inside the deadband is not.
    let line_id = line.to_string();
    until(
        &mut heard,
        "the first press current",
        Duration::from_secs(30),
        |m| m.line_id() == line_id && process(m, "PRESS_CURRENT_A", 10.0),
    )
    .await;
    // A node that does not exist, or whose type the tag cannot read, shows its status code;
    // the other tags go on.
    let (nowhere, label) = (server.node_id("L1.Nowhere"), server.node_id("L1.Label"));
    let tag_status = |s: &ConnectionStatus, node: &str| {
        s.tags
            .iter()
            .find(|t| t.node_id == node)
            .map(|t| t.status.clone())
    };
    let connected = status(statuses, id, "CONNECTED", Duration::from_secs(5), |s| {
        s.state == ConnectionState::Connected
            && tag_status(s, &nowhere).as_deref() == Some("BadNodeIdUnknown")
            && tag_status(s, &label).as_deref() == Some("BadTypeMismatch")
    })
    .await;
    assert_eq!(
        tag_status(&connected, &server.node_id("L1.Press.Current")).as_deref(),
        Some("Good")
    );

    server.set("L1.Press.Current", 10.2f64).unwrap();
    server.set("L1.Press.Current", 11.0f64).unwrap();
    until(&mut heard, "11 A", Duration::from_secs(5), |m| {
        process(m, "PRESS_CURRENT_A", 11.0)
    })
    .await;
    server.set("L1.Press.Overload", true).unwrap();
    server.set("L1.Line.State", 1i32).unwrap();
    until(&mut heard, "the overload raised", Duration::from_secs(5), |m| {
        matches!(m, Message::Alarm(e) if e.samples.iter().any(|a| a.code == "PRESS_OVERLOAD" && a.state == AlarmState::Raised))
    })
    .await;
    until(&mut heard, "the line running", Duration::from_secs(5), |m| {
        matches!(m, Message::State(e) if e.samples.iter().any(|s| s.state == LineStateKind::Running))
    })
    .await;

    // NaN is refused and counted, never published.
    let refused = connected.refused;
    server.set("L1.Mixer.Temp", f64::NAN).unwrap();
    // (Published counts what the stream acknowledged: the values so far, within a pump; a
    // count that moves is reported with the next report, within REPORT_EVERY_S.)
    let report = Duration::from_secs(model::connect::REPORT_EVERY_S + 5);
    status(statuses, id, "NaN refused", report, |s| {
        s.refused > refused && s.samples_published >= 4
    })
    .await;

    // The server goes: DISCONNECTED within 5 s; it comes back: CONNECTED, values flow again.
    server.stop().await;
    status(statuses, id, "DISCONNECTED", Duration::from_secs(5), |s| {
        s.state == ConnectionState::Disconnected
    })
    .await;
    let server = plant(port, &dir, vec![]).await;
    status(
        statuses,
        id,
        "CONNECTED again",
        Duration::from_secs(20),
        |s| s.state == ConnectionState::Connected,
    )
    .await;
    server.set("L1.Press.Current", 20.0f64).unwrap();
    until(
        &mut heard,
        "20 A after the restart",
        Duration::from_secs(10),
        |m| process(m, "PRESS_CURRENT_A", 20.0),
    )
    .await;

    // Switched off in the settings: DISABLED, within 5 s, without a restart.
    let mut off = settings(&server, line);
    off.connection.id = id;
    off.connection.enabled = false;
    bucket.put(&off).await.unwrap();
    status(statuses, id, "DISABLED", Duration::from_secs(5), |s| {
        s.state == ConnectionState::Disabled
    })
    .await;

    rig.end(connector, server).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_refused_sign_in_is_a_fault_and_a_corrected_password_connects() {
    let rig = Rig::new().await;
    let dir = rig.dir.clone();
    let server = plant(0, &dir, vec![("operator".into(), "right-one".into())]).await;
    let mut s = settings(&server, Uuid::now_v7());
    s.connection.username = Some("operator".into());
    s.password = Some("wrong-one".into());
    let id = s.connection.id;
    let (bucket, statuses) = (&rig.bucket, &rig.statuses);
    bucket.put(&s).await.unwrap();
    let connector = rig.connector();
    let fault = status(statuses, id, "FAULT", Duration::from_secs(30), |s| {
        s.state == ConnectionState::Fault
    })
    .await;
    let reason = fault.last_error.unwrap_or_default();
    assert!(reason.contains("Bad"), "{reason}");
    // No retry storm: a FAULT waits a minute for a change instead of trying again. Two
    // seconds of watching (not a synchronisation: nothing is awaited) see no new attempt.
    tokio::time::sleep(Duration::from_secs(2)).await;
    let still = statuses.get(id).await.unwrap().unwrap();
    assert_eq!(still.state, ConnectionState::Fault);
    assert_eq!(still.since, fault.since, "the fault was not retried");

    s.password = Some("right-one".into());
    bucket.put(&s).await.unwrap();
    status(
        statuses,
        id,
        "CONNECTED with the right password",
        Duration::from_secs(30),
        |s| s.state == ConnectionState::Connected,
    )
    .await;
    rig.end(connector, server).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_untrusted_server_is_a_fault_until_its_certificate_is_trusted() {
    use base64::Engine;
    let rig = Rig::new().await;
    let dir = rig.dir.clone();
    let server = plant(0, &dir, vec![]).await;
    let mut s = settings(&server, Uuid::now_v7());
    s.connection.security_policy = SecurityPolicy::Basic256Sha256;
    s.connection.security_mode = SecurityMode::SignAndEncrypt;
    let id = s.connection.id;
    rig.bucket.put(&s).await.unwrap();
    let statuses = &rig.statuses;
    let connector = rig.connector();
    let fault = status(
        statuses,
        id,
        "FAULT, untrusted",
        Duration::from_secs(30),
        |s| s.state == ConnectionState::Fault && s.untrusted_certificate.is_some(),
    )
    .await;
    assert!(
        fault
            .last_error
            .as_deref()
            .unwrap_or_default()
            .contains("BadCertificateUntrusted"),
        "{fault:?}"
    );
    // Trusted (as the api does it): the waiting connection tries again at once.
    let der = base64::engine::general_purpose::STANDARD
        .decode(fault.untrusted_certificate_der.unwrap())
        .unwrap();
    let thumbprint = fault.untrusted_certificate.unwrap();
    assert_eq!(connect::pki::describe(&der).unwrap().0, thumbprint);
    bus::connections::Trust::open(&rig.js)
        .await
        .unwrap()
        .put(&thumbprint, &der)
        .await
        .unwrap();
    let ok = status(
        statuses,
        id,
        "CONNECTED once trusted",
        Duration::from_secs(5),
        |s| s.state == ConnectionState::Connected,
    )
    .await;
    assert_eq!(ok.untrusted_certificate, None);
    rig.end(connector, server).await;
}

/// Bytes the connector keeps on disk for its connections now.
fn kept_bytes(dir: &std::path::Path) -> u64 {
    fn walk(d: &std::path::Path) -> u64 {
        std::fs::read_dir(d)
            .into_iter()
            .flatten()
            .filter_map(Result::ok)
            .map(|e| {
                let p = e.path();
                if p.is_dir() {
                    walk(&p)
                } else if p.extension().is_some_and(|x| x == "log") {
                    e.metadata().map(|m| m.len()).unwrap_or(0)
                } else {
                    0
                }
            })
            .sum()
    }
    walk(&dir.join("connector").join("outbox"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn values_read_while_nats_is_down_are_kept_on_disk_and_sent_in_order_when_it_returns() {
    let mut rig = Rig::new().await;
    let server = plant(0, &rig.dir, vec![]).await;
    let s = settings(&server, Uuid::now_v7());
    let id = s.connection.id;
    rig.bucket.put(&s).await.unwrap();
    let mut heard = Box::pin(bus::plant::listen(&rig.client).await.unwrap());
    let connector = rig.connector();
    until(
        &mut heard,
        "the first value",
        Duration::from_secs(30),
        |m| process(m, "PRESS_CURRENT_A", 10.0),
    )
    .await;
    let before = status(
        &rig.statuses,
        id,
        "CONNECTED",
        Duration::from_secs(10),
        |s| s.state == ConnectionState::Connected && s.samples_published > 0,
    )
    .await
    .samples_published;

    // NATS goes away; the plant goes on. Each value read lands on the connector's disk.
    rig.nats.kill();
    for v in [31.0f64, 32.0, 33.0] {
        let before = kept_bytes(&rig.dir);
        server.set("L1.Press.Current", v).unwrap();
        let deadline = tokio::time::Instant::now() + Duration::from_secs(15);
        while kept_bytes(&rig.dir) <= before {
            assert!(
                tokio::time::Instant::now() < deadline,
                "{v} A was not kept on disk"
            );
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }

    // NATS returns: what was kept goes out, oldest first, and the disk empties.
    rig.nats.restart().await;
    // (The status stored before NATS went also said "nothing kept": wait for the three values
    // kept meanwhile to be counted as published.)
    let drained = status(&rig.statuses, id, "drained", Duration::from_secs(30), |s| {
        s.buffered == 0
            && s.state == ConnectionState::Connected
            && s.samples_published >= before + 3
    })
    .await;
    assert!(drained.samples_published >= 4, "{drained:?}");
    let mut currents = Vec::new();
    for m in testkit::stored_messages(&rig.js).await {
        if let Message::Process(e) = m {
            currents.extend(
                e.samples
                    .iter()
                    .filter(|p| p.parameter_code == "PRESS_CURRENT_A")
                    .map(|p| p.value),
            );
        }
    }
    assert_eq!(currents, [10.0, 31.0, 32.0, 33.0]);
    assert_eq!(kept_bytes(&rig.dir), 0);
    rig.end(connector, server).await;
}

/// More tags than a server takes in one subscription (async-opcua, like many PLCs, allows
/// 1,000 monitored items per subscription): the connection spreads them over several, and every
/// tag is read.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn more_tags_than_one_subscription_holds_are_all_read() {
    const TAGS: usize = 2_500;
    let rig = Rig::new().await;
    let server = plant(0, &rig.dir, vec![]).await;
    let tags: Vec<Tag> = (0..TAGS)
        .map(|i| {
            let path = format!("L1.Many.V{i}");
            server.add_variable("L1", &path, &format!("V{i}"), i as f64);
            tag(TagKind::Process, server.node_id(&path), &format!("V{i}"))
        })
        .collect();
    let mut s = settings(&server, Uuid::now_v7());
    s.connection.tags = tags;
    let id = s.connection.id;
    rig.bucket.put(&s).await.unwrap();
    let mut heard = Box::pin(bus::plant::listen(&rig.client).await.unwrap());
    let connector = rig.connector();
    let mut seen = std::collections::HashSet::new();
    tokio::time::timeout(Duration::from_secs(30), async {
        while seen.len() < TAGS {
            if let Some(Ok(Message::Process(e))) = heard.next().await {
                seen.extend(e.samples.iter().map(|p| p.parameter_code.clone()));
            }
        }
    })
    .await
    .unwrap_or_else(|_| panic!("{} of {TAGS} tags read", seen.len()));
    let reported = status(
        &rig.statuses,
        id,
        "every tag Good",
        Duration::from_secs(15),
        |s| s.tags.len() == TAGS && s.tags.iter().all(|t| t.status == "Good"),
    )
    .await;
    assert_eq!(reported.state, ConnectionState::Connected);
    rig.end(connector, server).await;
}
