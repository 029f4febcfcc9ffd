//! A three-node NATS JetStream cluster of the pinned nats-server (decision 121) on free
//! loopback ports, in a folder of its own, stopped when dropped: what the capacity sheet
//! measures NATS on, at one and at three replicas.

use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use anyhow::Context;

pub struct NatsCluster {
    pub urls: Vec<String>,
    children: Vec<Child>,
    dir: PathBuf,
}

/// The pinned nats-server of `scripts/nats-new.sh` (`NATS_SERVER_NEW`, else where that script
/// puts it in the checkout).
fn binary() -> anyhow::Result<PathBuf> {
    if let Ok(b) = std::env::var("NATS_SERVER_NEW") {
        return Ok(b.into());
    }
    let beside =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../.data/nats-server-2.15.1/nats-server");
    anyhow::ensure!(
        beside.exists(),
        "the capacity sheet needs the pinned nats-server: run scripts/nats-new.sh (make bench does)"
    );
    Ok(beside)
}

impl NatsCluster {
    /// Three nodes routed to each other; returns once every client port accepts and the
    /// cluster has a meta leader (JetStream answers).
    pub async fn start() -> anyhow::Result<NatsCluster> {
        let bin = binary()?;
        let dir =
            std::env::temp_dir().join(format!("batchline-capacity-nats-{}", uuid::Uuid::new_v4()));
        let ports: Vec<[u16; 2]> = (0..3)
            .map(|_| [testkit::free_port(), testkit::free_port()])
            .collect();
        let routes: Vec<String> = ports
            .iter()
            .map(|[_, r]| format!("nats-route://127.0.0.1:{r}"))
            .collect();
        let mut children = Vec::new();
        for (i, [client, route]) in ports.iter().enumerate() {
            let store = dir.join(format!("n{i}"));
            std::fs::create_dir_all(&store)?;
            let conf = dir.join(format!("n{i}.conf"));
            std::fs::write(
                &conf,
                format!(
                    "server_name: n{i}\nlisten: 127.0.0.1:{client}\n\
                     jetstream {{ store_dir: \"{}\" }}\n\
                     cluster {{ name: capacity\n listen: 127.0.0.1:{route}\n routes: [ {} ] }}\n",
                    store.display(),
                    routes.join(", ")
                ),
            )?;
            children.push(
                Command::new(&bin)
                    .arg("-c")
                    .arg(&conf)
                    .stdout(Stdio::null())
                    .stderr(Stdio::null())
                    .spawn()
                    .with_context(|| format!("starting {}", bin.display()))?,
            );
        }
        let cluster = NatsCluster {
            urls: ports
                .iter()
                .map(|[c, _]| format!("nats://127.0.0.1:{c}"))
                .collect(),
            children,
            dir,
        };
        // JetStream answers once the nodes elected a meta leader.
        let nats = bus::connect(&cluster.url()).await?;
        let js = async_nats::jetstream::new(nats);
        let deadline = Instant::now() + Duration::from_secs(60);
        while js.query_account().await.is_err() {
            anyhow::ensure!(
                Instant::now() < deadline,
                "the NATS cluster had no JetStream meta leader within 60 s"
            );
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
        Ok(cluster)
    }

    /// Every node, comma-separated (as `NATS_URL` takes them).
    pub fn url(&self) -> String {
        self.urls.join(",")
    }

    /// The nodes' process ids.
    pub fn pids(&self) -> Vec<u32> {
        self.children.iter().map(Child::id).collect()
    }
}

impl Drop for NatsCluster {
    fn drop(&mut self) {
        for c in &mut self.children {
            let _ = c.kill();
            let _ = c.wait();
        }
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}
