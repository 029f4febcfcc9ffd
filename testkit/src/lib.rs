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
    /// Its name, unique to it: a server reached on its port under another name is not ours.
    name: String,
    child: Option<Child>,
}

/// Why a started server is not ready.
enum NotReady {
    /// It ended (its port was taken between the look and its start).
    Exited,
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

    /// A free port is only free when it is looked at: another process (another test's
    /// server, a connection's own port) may take it before the server binds it. The server
    /// then ends, and is started again on another port; meanwhile whatever answers on the port
    /// is not taken for it (its name is checked).
    async fn start_with(mqtt_port: Option<u16>, binary: String) -> NatsServer {
        static STARTED: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
        let n = STARTED.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let name = format!("batchline_test_{}_{n}", std::process::id());
        let store = std::env::temp_dir().join(&name);
        std::fs::create_dir_all(&store).expect("nats store folder");
        let mut server = NatsServer {
            port: free_port(),
            store,
            mqtt_port,
            binary,
            name,
            child: None,
        };
        for _ in 0..5 {
            match server.spawn().await {
                Ok(()) => return server,
                Err(NotReady::Exited) => {
                    server.port = free_port();
                    if let Some(m) = server.mqtt_port.as_mut() {
                        *m = free_port();
                    }
                }
            }
        }
        panic!("{}", server.not_started("ended five times on free ports"));
    }

    fn not_started(&self, why: &str) -> String {
        format!(
            "nats-server {} on port {} {why}; its output:\n{}",
            self.binary,
            self.port,
            std::fs::read_to_string(self.store.join("server.log")).unwrap_or_default()
        )
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

    async fn spawn(&mut self) -> Result<(), NotReady> {
        let mut command = Command::new(&self.binary);
        match self.mqtt_port {
            None => {
                command
                    .args([
                        "-js",
                        "-n",
                        &self.name,
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
                        "server_name: {name}\nlisten: 127.0.0.1:{port}\n\
                         jetstream {{ store_dir: {store:?} }}\nmqtt {{ listen: 127.0.0.1:{mqtt} }}\n",
                        name = self.name,
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
        self.wait_ready().await
    }

    /// Polls until JetStream answers (the port opens slightly before JetStream is ready) —
    /// on this server: another one answering on the port is not it.
    async fn wait_ready(&mut self) -> Result<(), NotReady> {
        let deadline = Instant::now() + Duration::from_secs(20);
        loop {
            if let Some(child) = self.child.as_mut()
                && !matches!(child.try_wait(), Ok(None))
            {
                self.child = None;
                return Err(NotReady::Exited);
            }
            if let Ok(Ok(client)) =
                tokio::time::timeout(Duration::from_secs(1), async_nats::connect(self.url())).await
                && client.server_info().server_name == self.name
            {
                let info = tokio::time::timeout(
                    Duration::from_secs(1),
                    client.request("$JS.API.INFO", "".into()),
                )
                .await;
                if matches!(info, Ok(Ok(ref m)) if m.payload.starts_with(b"{")) {
                    return Ok(());
                }
            }
            assert!(
                Instant::now() < deadline,
                "{}",
                self.not_started("did not become ready")
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
        if self.spawn().await.is_err() {
            panic!(
                "{}",
                self.not_started("ended on restart (its port taken meanwhile?)")
            );
        }
    }
}

impl Drop for NatsServer {
    fn drop(&mut self) {
        self.kill();
        let _ = std::fs::remove_dir_all(&self.store);
    }
}

/// One message for [`publish_all`]: `(subject, Nats-Msg-Id, payload)`.
pub type Published = (String, String, Vec<u8>);

/// The envelope as a gateway publishes it: its subject, its id as the message id, its JSON.
pub fn encoded<T: model::wire::Sample>(e: &model::wire::Envelope<T>) -> Published {
    (
        e.subject(),
        e.id.to_string(),
        serde_json::to_vec(e).expect("an envelope encodes"),
    )
}

/// Publishes `(subject, Nats-Msg-Id, payload)` messages to JetStream with the simulator's
/// publisher (a bounded window of 256 acks, retried with the same id until the stream takes
/// each one); a test fails instead of hanging when the stream never acknowledges them.
pub async fn publish_all(js: &async_nats::jetstream::Context, messages: Vec<Published>) {
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

#[cfg(test)]
mod tests {
    use super::*;

    /// A server whose port another server took first ends, and is not mistaken for the one
    /// answering there; started again, it comes up on a port of its own.
    #[tokio::test]
    async fn a_server_whose_port_was_taken_is_not_mistaken_for_the_one_there() {
        let first = NatsServer::start().await;
        let mut second = NatsServer {
            port: first.port,
            store: std::env::temp_dir()
                .join(format!("batchline_test_taken_{}", std::process::id())),
            mqtt_port: None,
            binary: binary(),
            name: format!("batchline_test_taken_{}", std::process::id()),
            child: None,
        };
        std::fs::create_dir_all(&second.store).unwrap();
        assert!(matches!(second.spawn().await, Err(NotReady::Exited)));
        let other = NatsServer::start().await;
        assert_ne!(other.port, first.port);
        let client = async_nats::connect(other.url()).await.unwrap();
        assert_eq!(client.server_info().server_name, other.name);
    }
}
