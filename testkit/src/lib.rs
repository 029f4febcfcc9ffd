//! Test helpers shared by the integration tests: a private `nats-server` with JetStream per
//! test, on a free port with its own store folder, killed when dropped. `restart` stops it
//! and starts it again on the same port and store, which is how tests restart NATS.

use std::net::TcpListener;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

pub mod postgres;
pub mod samples;

/// A running private `nats-server -js`.
pub struct NatsServer {
    pub port: u16,
    pub store: PathBuf,
    /// The port of its MQTT listener ([`NatsServer::start_with_mqtt`]).
    pub mqtt_port: Option<u16>,
    /// The nats-server binary it runs.
    binary: String,
    child: Option<Child>,
}

fn binary() -> String {
    std::env::var("NATS_SERVER_BIN").unwrap_or_else(|_| {
        ["/usr/sbin/nats-server", "/usr/bin/nats-server"]
            .into_iter()
            .find(|p| std::path::Path::new(p).exists())
            .unwrap_or("nats-server")
            .to_string()
    })
}

/// The pinned newer nats-server of `scripts/nats-new.sh` (`NATS_SERVER_NEW`, else where that
/// script puts it).
fn new_binary() -> String {
    if let Ok(b) = std::env::var("NATS_SERVER_NEW") {
        return b;
    }
    let beside = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../.data/nats-server-2.15.1/nats-server");
    assert!(
        beside.exists(),
        "this test needs nats-server ≥ 2.10: run scripts/nats-new.sh (make test does)"
    );
    beside.to_string_lossy().into_owned()
}

/// A port nothing listens on now (the OS picks it).
pub fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free port")
}

impl NatsServer {
    /// Starts a server and waits until it accepts connections.
    pub async fn start() -> NatsServer {
        Self::start_on(None).await
    }

    /// Starts a server with its MQTT listener on a free port too (as `scripts/services.sh`
    /// runs it: MQTT needs JetStream and a server name).
    pub async fn start_with_mqtt() -> NatsServer {
        Self::start_on(Some(free_port())).await
    }

    /// The same on the pinned newer nats-server (`scripts/nats-new.sh`): Sparkplug B topics
    /// (`spBv1.0/…`) need nats-server ≥ 2.10, Debian's is 2.9.10 (decision 107).
    pub async fn start_new_with_mqtt() -> NatsServer {
        Self::start_with(Some(free_port()), new_binary()).await
    }

    async fn start_on(mqtt_port: Option<u16>) -> NatsServer {
        Self::start_with(mqtt_port, binary()).await
    }

    async fn start_with(mqtt_port: Option<u16>, binary: String) -> NatsServer {
        let store = std::env::temp_dir().join(format!(
            "batchline-nats-{}-{}",
            std::process::id(),
            free_port()
        ));
        std::fs::create_dir_all(&store).expect("nats store folder");
        let mut server = NatsServer {
            port: free_port(),
            store,
            mqtt_port,
            binary,
            child: None,
        };
        server.spawn().await;
        server
    }

    pub fn url(&self) -> String {
        format!("nats://127.0.0.1:{}", self.port)
    }

    /// A client that keeps reconnecting (so it survives [`NatsServer::restart`]).
    pub async fn client(&self) -> async_nats::Client {
        async_nats::ConnectOptions::new()
            .retry_on_initial_connect()
            .connect(self.url())
            .await
            .expect("connect to the test nats-server")
    }

    async fn spawn(&mut self) {
        let mut command = Command::new(&self.binary);
        match self.mqtt_port {
            None => {
                command
                    .args([
                        "-js",
                        "-a",
                        "127.0.0.1",
                        "-p",
                        &self.port.to_string(),
                        "-sd",
                    ])
                    .arg(&self.store);
            }
            Some(mqtt) => {
                let conf = self.store.join("nats.conf");
                std::fs::write(
                    &conf,
                    format!(
                        "server_name: test_{port}\nlisten: 127.0.0.1:{port}\n\
                         jetstream {{ store_dir: {store:?} }}\nmqtt {{ listen: 127.0.0.1:{mqtt} }}\n",
                        port = self.port,
                        store = self.store.join("js"),
                    ),
                )
                .expect("nats config");
                command.arg("-c").arg(conf);
            }
        }
        // Its log beside its store, shown when it does not come up (a build that installs but
        // does not serve on a machine says why there).
        let log = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(self.store.join("server.log"))
            .expect("nats log file");
        let child = command
            .stdout(Stdio::null())
            .stderr(log)
            .spawn()
            .expect("nats-server must be installed (scripts/install-deps.sh)");
        self.child = Some(child);
        self.wait_ready().await;
    }

    /// Polls until JetStream answers (the port opens slightly before JetStream is ready).
    async fn wait_ready(&self) {
        let deadline = Instant::now() + Duration::from_secs(20);
        loop {
            if let Ok(Ok(client)) =
                tokio::time::timeout(Duration::from_secs(1), async_nats::connect(self.url())).await
            {
                let info = tokio::time::timeout(
                    Duration::from_secs(1),
                    client.request("$JS.API.INFO", "".into()),
                )
                .await;
                if matches!(info, Ok(Ok(ref m)) if m.payload.starts_with(b"{")) {
                    return;
                }
            }
            assert!(
                Instant::now() < deadline,
                "nats-server {} on port {} did not become ready; its output:\n{}",
                self.binary,
                self.port,
                std::fs::read_to_string(self.store.join("server.log")).unwrap_or_default()
            );
            tokio::task::yield_now().await;
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }

    /// Kills the server (as a crash would) and waits for the process to end.
    pub fn kill(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }

    /// Kills the server and starts it again on the same port and store.
    pub async fn restart(&mut self) {
        self.kill();
        self.spawn().await;
    }
}

impl Drop for NatsServer {
    fn drop(&mut self) {
        self.kill();
        let _ = std::fs::remove_dir_all(&self.store);
    }
}

/// Publishes `(subject, Nats-Msg-Id, payload)` messages to JetStream with the simulator's
/// publisher (a bounded window of 256 acks, retried with the same id until the stream takes
/// each one); a test fails instead of hanging when the stream never acknowledges them.
pub async fn publish_all(
    js: &async_nats::jetstream::Context,
    messages: Vec<(String, String, Vec<u8>)>,
) {
    let mut publisher = bus::Publisher::new(js.clone(), 256);
    let all = async {
        for (subject, id, payload) in messages {
            publisher.send_raw(subject, id, payload.into()).await;
        }
        publisher.flush().await;
    };
    tokio::time::timeout(Duration::from_secs(120), all)
        .await
        .expect("JetStream acknowledged every message within 120 s");
}

/// Polls the count `sql` answers until `ok` accepts it, failing the test after `within`.
pub async fn wait_count(
    pool: &sqlx::PgPool,
    sql: &'static str,
    ok: impl Fn(i64) -> bool,
    within: Duration,
) -> i64 {
    let deadline = Instant::now() + within;
    loop {
        let n: i64 = sqlx::query_scalar(sql)
            .fetch_one(pool)
            .await
            .expect("count query");
        if ok(n) {
            return n;
        }
        assert!(
            Instant::now() < deadline,
            "{sql}: still {n} after {within:?}"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// Every message the PLANT stream holds now, oldest first, read as ingest reads it (a message
/// it refuses is left out).
pub async fn stored_messages(js: &async_nats::jetstream::Context) -> Vec<model::wire::Message> {
    let stream = bus::plant::stream(js).await.expect("the PLANT stream");
    let last = stream
        .clone()
        .info()
        .await
        .expect("the stream's info")
        .state
        .last_sequence;
    let mut out = Vec::new();
    for seq in 1..=last {
        let Ok(m) = stream.get_raw_message(seq).await else {
            continue;
        };
        if let Ok(message) = model::wire::Message::accept(
            &m.subject,
            &m.payload,
            &Default::default(),
            chrono::Utc::now(),
        ) {
            out.push(message);
        }
    }
    out
}

/// Waits until connection `id`'s reported status satisfies `wanted` (failing the test after
/// `limit`, with the last status reported); answers it.
pub async fn connection_status(
    statuses: &bus::connections::Statuses,
    id: uuid::Uuid,
    what: &str,
    limit: Duration,
    wanted: impl Fn(&model::connect::ConnectionStatus) -> bool,
) -> model::connect::ConnectionStatus {
    let deadline = Instant::now() + limit;
    let mut last = None;
    while Instant::now() < deadline {
        if let Some(s) = statuses.get(id).await.expect("the statuses bucket") {
            if wanted(&s) {
                return s;
            }
            last = Some(s);
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("{what}: not reported within {limit:?}; last: {last:#?}");
}
