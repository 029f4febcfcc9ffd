//! The simulated plant reached over OPC UA (issue 32): `batchline simulate --opcua PORT` and
//! `DEMO_PLANT=opcua` play each configured line's controller on one OPC UA server, a folder
//! per line (its code) with the batching interface (docs/plant-interface.md) and the line's
//! values, and give each line a connection "Simulated controller" that maps them, so the
//! connector carries the plant's data and orders as it would a real plant's.

use std::sync::Arc;

use anyhow::{Context, bail};
use app::App;
use model::connect::{ConnectionInput, Protocol, SecurityMode, SecurityPolicy};
use sim::{OpcuaPlant, SimLine};
use uuid::Uuid;

/// The name of the connection each simulated line is given.
pub const CONNECTION_NAME: &str = "Simulated controller";
/// Who the connections are saved by (the audit's actor).
const ACTOR: &str = "simulator";

/// `--opcua PORT` taken out of `args`: the port and the other arguments.
pub fn opcua_port(args: &[String]) -> anyhow::Result<(Option<u16>, Vec<String>)> {
    let mut rest = Vec::new();
    let mut port = None;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        if a == "--opcua" {
            let Some(p) = it.next().and_then(|p| p.parse::<u16>().ok()) else {
                bail!("--opcua takes a port (0: any free one)");
            };
            port = Some(p);
        } else {
            rest.push(a.clone());
        }
    }
    Ok((port, rest))
}

/// Starts the plant's OPC UA server on `port` (its certificate under `<data_dir>/sim-opcua-pki`).
pub async fn start_server(data_dir: &std::path::Path, port: u16) -> anyhow::Result<OpcuaPlant> {
    let server = sim::opcua::PlantServer::start(sim::opcua::Options {
        port,
        pki_dir: data_dir.join("sim-opcua-pki"),
        users: Vec::new(),
    })
    .await
    .context("starting the simulated plant's OPC UA server")?;
    tracing::info!(endpoint = %server.endpoint(), "simulated controllers serve OPC UA");
    Ok(OpcuaPlant(Arc::new(server)))
}

/// The connection that maps simulated line `code`'s controller on `server`.
pub fn simulated_connection(server: &OpcuaPlant, line: Uuid, code: &str) -> ConnectionInput {
    let ns = server.0.namespace();
    let node = |path: &str| format!("ns={ns};s={code}.{path}");
    let tags = sim::plc::generic_tags()
        .into_iter()
        .map(|mut t| {
            t.node_id = node(&t.node_id);
            t.ack_node_id = t.ack_node_id.as_deref().map(node);
            t
        })
        .collect();
    ConnectionInput {
        line_id: Some(line.to_string()),
        name: Some(CONNECTION_NAME.into()),
        protocol: Some(Protocol::Opcua),
        endpoint: Some(server.0.endpoint()),
        security_policy: Some(SecurityPolicy::None),
        security_mode: Some(SecurityMode::None),
        username: None,
        password: None,
        enabled: Some(true),
        sampling_ms: Some(100),
        interface_node: Some(format!("ns={ns};s={code}")),
        tags: Some(tags),
    }
}

/// Gives each of `lines` its "Simulated controller" connection to `server`: created, or
/// brought up to date (the server's port may differ from the last run).
pub async fn ensure_connections(
    app: &App,
    server: &OpcuaPlant,
    lines: &[SimLine],
) -> anyhow::Result<()> {
    for l in lines {
        let Ok(line) = Uuid::parse_str(&l.id) else {
            continue;
        };
        let input = simulated_connection(server, line, &l.code);
        let existing = app::connections::list(app, Some(&l.id))
            .await
            .map_err(|e| anyhow::anyhow!("{e:?}"))?
            .into_iter()
            .find(|c| c.name == CONNECTION_NAME);
        match existing {
            Some(c) => {
                app::connections::edit(app, ACTOR, &c.id.to_string(), &input)
                    .await
                    .map_err(|e| anyhow::anyhow!("{e:?}"))?;
            }
            None => {
                app::connections::create(app, ACTOR, &input)
                    .await
                    .map_err(|e| anyhow::anyhow!("{e:?}"))?;
            }
        }
    }
    Ok(())
}
