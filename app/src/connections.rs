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

/// The settings and status buckets, opened on first use (again after a failure); none
/// without NATS.
async fn buckets(app: &App) -> Option<(Settings, Statuses)> {
    let nats = app.nats.clone()?;
    let opened = app
        .connections
        .get_or_try_init(|| async move {
            let js = async_nats::jetstream::new(nats);
            anyhow::Ok((Settings::open(&js).await?, Statuses::open(&js).await?))
        })
        .await;
    match opened {
        Ok(b) => Some(b.clone()),
        Err(e) => {
            tracing::warn!("the connection buckets are unreachable: {e:#}");
            None
        }
    }
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

async fn trust_bucket(app: &App) -> Option<Trust> {
    let nats = app.nats.clone()?;
    match Trust::open(&async_nats::jetstream::new(nats)).await {
        Ok(t) => Some(t),
        Err(e) => {
            tracing::warn!("the trust bucket is unreachable: {e:#}");
            None
        }
    }
}

/// The stored password of `connection_id` (the form of a stored record holds none).
async fn stored_password(app: &App, connection_id: Option<&str>) -> Result<Option<String>> {
    let Some(id) = connection_id.filter(|i| !i.trim().is_empty()) else {
        return Ok(None);
    };
    let id = parse_id(id, "connectionId")?;
    Ok(db::connections::get(&app.pool, id)
        .await?
        .ok_or_else(not_found)?
        .password)
}

fn unreachable(r: &Refused) -> Error {
    let code = if r.untrusted.is_some() {
        "connection.untrusted"
    } else if r.fault {
        "connection.refusedBy"
    } else {
        "connection.unreachable"
    };
    Error::Unreachable(Msg::new(code).arg("status", &r.code))
}

fn certificate(r: &Refused) -> Option<Certificate> {
    let (thumbprint, der) = r.untrusted.as_ref()?;
    let subject = ::connect::pki::describe(der)
        .map(|(_, s)| s)
        .unwrap_or_default();
    Some(Certificate {
        thumbprint: thumbprint.clone(),
        subject,
    })
}

/// Brings the api's own trust list (`pki`) in step with the trusted certificates of the
/// database, before it asks a server: an api on a fresh `DATA_DIR`, or beside another api
/// process that trusted or withdrew one, trusts exactly what the plant trusts.
async fn trust_as_stored(app: &App, pki: &Path) -> Result<()> {
    let stored = db::connections::trusted(&app.pool).await?;
    let mine = ::connect::pki::trusted(pki);
    for t in &stored {
        if !mine.contains(&t.thumbprint)
            && let Err(e) = ::connect::pki::trust(pki, &t.certificate)
        {
            tracing::warn!(
                thumbprint = t.thumbprint,
                "cannot trust a stored certificate: {e:#}"
            );
        }
    }
    for thumbprint in mine {
        if !stored.iter().any(|t| t.thumbprint == thumbprint) {
            ::connect::pki::distrust(pki, &thumbprint);
        }
    }
    Ok(())
}

/// The children of a node of an OPC UA server (the node browser); `pki` is the api's own
/// OPC UA directory.
pub async fn browse(app: &App, pki: &Path, req: &BrowseRequest) -> Result<Vec<Browsed>> {
    let endpoint = req.endpoint.as_deref().map(str::trim).unwrap_or_default();
    if endpoint.is_empty() {
        return Err(Error::field("endpoint", Msg::new("validation.required")));
    }
    if !connect::opc_endpoint(endpoint) {
        return Err(Error::field("endpoint", Msg::new("connection.opcEndpoint")));
    }
    if let Some(n) = req.node_id.as_deref().filter(|n| !n.trim().is_empty())
        && !connect::node_id(n.trim())
    {
        return Err(Error::field("nodeId", Msg::new("connection.nodeId")));
    }
    let policy = req.security_policy.unwrap_or(SecurityPolicy::None);
    let password = match &req.password {
        Some(p) => Some(p.clone()),
        None => stored_password(app, req.connection_id.as_deref()).await?,
    };
    let target = ::connect::opcua::Target {
        endpoint,
        policy,
        mode: req.security_mode.unwrap_or(match policy {
            SecurityPolicy::None => SecurityMode::None,
            _ => SecurityMode::SignAndEncrypt,
        }),
        username: req.username.as_deref().filter(|u| !u.trim().is_empty()),
        password: password.as_deref(),
    };
    trust_as_stored(app, pki).await?;
    probe::browse(pki, &target, req.node_id.as_deref())
        .await
        .map_err(|r| unreachable(&r))
}

/// Tries a connection as the form holds it and reads each tag once.
pub async fn test(app: &App, pki: &Path, req: &TestRequest) -> Result<TestOutcome> {
    let c = connect::check(&req.connection).map_err(Error::Invalid)?;
    if c.protocol != Protocol::Opcua {
        return Err(Error::field(
            "protocol",
            Msg::new("connection.testOpcUaOnly"),
        ));
    }
    let password = match &req.connection.password {
        Some(p) => Some(p.clone()),
        None => stored_password(app, req.connection_id.as_deref()).await?,
    };
    trust_as_stored(app, pki).await?;
    Ok(
        match probe::test(pki, &req.connection, password.as_deref()).await {
            Ok(tags) => TestOutcome {
                connected: true,
                error: None,
                fault: false,
                untrusted_certificate: None,
                tags,
            },
            Err(r) => TestOutcome {
                connected: false,
                error: Some(r.code.clone()),
                fault: r.fault,
                untrusted_certificate: certificate(&r),
                tags: Vec::new(),
            },
        },
    )
}

/// Every trusted server certificate.
pub async fn trusted(app: &App) -> Result<Vec<TrustedCertificate>> {
    Ok(db::connections::trusted(&app.pool)
        .await?
        .into_iter()
        .map(|t| TrustedCertificate {
            thumbprint: t.thumbprint,
            subject: t.subject,
            trusted_at: t.trusted_at,
            trusted_by: t.trusted_by,
        })
        .collect())
}

fn thumbprint(raw: Option<&str>) -> Result<String> {
    let t = raw.map(|t| t.trim().to_lowercase()).unwrap_or_default();
    if t.is_empty() {
        return Err(Error::field("thumbprint", Msg::new("validation.required")));
    }
    if t.len() != 40 || !t.chars().all(|c| c.is_ascii_hexdigit()) {
        return Err(Error::field(
            "thumbprint",
            Msg::new("connection.thumbprint"),
        ));
    }
    Ok(t)
}

/// The certificate of `thumbprint` as a server sent it: refused by the api's own client (a
/// browse or test), or reported by a connector.
async fn rejected(app: &App, pki: &Path, thumbprint: &str) -> Result<Option<Vec<u8>>> {
    use base64::Engine;
    if let Ok(entries) = std::fs::read_dir(pki.join("rejected")) {
        for e in entries.filter_map(std::result::Result::ok) {
            if let Ok(der) = std::fs::read(e.path())
                && ::connect::pki::describe(&der).is_ok_and(|(t, _)| t == thumbprint)
            {
                return Ok(Some(der));
            }
        }
    }
    let Some((_, statuses)) = buckets(app).await else {
        return Ok(None);
    };
    for c in db::connections::list(&app.pool, None).await? {
        if let Ok(Some(s)) = statuses.get(c.connection.id).await
            && s.untrusted_certificate.as_deref() == Some(thumbprint)
            && let Some(der) = s.untrusted_certificate_der
            && let Ok(der) = base64::engine::general_purpose::STANDARD.decode(der)
        {
            return Ok(Some(der));
        }
    }
    Ok(None)
}

/// Trusts a server certificate a connection or a test was refused by.
pub async fn trust(
    app: &App,
    actor: &str,
    pki: &Path,
    raw: Option<&str>,
) -> Result<TrustedCertificate> {
    let thumbprint = thumbprint(raw)?;
    let der = rejected(app, pki, &thumbprint)
        .await?
        .ok_or_else(|| Error::NotFound(Msg::new("connection.certificateUnknown")))?;
    let (_, subject) = ::connect::pki::describe(&der)?;
    let mut tx = app.pool.begin().await?;
    db::connections::trust(&mut *tx, &thumbprint, &der, &subject, actor).await?;
    db::audit::write(
        &mut *tx,
        db::audit::Entry {
            actor: Some(actor),
            action: "certificate_trusted",
            entity: "connection_trust",
            entity_id: Some(thumbprint.clone()),
            before: None,
            after: Some(serde_json::json!({"thumbprint": thumbprint, "subject": subject})),
            detail: None,
        },
    )
    .await?;
    tx.commit().await?;
    if let Err(e) = ::connect::pki::trust(pki, &der) {
        tracing::warn!("cannot trust the certificate in the api's own trust list: {e:#}");
    }
    if let Some(t) = trust_bucket(app).await
        && let Err(e) = t.put(&thumbprint, &der).await
    {
        tracing::warn!("cannot tell the connectors the trusted certificate: {e:#}");
    }
    trusted(app)
        .await?
        .into_iter()
        .find(|t| t.thumbprint == thumbprint)
        .ok_or_else(|| Error::NotFound(Msg::new("connection.certificateUnknown")))
}

/// Withdraws trust from a server certificate.
pub async fn distrust(app: &App, actor: &str, pki: &Path, raw: Option<&str>) -> Result<()> {
    let thumbprint = thumbprint(raw)?;
    let mut tx = app.pool.begin().await?;
    if !db::connections::distrust(&mut *tx, &thumbprint).await? {
        return Err(Error::NotFound(Msg::new("connection.certificateUnknown")));
    }
    db::audit::write(
        &mut *tx,
        db::audit::Entry {
            actor: Some(actor),
            action: "certificate_distrusted",
            entity: "connection_trust",
            entity_id: Some(thumbprint.clone()),
            before: Some(serde_json::json!({"thumbprint": thumbprint})),
            after: None,
            detail: None,
        },
    )
    .await?;
    tx.commit().await?;
    ::connect::pki::distrust(pki, &thumbprint);
    if let Some(t) = trust_bucket(app).await
        && let Err(e) = t.remove(&thumbprint).await
    {
        tracing::warn!("cannot tell the connectors the withdrawn certificate: {e:#}");
    }
    Ok(())
}
