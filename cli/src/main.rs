//! `batchline`: one binary for every service of the system.
//!
//! ```text
//! batchline migrate   apply the migrations in sql/
//! batchline seed      make sure the super user exists; the demo plant when no line is configured
//! batchline api       the REST api and the web app
//! batchline ingest    JetStream → Postgres writer of production data
//! batchline stream    the live WebSocket /ws (STREAM_ADDR)
//! batchline simulate  the plant simulator (--lines N --speed X --rate N --seed N --opcua PORT)
//! batchline backfill  production history for reports and benchmarks (--days N --lines N --seed N)
//! batchline all       api + ingest + stream (/ws on the api's port) + simulator
//! batchline openapi   print the api's OpenAPI document
//! batchline contract  write the api, live-protocol and access declarations the web is
//!                     generated from (default folder web/src/generated)
//! ```
//! Settings come from the environment (README, "Configuration").

mod backfill;
mod contract;
mod live;
#[cfg(test)]
mod plant_tests;
mod settings;
mod simulated;

use std::process::ExitCode;

use anyhow::Context;
use settings::Settings;

const USAGE: &str = "usage: batchline <migrate|seed|api|ingest|stream|connect|simulate|backfill|all|openapi|contract>\n\n  migrate   apply the database migrations\n  seed      create the super user and the demo data\n  api       run the REST api and serve the web app\n  ingest    store the plant's production data from NATS in Postgres\n  stream    serve live data over the WebSocket /ws\n  connect   connect the plant's OPC UA controllers to the bus (needs only NATS_URL, DATA_DIR)\n  simulate  run the plant simulator [--lines N] [--speed X] [--rate N] [--seed N] [--opcua PORT]\n  backfill  write production history [--days N] [--lines N] [--seed N]\n  all       api, ingest, stream, connector and simulator in one process\n  openapi   print the api's OpenAPI document\n  contract  write openapi.json, live.json and access.json [DIR, default web/src/generated]\n\nSettings come from environment variables; see the README.";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().collect();
    let command = args.get(1).cloned().unwrap_or_default();
    if command == "openapi" {
        // Needs no settings, database or runtime: the document is made from the routes.
        return match serde_json::to_string_pretty(api::openapi()) {
            Ok(doc) => {
                println!("{doc}");
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("batchline openapi: {e}");
                ExitCode::FAILURE
            }
        };
    }
    if command == "contract" {
        let dir = args.get(2).map_or("web/src/generated", String::as_str);
        return match contract::write(std::path::Path::new(dir)) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("batchline contract: {e:#}");
                ExitCode::FAILURE
            }
        };
    }
    if matches!(command.as_str(), "" | "-h" | "--help" | "help") {
        println!("{USAGE}");
        return if command.is_empty() {
            ExitCode::from(2)
        } else {
            ExitCode::SUCCESS
        };
    }
    init_tracing();
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(rt) => rt,
        Err(e) => {
            eprintln!("batchline: cannot start the runtime: {e}");
            return ExitCode::FAILURE;
        }
    };
    let result = runtime.block_on(async {
        let settings = Settings::from_env()?;
        match command.as_str() {
            "migrate" => migrate(&settings, Pool::Ingest).await.map(|_| ()),
            "seed" => seed(&settings).await,
            "api" => api(&settings).await,
            "ingest" => live::ingest(&settings).await,
            "stream" => live::stream(&settings).await,
            "connect" => live::connector(&settings).await,
            "simulate" => live::simulate(&settings, &args[2..]).await,
            "backfill" => backfill::run(&settings, &args[2..]).await,
            "all" => live::all(&settings).await,
            other => anyhow::bail!("unknown command {other:?}\n\n{USAGE}"),
        }
    });
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            tracing::error!("{e:#}");
            eprintln!("batchline {command}: {e:#}");
            ExitCode::FAILURE
        }
    }
}

fn init_tracing() {
    use tracing_subscriber::EnvFilter;
    let filter = EnvFilter::try_from_env("LOG")
        .unwrap_or_else(|_| EnvFilter::new("info,sqlx=warn,tower_http=info"));
    let json = std::env::var("LOG_FORMAT").is_ok_and(|v| v.eq_ignore_ascii_case("json"));
    let ansi = std::io::IsTerminal::is_terminal(&std::io::stderr());
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_ansi(ansi)
        .with_writer(std::io::stderr);
    if json {
        builder.json().init()
    } else {
        builder.compact().init()
    }
}

/// Which pool a service connects (decisions 71, 94).
#[derive(Clone, Copy)]
pub(crate) enum Pool {
    /// Serves requests: every statement planned for its values, 30 s at most.
    Api,
    /// The stream service alone: as the api's, 10 s at most.
    Stream,
    /// Ingest's writes, with Postgres's default plan caching, 5 min at most.
    Ingest,
}

/// The pool `kind` of a service.
pub(crate) async fn connect(settings: &Settings, kind: Pool) -> anyhow::Result<db::PgPool> {
    let url = &settings.database_url;
    match kind {
        Pool::Api => db::connect_api(url, 16, db::API_STATEMENT_TIMEOUT).await,
        Pool::Stream => db::connect_api(url, 8, db::STREAM_STATEMENT_TIMEOUT).await,
        Pool::Ingest => db::connect_ingest(url, 8, db::INGEST_STATEMENT_TIMEOUT).await,
    }
    .with_context(|| format!("connecting to {}", settings.redacted_database_url()))
}

/// Applies every migration of `sql/` on a connection of its own (a migration may run longer
/// than any service's statement timeout), then connects the pool `kind`.
pub(crate) async fn migrate(settings: &Settings, kind: Pool) -> anyhow::Result<db::PgPool> {
    let url = &settings.database_url;
    let admin = db::connect(url, 1)
        .await
        .with_context(|| format!("connecting to {}", settings.redacted_database_url()))?;
    db::migrate(&admin).await.context("applying migrations")?;
    let retention = settings.retention_days()?;
    let timescale = db::timescale::configure(&admin, retention)
        .await
        .context("setting up the production series")?;
    match (timescale, retention) {
        (db::timescale::Timescale::Hypertables, Some(days)) => tracing::info!(
            "database migrated; TimescaleDB: the production series are hypertables, chunks older than 7 days are compressed, chunks older than {days} days are dropped (RETENTION_DAYS)"
        ),
        (db::timescale::Timescale::Hypertables, None) => tracing::info!(
            "database migrated; TimescaleDB: the production series are hypertables, chunks older than 7 days are compressed, nothing is dropped (no RETENTION_DAYS)"
        ),
        (db::timescale::Timescale::NotPreloaded, _) => tracing::warn!(
            "database migrated; TimescaleDB is installed but not preloaded, so the production series stay plain tables: add timescaledb to shared_preload_libraries and restart Postgres to use it"
        ),
        (db::timescale::Timescale::NotInstalled, _) => tracing::info!(
            "database migrated; TimescaleDB is not installed, so the production series are plain tables"
        ),
    }
    if retention.is_some() && timescale != db::timescale::Timescale::Hypertables {
        tracing::warn!(
            "RETENTION_DAYS is set but needs TimescaleDB: no production data is dropped"
        );
    }
    admin.close().await;
    connect(settings, kind).await
}

async fn state(settings: &Settings, with_nats: bool, kind: Pool) -> anyhow::Result<api::AppState> {
    let pool = migrate(settings, kind).await?;
    let nats = if with_nats {
        Some(settings.connect_nats().await?)
    } else {
        None
    };
    api::AppState::new(pool, settings.api_settings()?, nats)
}

/// Prints the generated super-user password, once, where the operator will see it.
async fn ensure_super_user(state: &api::AppState) -> anyhow::Result<()> {
    if let Some((email, password)) = api::bootstrap_super_user(state).await? {
        println!(
            "\nSuper user created: {email}\nGenerated password (shown only this once): {password}\n"
        );
    }
    Ok(())
}

/// The super user, then the demo plant (skipped when lines are configured).
async fn seed(settings: &Settings) -> anyhow::Result<()> {
    let state = state(settings, false, Pool::Api).await?;
    ensure_super_user(&state).await?;
    // Logs what it created, or that a configured plant was left alone.
    demo::seed(&state.app, &settings.seed_language)
        .await
        .context("seeding the demo plant")?;
    tracing::info!("seed complete");
    Ok(())
}

async fn api(settings: &Settings) -> anyhow::Result<()> {
    let mut state = state(settings, true, Pool::Api).await?;
    ensure_super_user(&state).await?;
    let token = tokio_util::sync::CancellationToken::new();
    read_from_standby(&mut state, &token)?;
    live::metrics_endpoint(&token).await?;
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
    // Scheduled reports (issue 35): every api process sends what is due; each period once.
    let every = settings::var("REPORT_SCHEDULE_SECONDS")
        .and_then(|v| v.parse::<u64>().ok())
        .unwrap_or(30);
    if every > 0 {
        tokio::spawn(api::subscriptions::send::keep_sending(
            state.clone(),
            std::time::Duration::from_secs(every),
            token.clone().cancelled_owned(),
        ));
    }
    planner(&state, &token);
    let listener = listen(&settings.http_addr).await?;
    let router = api::app(state.clone());
    let result = api::serve(state, router, listener, shutdown_signal()).await;
    token.cancel();
    result
}

/// Reports, dashboards and exports of `state` read the standby of `DATABASE_READ_URL` (when
/// set) while it is current, watched until `token` is cancelled (decision 120).
pub(crate) fn read_from_standby(
    state: &mut api::AppState,
    token: &tokio_util::sync::CancellationToken,
) -> anyhow::Result<()> {
    if let Some(reads) = read_pool(&state.pool)? {
        state.app = state.app.clone().with_reads(reads);
        watch_reads(&state.app.reads, token)?;
    }
    Ok(())
}

/// The reads of reports, dashboards and exports on the standby of `DATABASE_READ_URL`, when
/// set: the api's pool settings, connected on first use.
fn read_pool(primary: &db::PgPool) -> anyhow::Result<Option<db::replica::Reads>> {
    let Some(url) = settings::var("DATABASE_READ_URL") else {
        return Ok(None);
    };
    let standby = db::connect_api_lazy(&url, 16, db::API_STATEMENT_TIMEOUT)
        .context("DATABASE_READ_URL is not a valid database URL")?;
    tracing::info!("reports read the standby while it is at most READ_MAX_LAG_SECONDS behind");
    Ok(Some(db::replica::Reads::with_standby(
        primary.clone(),
        standby,
    )))
}

/// Looks at the standby every second until `token` is cancelled: reads go to it while it is
/// up and at most `READ_MAX_LAG_SECONDS` (5 by default) behind the primary.
fn watch_reads(
    reads: &db::replica::Reads,
    token: &tokio_util::sync::CancellationToken,
) -> anyhow::Result<()> {
    let max_lag = match settings::var("READ_MAX_LAG_SECONDS") {
        None => 5.0,
        Some(v) => match v.parse::<f64>() {
            Ok(s) if (0.0..=3600.0).contains(&s) => s,
            _ => anyhow::bail!(
                "READ_MAX_LAG_SECONDS must be a number of seconds (0 to 3600), not {v:?}"
            ),
        },
    };
    let reads = reads.clone();
    let stop = token.clone().cancelled_owned();
    tokio::spawn(async move {
        reads
            .watch(
                std::time::Duration::from_secs_f64(max_lag),
                std::time::Duration::from_secs(1),
                stop,
            )
            .await;
    });
    Ok(())
}

/// With `DEMO_PLANNER=1` (`make demo`), the demo plant plans the next day of orders for a line
/// whose queue ran dry, so the demo never stops producing.
pub(crate) fn planner(state: &api::AppState, token: &tokio_util::sync::CancellationToken) {
    if settings::var("DEMO_PLANNER").as_deref() == Some("1") {
        tracing::info!("the demo planner keeps every line's queue filled");
        tokio::spawn(demo::planner::run(
            state.app.clone(),
            token.clone().cancelled_owned(),
        ));
    }
}

/// Binds `addr` and prints `listening on http://ADDR` (tests and scripts wait for that line).
pub(crate) async fn listen(addr: &str) -> anyhow::Result<tokio::net::TcpListener> {
    let listener = tokio::net::TcpListener::bind(addr)
        .await
        .with_context(|| format!("binding {addr}"))?;
    let bound = listener.local_addr()?;
    println!("listening on http://{bound}");
    tracing::info!(addr = %bound, "listening");
    Ok(listener)
}

/// Resolves on Ctrl-C or SIGTERM so in-flight requests finish.
pub(crate) async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! { _ = ctrl_c => {}, _ = term => {} }
    tracing::info!("shutting down");
}
