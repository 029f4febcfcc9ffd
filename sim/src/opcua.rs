//! The simulator as an OPC UA server (issue 32): a real server (async-opcua) on loopback that a
//! connector reaches as it would a controller. Each line is a folder under Objects; its
//! variables are string node ids `ns=<ns>;s=<line>.<path>` in the namespace [`NAMESPACE`].
//! The server offers security policy None and, for connections that ask for it, Basic256Sha256,
//! Aes128_Sha256_RsaOaep and Aes256_Sha256_RsaPss in Sign and SignAndEncrypt; it trusts any
//! client certificate (a controller's own trust list is configured at the controller), and
//! signs in the configured users, or anonymous ones when none are.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;

use anyhow::{Context, anyhow};
use opcua::crypto::SecurityPolicy;
use opcua::server::address_space::Variable;
use opcua::server::diagnostics::NamespaceMetadata;
use opcua::server::node_manager::memory::{
    InMemoryNodeManager, SimpleNodeManager, SimpleNodeManagerImpl, simple_node_manager,
};
use opcua::server::{ANONYMOUS_USER_TOKEN_ID, ServerBuilder, ServerHandle, ServerUserToken};
use opcua::types::{DataValue, MessageSecurityMode, NodeId, Variant};
use tokio::task::JoinHandle;

/// The namespace of the plant's nodes.
pub const NAMESPACE: &str = "urn:batchline:plant";

/// How the server is started.
#[derive(Debug, Clone)]
pub struct Options {
    /// The port to listen on (0: any free one, see [`PlantServer::endpoint`]).
    pub port: u16,
    /// Where the server keeps its certificate and the client certificates it saw.
    pub pki_dir: PathBuf,
    /// Users and passwords that may sign in; none: anonymous sign-in.
    pub users: Vec<(String, String)>,
}

/// A running server.
pub struct PlantServer {
    handle: ServerHandle,
    manager: Arc<InMemoryNodeManager<SimpleNodeManagerImpl>>,
    ns: u16,
    addr: SocketAddr,
    task: JoinHandle<()>,
}

impl PlantServer {
    pub async fn start(o: Options) -> anyhow::Result<PlantServer> {
        let listener = tokio::net::TcpListener::bind(("127.0.0.1", o.port))
            .await
            .with_context(|| format!("binding the OPC UA server to port {}", o.port))?;
        let addr = listener.local_addr()?;
        let mut tokens: Vec<String> = Vec::new();
        let mut b = ServerBuilder::new()
            .application_name("Batchline simulated plant")
            .application_uri("urn:batchline:sim")
            .product_uri("urn:batchline:sim")
            .create_sample_keypair(true)
            .certificate_path("own/cert.der")
            .private_key_path("private/private.pem")
            .pki_dir(&o.pki_dir)
            .trust_client_certs(true)
            .host("127.0.0.1")
            .port(addr.port())
            .discovery_urls(vec!["/".to_owned()])
            .with_node_manager(simple_node_manager(
                NamespaceMetadata {
                    namespace_uri: NAMESPACE.to_owned(),
                    ..Default::default()
                },
                "plant",
            ));
        // A controller samples its variables every scan: subscriptions are looked at every
        // 10 ms and items may sample that fast (async-opcua's default is 100 ms for both, which
        // would hold every change up to 100 ms before a publish could carry it).
        b = b.subscription_poll_interval_ms(10);
        b.limits_mut().subscriptions.min_sampling_interval_ms = 10.0;
        b.limits_mut().subscriptions.min_publishing_interval_ms = 10.0;
        if o.users.is_empty() {
            tokens.push(ANONYMOUS_USER_TOKEN_ID.to_string());
        }
        for (i, (user, pass)) in o.users.iter().enumerate() {
            let id = format!("user{i}");
            b = b.add_user_token(&id, ServerUserToken::user_pass(user.clone(), pass.clone()));
            tokens.push(id);
        }
        let ids: Vec<&str> = tokens.iter().map(String::as_str).collect();
        b = b.add_endpoint(
            "none",
            (
                "/",
                SecurityPolicy::None,
                MessageSecurityMode::None,
                &ids as &[&str],
            ),
        );
        for (name, policy) in [
            ("basic256sha256", SecurityPolicy::Basic256Sha256),
            ("aes128", SecurityPolicy::Aes128Sha256RsaOaep),
            ("aes256", SecurityPolicy::Aes256Sha256RsaPss),
        ] {
            for (mode_name, mode) in [
                ("sign", MessageSecurityMode::Sign),
                ("sign_encrypt", MessageSecurityMode::SignAndEncrypt),
            ] {
                b = b.add_endpoint(
                    format!("{name}_{mode_name}"),
                    ("/", policy, mode, &ids as &[&str]),
                );
            }
        }
        let (server, handle) = b.build().map_err(|e| anyhow!("OPC UA server: {e}"))?;
        let manager = handle
            .node_managers()
            .get_of_type::<SimpleNodeManager>()
            .ok_or_else(|| anyhow!("OPC UA server: no node manager"))?;
        let ns = handle
            .get_namespace_index(NAMESPACE)
            .ok_or_else(|| anyhow!("OPC UA server: no namespace"))?;
        let task = tokio::spawn(async move {
            if let Err(e) = server.run_with(listener).await {
                tracing::error!("OPC UA server: {e}");
            }
        });
        Ok(PlantServer {
            handle,
            manager,
            ns,
            addr,
            task,
        })
    }

    /// The endpoint URL a connection names (`opc.tcp://127.0.0.1:<port>/`).
    pub fn endpoint(&self) -> String {
        format!("opc.tcp://{}/", self.addr)
    }

    pub fn port(&self) -> u16 {
        self.addr.port()
    }

    /// The namespace index of the plant's nodes.
    pub fn namespace(&self) -> u16 {
        self.ns
    }

    fn node(&self, path: &str) -> NodeId {
        NodeId::new(self.ns, path)
    }

    /// The string form of the node `path` (`ns=2;s=L1.Press.Current`), as a tag names it.
    pub fn node_id(&self, path: &str) -> String {
        self.node(path).to_string()
    }

    /// Adds the folder `path` (`L1`, `L1.Press`) under `parent` (Objects when `None`).
    pub fn add_folder(&self, path: &str, name: &str, parent: Option<&str>) {
        let parent = parent.map_or_else(NodeId::objects_folder_id, |p| self.node(p));
        self.manager
            .address_space()
            .write()
            .add_folder(&self.node(path), name, name, &parent);
    }

    /// Adds a variable `path` under the folder `folder`, readable and writable, with its first
    /// value (whose type is the variable's data type).
    pub fn add_variable(&self, folder: &str, path: &str, name: &str, value: impl Into<Variant>) {
        let mut v = Variable::new(&self.node(path), name, name, value);
        v.set_writable(true);
        v.set_user_access_level(
            opcua::nodes::AccessLevel::CURRENT_READ | opcua::nodes::AccessLevel::CURRENT_WRITE,
        );
        self.manager
            .address_space()
            .write()
            .add_variables(vec![v], &self.node(folder));
    }

    /// Sets the variable `path` to `value` now, telling every subscription.
    pub fn set(&self, path: &str, value: impl Into<Variant>) -> anyhow::Result<()> {
        self.manager
            .set_value(
                self.handle.subscriptions(),
                &self.node(path),
                None,
                DataValue::new_now(value.into()),
            )
            .map_err(|s| anyhow!("setting {path}: {s}"))
    }

    /// The variable's value now.
    pub fn get(&self, path: &str) -> Option<Variant> {
        let space = self.manager.address_space().read();
        let node = space.find(&self.node(path))?;
        match node {
            opcua::nodes::NodeType::Variable(v) => {
                v.value(
                    opcua::types::TimestampsToReturn::Neither,
                    &opcua::types::NumericRange::None,
                    &opcua::types::DataEncoding::Binary,
                    0.0,
                )
                .value
            }
            _ => None,
        }
    }

    /// Stops the server: its sessions end, its port closes.
    pub async fn stop(self) {
        self.handle.cancel();
        let _ = self.task.await;
    }
}
