//! The servers' certificates the plant trusts: kept in the database, told to the connectors
//! through the trust bucket and followed by the api's own trust list.

use super::*;

/// The trust bucket the connectors read; none without NATS.
pub(super) async fn trust_bucket(app: &App) -> Option<Trust> {
    let nats = app.nats.clone()?;
    match Trust::open(&async_nats::jetstream::new(nats)).await {
        Ok(t) => Some(t),
        Err(e) => {
            tracing::warn!("the trust bucket is unreachable: {e:#}");
            None
        }
    }
}

/// Brings the api's own trust list (`pki`) in step with the trusted certificates of the
/// database, before it asks a server: an api on a fresh `DATA_DIR`, or beside another api
/// process that trusted or withdrew one, trusts exactly what the plant trusts.
pub(super) async fn trust_as_stored(app: &App, pki: &Path) -> Result<()> {
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
