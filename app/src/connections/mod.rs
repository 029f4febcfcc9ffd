//! Plant connections (issue 32): the commands behind `/api/connections`. A change is checked
//! ([`model::connect::check`]), written and audited in one transaction, and then told to the
//! connectors through the `CONNECTIONS` bucket (`bus::connections`); a failed write there is
//! repaired by [`sync`], which the api runs at start and with the order board's sweep. The
//! password is stored for the connector and never answered, nor audited.

use std::path::Path;

use ::connect::probe::{self, Refused};
use bus::connections::{Settings, Statuses, Trust};
use chrono::Utc;
use model::Msg;
use model::connect::{
    self, BrowseRequest, Browsed, Certificate, Connection, ConnectionInput, ConnectionStatus,
    Protocol, SecurityMode, SecurityPolicy, TestOutcome, TestRequest, TrustedCertificate,
};
use uuid::Uuid;

use crate::{App, Error, Result};

mod browse;
mod trust;

pub use browse::{browse, test};
use trust::trust_bucket;
pub use trust::{distrust, trust, trusted};

/// The settings and status buckets, opened on first use (again after a failure); none
/// without NATS.
async fn buckets(app: &App) -> Option<(Settings, Statuses)> {
    crate::opened(
        app,
        &app.connections,
        "the connection buckets are",
        |js| async move { Ok((Settings::open(&js).await?, Statuses::open(&js).await?)) },
    )
    .await
}

fn parse_id(raw: &str, field: &str) -> Result<Uuid> {
    Uuid::parse_str(raw.trim()).map_err(|_| Error::field(field, Msg::new("config.refMissing")))
}

fn not_found() -> Error {
    Error::NotFound(Msg::new("connection.notFound"))
}

/// Every connection, or one line's.
pub async fn list(app: &App, line: Option<&str>) -> Result<Vec<Connection>> {
    let line = line
        .filter(|l| !l.trim().is_empty())
        .map(|l| parse_id(l, "lineId"))
        .transpose()?;
    Ok(db::connections::list(&app.pool, line)
        .await?
        .into_iter()
        .map(|s| s.connection)
        .collect())
}

pub async fn get(app: &App, raw_id: &str) -> Result<Connection> {
    let id = Uuid::parse_str(raw_id.trim()).map_err(|_| not_found())?;
    db::connections::get(&app.pool, id)
        .await?
        .map(|s| s.connection)
        .ok_or_else(not_found)
}

async fn checked(app: &App, input: &ConnectionInput) -> Result<connect::Checked> {
    let c = connect::check(input).map_err(Error::Invalid)?;
    if !db::lines::is_live(&app.pool, c.line_id).await? {
        return Err(Error::field("lineId", Msg::new("config.refMissing")));
    }
    Ok(c)
}

async fn audit(
    db: impl sqlx::PgExecutor<'_>,
    actor: &str,
    action: &str,
    before: Option<&Connection>,
    after: Option<&Connection>,
) -> Result<()> {
    let json = |c: &Connection| serde_json::to_value(c).ok();
    db::audit::write(
        db,
        db::audit::Entry {
            actor: Some(actor),
            action,
            entity: "connection",
            entity_id: after.or(before).map(|c| c.id.to_string()),
            before: before.and_then(json),
            after: after.and_then(json),
            detail: None,
        },
    )
    .await?;
    Ok(())
}

/// Tells the connectors a connection's settings after a commit.
async fn tell(app: &App, settings: &connect::Settings) {
    if let Some((bucket, _)) = buckets(app).await
        && let Err(e) = bucket.put(settings).await
    {
        tracing::warn!(id = %settings.connection.id, "cannot tell the connectors: {e:#}");
    }
}

pub async fn create(app: &App, actor: &str, input: &ConnectionInput) -> Result<Connection> {
    let c = checked(app, input).await?;
    let mut tx = app.pool.begin().await?;
    let created = db::connections::insert(&mut *tx, &c, actor).await?;
    audit(
        &mut *tx,
        actor,
        "connection_created",
        None,
        Some(&created.connection),
    )
    .await?;
    tx.commit().await?;
    tell(app, &created).await;
    Ok(created.connection)
}

pub async fn edit(
    app: &App,
    actor: &str,
    raw_id: &str,
    input: &ConnectionInput,
) -> Result<Connection> {
    let before = get(app, raw_id).await?;
    let c = checked(app, input).await?;
    let mut tx = app.pool.begin().await?;
    let after = db::connections::update(&mut *tx, before.id, &c, actor)
        .await?
        .ok_or_else(not_found)?;
    audit(
        &mut *tx,
        actor,
        "connection_updated",
        Some(&before),
        Some(&after.connection),
    )
    .await?;
    tx.commit().await?;
    tell(app, &after).await;
    Ok(after.connection)
}

pub async fn delete(app: &App, actor: &str, raw_id: &str) -> Result<Connection> {
    let before = get(app, raw_id).await?;
    let mut tx = app.pool.begin().await?;
    if !db::connections::delete(&mut *tx, before.id).await? {
        return Err(not_found());
    }
    audit(&mut *tx, actor, "connection_deleted", Some(&before), None).await?;
    tx.commit().await?;
    if let Some((settings, statuses)) = buckets(app).await {
        for r in [
            settings.remove(before.id).await,
            statuses.remove(before.id).await,
        ] {
            if let Err(e) = r {
                tracing::warn!(id = %before.id, "cannot tell the connectors: {e:#}");
            }
        }
    }
    Ok(before)
}

/// A connection's status: as its connector last reported it, or DISCONNECTED (DISABLED) when
/// none has reported it lately.
pub async fn status(app: &App, raw_id: &str) -> Result<ConnectionStatus> {
    let c = get(app, raw_id).await?;
    let last = match buckets(app).await {
        Some((_, statuses)) => statuses.get(c.id).await.unwrap_or_else(|e| {
            tracing::warn!(id = %c.id, "cannot read the connection's status: {e:#}");
            None
        }),
        None => None,
    };
    Ok(ConnectionStatus::unreported(&c, last, Utc::now()))
}

/// Brings the connectors' settings and trust buckets in step with the database.
pub async fn sync(app: &App) -> anyhow::Result<()> {
    let Some((settings, _)) = buckets(app).await else {
        return Ok(());
    };
    let all = db::connections::list(&app.pool, None).await?;
    let mut repaired = settings.reconcile(&all).await?;
    if let Some(trust) = trust_bucket(app).await {
        let trusted = db::connections::trusted(&app.pool).await?;
        repaired += trust
            .reconcile(
                trusted
                    .into_iter()
                    .map(|t| (t.thumbprint, t.certificate))
                    .collect(),
            )
            .await?;
    }
    if repaired > 0 {
        tracing::info!(repaired, "connection settings: the sweep repaired entries");
    }
    Ok(())
}
