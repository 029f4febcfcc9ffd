//! The live pipeline commands: `ingest`, `stream`, `simulate`, and `all` (api + ingest + stream
//! on the api's port + simulator in one process). Their settings come from the environment
//! (simulate also takes `--lines`, `--speed`, `--rate`, `--seed`). The simulator runs the
//! configured lines when there are any, else `--lines` lines named `L1..Ln`.

use std::time::Duration;

use anyhow::{Context, bail};
use tokio_util::sync::CancellationToken;

use crate::settings::{Settings, var};

fn parsed<T: std::str::FromStr>(
    name: &str,
    value: Option<String>,
    default: T,
) -> anyhow::Result<T> {
    match value {
        None => Ok(default),
        Some(v) => v
            .parse()
            .map_err(|_| anyhow::anyhow!("{name} must be a number, not {v:?}")),
    }
}

/// `INGEST_BATCH_SIZE` (samples per transaction), `INGEST_WRITERS`, `PLANT_STREAM_MAX_BYTES`, `PLANT_STREAM_MAX_AGE_SECONDS`.
fn ingest_config() -> anyhow::Result<ingest::Config> {
    let mut c = ingest::Config::default();
    c.batch_size = parsed("INGEST_BATCH_SIZE", var("INGEST_BATCH_SIZE"), c.batch_size)?;
    c.stream.max_bytes = parsed(
        "PLANT_STREAM_MAX_BYTES",
        var("PLANT_STREAM_MAX_BYTES"),
        c.stream.max_bytes,
    )?;
    c.stream.max_age = Duration::from_secs(parsed(
        "PLANT_STREAM_MAX_AGE_SECONDS",
        var("PLANT_STREAM_MAX_AGE_SECONDS"),
        0,
    )?);
    c.writers = parsed("INGEST_WRITERS", var("INGEST_WRITERS"), c.writers)?;
    c.stream.max_ack_pending = c.stream.max_ack_pending.max(4 * c.batch_size as i64);
    Ok(c)
}

/// `WS_ALLOWED_ORIGINS` (comma-separated; the socket's own host is always allowed).
fn stream_config() -> stream::Config {
    let allowed_origins = var("WS_ALLOWED_ORIGINS")
        .map(|v| {
            v.split(',')
                .map(|s| s.trim().to_string())
                .filter(|s| !s.is_empty())
                .collect()
        })
        .unwrap_or_default();
    stream::Config {
        allowed_origins,
        ..Default::default()
    }
}

/// `SIM_LINES`, `SIM_SPEED`, `SIM_RATE`, `SIM_SEED`, overridden by `--lines`, `--speed`,
/// `--rate`, `--seed`.
fn sim_config(args: &[String]) -> anyhow::Result<sim::Config> {
    let mut c = sim::Config {
        speed: 2.0,
        ..Default::default()
    };
    c.lines = parsed("SIM_LINES", var("SIM_LINES"), c.lines)?;
    c.speed = parsed("SIM_SPEED", var("SIM_SPEED"), c.speed)?;
    c.seed = parsed("SIM_SEED", var("SIM_SEED"), c.seed)?;
    c.rate = var("SIM_RATE")
        .map(|r| parsed("SIM_RATE", Some(r), 0))
        .transpose()?;
    let mut it = args.iter();
    while let Some(flag) = it.next() {
        let value = it.next().cloned();
        match flag.as_str() {
            "--lines" => c.lines = parsed("--lines", value, c.lines)?,
            "--speed" => c.speed = parsed("--speed", value, c.speed)?,
            "--seed" => c.seed = parsed("--seed", value, c.seed)?,
            "--rate" => c.rate = Some(parsed("--rate", value, 0)?),
            other => bail!(
                "unknown option {other:?} (simulate takes --lines N --speed X --rate N --seed N)"
            ),
        }
    }
    if c.lines == 0 || c.lines > 200 || c.speed <= 0.0 {
        bail!("simulate needs 1..=200 lines and a positive speed");
    }
    Ok(c)
}

/// Cancels `token` on Ctrl-C or SIGTERM.
fn cancel_on_signal(token: &CancellationToken) {
    let token = token.clone();
    tokio::spawn(async move {
        crate::shutdown_signal().await;
        token.cancel();
    });
}

/// Serves `/metrics` on `METRICS_ADDR` when set (every service; the api's own port has none).
pub(crate) async fn metrics_endpoint(token: &CancellationToken) -> anyhow::Result<()> {
    api::ops::prometheus();
    let Some(addr) = var("METRICS_ADDR") else {
        return Ok(());
    };
    let listener = tokio::net::TcpListener::bind(&addr)
        .await
        .with_context(|| format!("binding METRICS_ADDR {addr}"))?;
    let router = axum::Router::new().route("/metrics", axum::routing::get(api::ops::metrics));
    let token = token.clone();
    tokio::spawn(api::serve::serve_router(
        router,
        listener,
        api::serve::Connections::default(),
        token.cancelled_owned(),
    ));
    tracing::info!(%addr, "metrics on /metrics");
    Ok(())
}

pub async fn ingest(settings: &Settings) -> anyhow::Result<()> {
    let token = CancellationToken::new();
    cancel_on_signal(&token);
    metrics_endpoint(&token).await?;
    // Postgres may still be starting (or down): wait for it rather than exit and crash-loop.
    let mut backoff = ingest::Backoff::new(Duration::from_secs(10));
    let pool = loop {
        match crate::migrate(settings, crate::Pool::Ingest).await {
            Ok(pool) => break pool,
            Err(e) => tracing::warn!("waiting for Postgres: {e:#}"),
        }
        tokio::select! {
            _ = backoff.wait() => {},
            _ = token.cancelled() => return Ok(()),
        }
    };
    let js = async_nats::jetstream::new(settings.connect_nats().await?);
    ingest::run(pool, js, ingest_config()?, token.cancelled_owned()).await
}

/// The ids of the configured lines, ordered by code, for the simulator: live data then carries
/// the ids the web knows the lines by. Empty (the simulator names its lines `L1..Ln`) when no
/// line is configured or the database cannot be read.
pub(crate) async fn configured_lines(pool: &db::PgPool) -> Vec<sim::SimLine> {
    let read = async {
        let lines = db::config::line_codes(pool).await?;
        let bins = db::config::line_bins(pool, None).await?;
        Ok::<_, db::DbError>((lines, bins))
    };
    match read.await {
        Ok((lines, bins)) => {
            if !lines.is_empty() {
                tracing::info!(lines = lines.len(), "simulating the configured lines");
            }
            let mut bins = sim::bins::by_line(bins);
            match db::lots::held_portions(pool).await {
                Ok(held) => sim::bins::with_lots(&mut bins, held),
                Err(e) => tracing::warn!("cannot read the lots in the bins ({e})"),
            }
            lines
                .into_iter()
                .map(|(id, code)| sim::SimLine {
                    bins: bins.remove(&id).unwrap_or_default(),
                    id,
                    code,
                })
                .collect()
        }
        Err(e) => {
            tracing::warn!("cannot read the configured lines ({e}); simulating L1..Ln");
            Vec::new()
        }
    }
}

/// The plant's intake as the demo runs it: a refill takes the oldest released lot of the
/// material with enough left, and when there is none a new lot is received (released on its
/// certificate, from the material's approved supplier), as the mill's weighbridge would
/// record it (`sim::Config::intake`).
pub(crate) fn intake(pool: &db::PgPool) -> sim::Intake {
    let pool = pool.clone();
    sim::Intake(std::sync::Arc::new(
        move |line: String, material: String, kg: f64| {
            let pool = pool.clone();
            Box::pin(async move {
                match db::lots::lot_for_intake(&pool, &line, &material, kg).await {
                    Ok(Some(lot)) => return Some(lot),
                    Ok(None) => {}
                    Err(e) => {
                        tracing::warn!("cannot choose a lot for {material} ({e})");
                        return None;
                    }
                }
                db::lots::receive_for_intake(&pool, &line, &material, kg, chrono::Utc::now())
                    .await
                    .unwrap_or_else(|e| {
                        tracing::warn!("cannot receive a lot of {material} ({e})");
                        None
                    })
            })
        },
    ))
}

/// Reads a line's configured bins when it appears on the order board after the simulator
/// started (`sim::Config::bins_of`).
pub(crate) fn bins_of(pool: &db::PgPool) -> sim::BinsOf {
    let pool = pool.clone();
    sim::BinsOf(std::sync::Arc::new(move |line: String| {
        let pool = pool.clone();
        Box::pin(async move {
            match db::config::line_bins(&pool, None).await {
                Ok(rows) => sim::bins::by_line(rows).remove(&line).unwrap_or_default(),
                Err(e) => {
                    tracing::warn!("cannot read the bins of line {line} ({e})");
                    Vec::new()
                }
            }
        })
    }))
}

pub async fn simulate(settings: &Settings, args: &[String]) -> anyhow::Result<()> {
    let (opcua, args) = crate::simulated::opcua_port(args)?;
    let mut config = sim_config(&args)?;
    let token = CancellationToken::new();
    cancel_on_signal(&token);
    let nats = settings.connect_nats().await?;
    if let Some(port) = opcua {
        config.opcua = Some(crate::simulated::start_server(&settings.data_dir, port).await?);
    }
    match db::connect(&settings.database_url, 1).await {
        Ok(pool) => {
            // The configured lines take their orders from the board (or, over OPC UA, from
            // their connections).
            config.configured = configured_lines(&pool).await;
            config.bins_of = Some(bins_of(&pool));
            config.intake = Some(intake(&pool));
            config.board = true;
            if let Some(server) = &config.opcua {
                let app = app::App::new(pool, Some(nats.clone()));
                crate::simulated::ensure_connections(&app, server, &config.configured).await?;
            }
        }
        Err(e) => tracing::warn!(
            "cannot reach {} ({e}); simulating L1..Ln",
            settings.redacted_database_url()
        ),
    }
    let js = async_nats::jetstream::new(nats);
    sim::run(js, config, token.cancelled_owned()).await
}

/// The connector's settings: `DATA_DIR`, and `CONNECT_BUFFER_BYTES` (what each connection
/// keeps on disk at most while NATS is unreachable).
fn connector_options(settings: &Settings) -> anyhow::Result<connect::Options> {
    let mut o = connect::Options::new(settings.data_dir.clone());
    if let Some(url) = var("MQTT_URL") {
        o.mqtt = Some(
            connect::mqtt::broker(&url)
                .with_context(|| format!("MQTT_URL={url:?} is not mqtt://host:port"))?,
        );
    }
    if let Some(v) = var("CONNECT_BUFFER_BYTES") {
        o.buffer_bytes = v
            .parse()
            .with_context(|| format!("CONNECT_BUFFER_BYTES={v:?} is not a number of bytes"))?;
    }
    Ok(o)
}

/// The connector alone (issue 32): it needs NATS and its own directory, not the database.
pub async fn connector(settings: &Settings) -> anyhow::Result<()> {
    let token = CancellationToken::new();
    cancel_on_signal(&token);
    metrics_endpoint(&token).await?;
    let nats = settings.connect_nats().await?;
    connect::run(nats, connector_options(settings)?, token).await
}

/// `/ws` alone on `STREAM_ADDR` (default 127.0.0.1:8081), checking tokens like the api.
pub async fn stream(settings: &Settings) -> anyhow::Result<()> {
    let token = CancellationToken::new();
    metrics_endpoint(&token).await?;
    let state = crate::state(settings, true, crate::Pool::Stream).await?;
    let nats = state.nats.clone().context("NATS client")?;
    let live = stream::Stream::start(&state.pool, nats, stream_config()).await?;
    let addr = var("STREAM_ADDR").unwrap_or_else(|| "127.0.0.1:8081".into());
    let listener = crate::listen(&addr).await?;
    let router = live.router(state.sessions());
    let result = api::serve(state, router, listener, crate::shutdown_signal()).await;
    live.stop();
    token.cancel();
    result
}

/// Everything in one process: the api with `/ws` on its port, ingest and the simulator.
pub async fn all(settings: &Settings) -> anyhow::Result<()> {
    let token = CancellationToken::new();
    cancel_on_signal(&token);
    metrics_endpoint(&token).await?;
    let mut state = crate::state(settings, true, crate::Pool::Api).await?;
    crate::ensure_super_user(&state).await?;
    crate::read_from_standby(&mut state, &token)?;
    let nats = state.nats.clone().context("NATS client")?;
    let js = async_nats::jetstream::new(nats.clone());
    // Ingest writes through a pool of its own, with the default plan caching (decision 71).
    let ingest_pool = crate::connect(settings, crate::Pool::Ingest).await?;
    let ingest_task = tokio::spawn(ingest::run(
        ingest_pool,
        js.clone(),
        ingest_config()?,
        token.clone().cancelled_owned(),
    ));
    let mut sim = sim::Config {
        configured: configured_lines(&state.pool).await,
        bins_of: Some(bins_of(&state.pool)),
        intake: Some(intake(&state.pool)),
        board: true,
        ..sim_config(&[])?
    };
    // DEMO_PLANT=opcua: the plant's controllers serve OPC UA (on OPCUA_PORT) and the
    // connector carries their data and orders.
    if var("DEMO_PLANT").as_deref() == Some("opcua") {
        let port = parsed("OPCUA_PORT", var("OPCUA_PORT"), 54840u16)?;
        let server = crate::simulated::start_server(&settings.data_dir, port).await?;
        crate::simulated::ensure_connections(&state.app, &server, &sim.configured).await?;
        sim.opcua = Some(server);
    }
    tokio::spawn(app::board::keep_synced(
        state.app.clone(),
        app::board::SWEEP_EVERY,
        token.clone().cancelled_owned(),
    ));
    tokio::spawn(app::alarms::handling::keep_current(
        state.app.clone(),
        app::board::SWEEP_EVERY,
        token.clone().cancelled_owned(),
    ));
    crate::planner(&state, &token);
    let connector_task = tokio::spawn(connect::run(
        nats.clone(),
        connector_options(settings)?,
        token.clone(),
    ));
    let sim_task = tokio::spawn(sim::run(js, sim, token.clone().cancelled_owned()));
    let live = stream::Stream::start(&state.pool, nats, stream_config()).await?;
    let listener = crate::listen(&settings.http_addr).await?;
    tracing::info!("api, ingest, stream (/ws), connector and simulator running");
    let router = api::app_with(state.clone(), live.router(state.sessions()));
    let result = api::serve(state, router, listener, token.clone().cancelled_owned()).await;
    token.cancel();
    live.stop();
    let _ = ingest_task.await;
    let _ = sim_task.await;
    let _ = connector_task.await;
    result
}
