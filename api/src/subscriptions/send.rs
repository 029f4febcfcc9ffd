//! Sending the scheduled reports (issue 35, item 3). Every api process runs [`keep_sending`]:
//! each round adds the due periods' deliveries (one row per subscription and period, so a
//! period is due once whichever process sees it), then claims due deliveries one at a time
//! with `FOR UPDATE SKIP LOCKED` — a row another process is sending is skipped — renders the
//! report as its owner would read it, mails it to every recipient and marks it sent in the
//! same transaction. A failure is tried again after a back-off (1, 2, 4 … minutes, at most 8
//! tries). A process killed while sending leaves the row unsent (its lock goes with its
//! connection) and another sends it: a recipient can then get that one mail twice, with the
//! same Message-ID (in the outbox the same file is written again).

use std::time::Duration;

use axum::body::Body;
use axum::http::{Method, Request, StatusCode, header};
use chrono::{DateTime, Utc};
use model::access::UserStatus;
use model::subscription::{Format, report_path};
use model::{Lang, Msg};
use serde_json::Value;
use tower::ServiceExt;

use super::files;
use crate::AppState;
use crate::auth::mail::Attachment;
use crate::i18n_layer::RequestLang;
use crate::reports::pdf::file_table;
use crate::reports::pdf_body::PdfBody;
use crate::reports::scope::ReportQuery;

/// The most deliveries one round sends.
const PER_ROUND: usize = 20;
/// Tries before a delivery is given up.
pub const MAX_TRIES: i32 = 8;

/// What a round did.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Round {
    pub added: usize,
    pub sent: usize,
    pub failed: usize,
}

/// One round at `now`: the due periods added, then up to [`PER_ROUND`] deliveries sent.
pub async fn round(state: &AppState, now: DateTime<Utc>) -> anyhow::Result<Round> {
    let mut r = Round {
        added: app::subscriptions::due(&state.app, now).await?,
        ..Round::default()
    };
    for _ in 0..PER_ROUND {
        let mut tx = state.pool.begin().await?;
        let Some((d, s)) = db::subscriptions::claim(&mut tx).await? else {
            break;
        };
        match deliver(state, &d, &s).await {
            Ok((name, bytes)) => {
                db::subscriptions::sent(&mut *tx, d.id, &name, bytes, &s.recipients).await?;
                r.sent += 1;
            }
            Err(e) => {
                let tries = d.attempts + 1;
                let next = (tries < MAX_TRIES)
                    .then(|| Utc::now() + chrono::Duration::minutes(1 << (tries - 1)));
                tracing::warn!(delivery = %d.id, subscription = %s.id, tries, error = %e, "report delivery failed");
                db::subscriptions::failed(&mut *tx, d.id, &format!("{e:#}"), next).await?;
                r.failed += 1;
            }
        }
        tx.commit().await?;
    }
    Ok(r)
}

/// Runs a round every `every` until `stop`.
pub async fn keep_sending(
    state: AppState,
    every: Duration,
    stop: impl std::future::Future<Output = ()>,
) {
    tokio::pin!(stop);
    loop {
        match round(&state, Utc::now()).await {
            Ok(r) if r != Round::default() => tracing::info!(?r, "report deliveries"),
            Ok(_) => {}
            Err(e) => tracing::warn!(error = %e, "report delivery round failed"),
        }
        tokio::select! {
            _ = &mut stop => return,
            _ = tokio::time::sleep(every) => {}
        }
    }
}

/// A query string of `pairs`.
fn query(pairs: &[(String, String)]) -> String {
    let enc = |s: &str| {
        s.bytes()
            .map(|b| match b {
                b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => {
                    (b as char).to_string()
                }
                _ => format!("%{b:02X}"),
            })
            .collect::<String>()
    };
    pairs
        .iter()
        .map(|(k, v)| format!("{}={}", enc(k), enc(v)))
        .collect::<Vec<_>>()
        .join("&")
}

/// The report's filters for the period, as query pairs.
fn pairs(filters: &Value, from: DateTime<Utc>, to: DateTime<Utc>) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = filters
        .as_object()
        .into_iter()
        .flatten()
        .filter_map(|(k, v)| {
            let v = match v {
                Value::String(s) => s.clone(),
                Value::Number(n) => n.to_string(),
                Value::Bool(b) => b.to_string(),
                _ => return None,
            };
            Some((k.clone(), v))
        })
        .collect();
    let stamp = |t: DateTime<Utc>| t.to_rfc3339_opts(chrono::SecondsFormat::Secs, true);
    out.push(("fromDateTime".into(), stamp(from)));
    out.push(("toDateTime".into(), stamp(to)));
    out
}

/// Calls the api in-process as `token` in `lang`; the answer's status and bytes.
async fn call(
    state: &AppState,
    method: Method,
    uri: &str,
    body: Option<Vec<u8>>,
    token: &str,
    lang: Lang,
) -> anyhow::Result<(StatusCode, Vec<u8>)> {
    let mut req = Request::builder()
        .method(method)
        .uri(uri)
        .header(header::AUTHORIZATION, format!("Bearer {token}"))
        .header(header::ACCEPT_LANGUAGE, lang.code());
    if body.is_some() {
        req = req.header(header::CONTENT_TYPE, "application/json");
    }
    let req = req.body(body.map_or_else(Body::empty, Body::from))?;
    let res = crate::app(state.clone()).oneshot(req).await?;
    let status = res.status();
    let bytes = axum::body::to_bytes(res.into_body(), 64 * 1024 * 1024).await?;
    Ok((status, bytes.to_vec()))
}

/// The server's message of a refused call, else its status.
fn refused(status: StatusCode, bytes: &[u8]) -> anyhow::Error {
    let msg = serde_json::from_slice::<Value>(bytes)
        .ok()
        .and_then(|v| v["message"].as_str().map(str::to_string))
        .unwrap_or_default();
    anyhow::anyhow!("the report answered {status}: {msg}")
}

/// Renders delivery `d` of subscription `s` and mails it to every recipient: the file's name and
/// size.
async fn deliver(
    state: &AppState,
    d: &db::subscriptions::Delivery,
    s: &db::subscriptions::Row,
) -> anyhow::Result<(String, i32)> {
    let lang = Lang::ALL
        .into_iter()
        .find(|l| l.code() == s.language)
        .unwrap_or(Lang::En);
    let rl = RequestLang(lang);
    let owner = db::users::by_email(&state.pool, &s.owner)
        .await?
        .filter(|u| u.status == UserStatus::Active)
        .ok_or_else(|| {
            anyhow::anyhow!("{} can no longer sign in: nobody reads the report", s.owner)
        })?;
    let (token, _) = state.jwt.issue(&owner, owner.role)?;
    let path =
        report_path(&s.report).ok_or_else(|| anyhow::anyhow!("unknown report {}", s.report))?;
    let q = query(&pairs(&s.filters, d.period_start, d.period_end));
    let format: Format = model::choice::Choice::parse(&s.format).unwrap_or(Format::Pdf);
    let layout = s.layout.clone().unwrap_or(Value::Null);
    let zone = db::zones::plant_zone(&state.pool, s.line_id).await?;
    let local = db::zones::minutes(&state.pool, &zone, &[d.period_start, d.period_end]).await?;
    let stamp = local[1].replace([' ', ':'], "-");
    let base: String = s
        .name
        .chars()
        .map(|c| {
            if c.is_alphanumeric() || "-_".contains(c) {
                c
            } else {
                '_'
            }
        })
        .collect();
    let (bytes, ext, content_type) = match format {
        Format::Pdf => {
            let uri = format!("{path}/generatePdf?{q}");
            let body = serde_json::to_vec(&layout)?;
            let (status, bytes) = call(state, Method::POST, &uri, Some(body), &token, lang).await?;
            if status != StatusCode::OK {
                return Err(refused(status, &bytes));
            }
            (bytes, "pdf", "application/pdf")
        }
        Format::Csv | Format::Xlsx => {
            let uri = format!("{path}?{q}");
            let (status, bytes) = call(state, Method::GET, &uri, None, &token, lang).await?;
            if status != StatusCode::OK {
                return Err(refused(status, &bytes));
            }
            let answer: Value = serde_json::from_slice(&bytes)?;
            let body: PdfBody = serde_json::from_value(layout)?;
            let report_q: ReportQuery = serde_json::from_value(Value::Object(
                pairs(&s.filters, d.period_start, d.period_end)
                    .into_iter()
                    .map(|(k, v)| (k, Value::String(v)))
                    .collect(),
            ))?;
            let parsed: axum::http::Uri = uri.parse()?;
            let table = file_table(state, rl, &report_q, &parsed, &body, &answer["data"])
                .await
                .map_err(|e| anyhow::anyhow!("{e:?}"))?;
            if format == Format::Csv {
                (files::csv(&table)?, "csv", "text/csv; charset=utf-8")
            } else {
                (
                    files::workbook(&table)?,
                    "xlsx",
                    "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
                )
            }
        }
    };
    let name = format!("{base}-{stamp}.{ext}");
    let period = format!("{} – {} ({zone})", local[0], local[1]);
    let subject = rl.text(
        &Msg::new("subscription.mail.subject")
            .arg("name", &s.name)
            .arg("period", &period),
    );
    let text = rl.text(
        &Msg::new("subscription.mail.body")
            .arg("name", &s.name)
            .arg("period", &period)
            .arg("owner", &s.owner)
            .arg("plant", &state.settings.plant_name),
    );
    let file = Attachment {
        name: name.clone(),
        content_type: content_type.into(),
        bytes,
    };
    for to in &s.recipients {
        state
            .mailer
            .send_file(to, &subject, &text, &file, &format!("report-{}", d.id))
            .await?;
    }
    Ok((name, file.bytes.len() as i32))
}
