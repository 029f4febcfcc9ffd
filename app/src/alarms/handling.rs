//! Alarm handling the ISA-18.2 way (issue 34, decision 111): what is active, unacknowledged or
//! shelved now, and the moves users make — acknowledge, shelve for a time with a reason,
//! unshelve, comment — each in one transaction with its audit entry, then shown on the alarm
//! board (`bus::alarms`) for every console, wall display and line controller. A shelf ends by
//! itself at its time ([`keep_current`]).

use std::collections::HashMap;
use std::time::Duration;

use bus::alarms::AlarmBoard;
use chrono::Utc;
use db::alarms::handling::{self as store, Which};
use model::alarm::{ACK_MAX_IDS, AlarmPoint, COMMENT_MAX, SHELVE_MAX_MINUTES, SHELVE_REASON_MAX};
use model::{Lang, Msg};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use uuid::Uuid;

use super::AlarmConfig;
use crate::{App, Error, Result};

/// How often a shelf's end is looked for.
pub const EXPIRE_EVERY: Duration = Duration::from_secs(5);

/// A point as the console lists it: the point, its text in the reader's language and its
/// line's name.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ActiveAlarm {
    #[serde(flatten)]
    pub point: AlarmPoint,
    /// The configured text in the reader's language (else English, else the raised text).
    pub text: String,
    /// The line's name; `null` for a line id no configured line has.
    pub line_name: Option<String>,
    /// Whether the point is shelved now.
    pub shelved: bool,
    /// Whether the configuration says the alarm stops the line.
    pub stops_line: bool,
}

/// The configured text of alarm `code` in `lang` (else English, else `raised`).
pub fn text(config: Option<&AlarmConfig>, lang: Lang, raised: &str) -> String {
    config
        .and_then(|c| {
            c.texts
                .get(lang.code())
                .or_else(|| c.texts.get(Lang::En.code()))
        })
        .filter(|t| !t.trim().is_empty())
        .cloned()
        .unwrap_or_else(|| raised.to_string())
}

/// What is active, unacknowledged or shelved now, of line `line` (its `_id`) or of every line:
/// critical first, then unacknowledged, then newest.
pub async fn active(app: &App, line: Option<&str>, lang: Lang) -> Result<Vec<ActiveAlarm>> {
    let points = store::points(
        &app.pool,
        Which {
            line,
            ..Which::default()
        },
    )
    .await?;
    let config: HashMap<String, AlarmConfig> = super::configs(app)
        .await?
        .into_iter()
        .map(|c| (c.code.clone(), c))
        .collect();
    let names: HashMap<String, String> = db::lines::names(&app.pool).await?.into_iter().collect();
    let now = Utc::now();
    let mut out: Vec<ActiveAlarm> = points
        .into_iter()
        .map(|p| {
            let c = config.get(&p.code);
            ActiveAlarm {
                text: text(c, lang, &p.message),
                line_name: names.get(&p.line_id).cloned(),
                shelved: p.shelved(now),
                stops_line: c.is_some_and(|c| c.stops_line),
                point: p,
            }
        })
        .collect();
    out.sort_by(|a, b| {
        (
            a.shelved,
            std::cmp::Reverse(model::alarm::rank(a.point.severity)),
            a.point.acknowledged,
        )
            .cmp(&(
                b.shelved,
                std::cmp::Reverse(model::alarm::rank(b.point.severity)),
                b.point.acknowledged,
            ))
            .then(b.point.raised_at.cmp(&a.point.raised_at))
    });
    Ok(out)
}

/// What an acknowledgement asks for: some alarms by id, or every alarm of a line.
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AckRequest {
    /// Occurrence ids (a point's `id`): each one's point is acknowledged up to it.
    pub ids: Option<Vec<Uuid>>,
    /// A line's `_id`: every unacknowledged alarm of the line.
    pub line_id: Option<String>,
}

/// What an acknowledgement did.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Acknowledged {
    /// The points acknowledged now (those acknowledged already are left out).
    pub acknowledged: Vec<AlarmPoint>,
    /// How many occurrences the acknowledgement took.
    pub occurrences: i64,
}

fn not_found() -> Error {
    Error::NotFound(Msg::new("alarm.notFound"))
}

/// Acknowledges alarms as `actor` (audited per point) and tells every viewer and the line's
/// controller. 400 without ids or line, 404 for an id that is no alarm.
pub async fn ack(app: &App, actor: &str, req: &AckRequest) -> Result<Acknowledged> {
    let line = req
        .line_id
        .as_deref()
        .map(str::trim)
        .filter(|l| !l.is_empty());
    let ids = req.ids.as_deref().filter(|i| !i.is_empty());
    match (ids, line) {
        (None, None) => return Err(Error::field("ids", Msg::new("alarm.ackWhat"))),
        (Some(ids), _) if ids.len() > ACK_MAX_IDS => {
            return Err(Error::field(
                "ids",
                Msg::new("validation.notAbove").arg("max", ACK_MAX_IDS),
            ));
        }
        (Some(ids), _) => {
            let known = store::known(&app.pool, ids).await?;
            if ids.iter().any(|i| !known.contains(i)) {
                return Err(not_found());
            }
        }
        (None, Some(l)) => {
            if crate::reports::scope::lines_of(app, l).await?.is_empty() {
                return Err(Error::field("lineId", Msg::new("config.lineNotFound")));
            }
        }
    }
    let mut tx = app.pool.begin().await?;
    let acked = store::ack(&mut tx, ids, line, actor).await?;
    for a in acked.iter().filter(|a| a.occurrences > 0) {
        db::audit::write(
            &mut *tx,
            db::audit::Entry {
                actor: Some(actor),
                action: "alarmAcknowledged",
                entity: "alarm",
                entity_id: Some(a.id.to_string()),
                before: None,
                after: None,
                detail: Some(serde_json::json!({
                    "lineId": a.line_id, "code": a.code, "occurrences": a.occurrences,
                })),
            },
        )
        .await?;
    }
    tx.commit().await?;
    let touched: Vec<(String, String)> = acked
        .iter()
        .filter(|a| a.occurrences > 0)
        .map(|a| (a.line_id.clone(), a.code.clone()))
        .collect();
    publish(app, &touched).await;
    let occurrences = acked.iter().map(|a| a.occurrences).sum();
    let acknowledged = points_of(app, &touched).await?;
    Ok(Acknowledged {
        acknowledged,
        occurrences,
    })
}

/// A shelve request.
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ShelveRequest {
    /// An occurrence id (a point's `id`).
    pub id: Option<Uuid>,
    /// For how long, 1 to 720 minutes.
    pub minutes: Option<i64>,
    /// Why (required, at most 200 characters).
    pub reason: Option<String>,
}

/// Shelves the point of alarm `id` for `minutes` with `reason` as `actor` (a shelf in force is
/// replaced; audited with what it replaced): its occurrences are recorded but not annunciated
/// until the shelf ends.
pub async fn shelve(app: &App, actor: &str, req: &ShelveRequest) -> Result<AlarmPoint> {
    let mut invalid = std::collections::BTreeMap::new();
    let id = req.id;
    if id.is_none() {
        invalid.insert("id".to_string(), Msg::new("validation.required"));
    }
    match req.minutes {
        Some(m) if (1..=SHELVE_MAX_MINUTES).contains(&m) => {}
        _ => {
            invalid.insert(
                "minutes".to_string(),
                Msg::new("alarm.shelveMinutes").arg("max", SHELVE_MAX_MINUTES),
            );
        }
    }
    let reason = req.reason.as_deref().map(str::trim).unwrap_or("");
    if reason.is_empty() {
        invalid.insert("reason".to_string(), Msg::new("validation.required"));
    } else if reason.chars().count() > SHELVE_REASON_MAX {
        invalid.insert(
            "reason".to_string(),
            Msg::new("validation.textTooLong").arg("max", SHELVE_REASON_MAX),
        );
    }
    let (Some(id), Some(minutes), true) = (id, req.minutes, invalid.is_empty()) else {
        return Err(Error::Invalid(invalid));
    };
    let mut tx = app.pool.begin().await?;
    let Some((line, code, _)) = store::occurrence(&mut *tx, id).await? else {
        return Err(not_found());
    };
    let before = store::shelf_for_update(&mut tx, id).await?;
    let shelf = store::shelve(&mut tx, id, minutes, reason, actor).await?;
    audit(&mut tx, actor, "alarmShelved", id, before, Some(&shelf)).await?;
    tx.commit().await?;
    moved(app, line, code).await
}

/// Ends the shelf of alarm `id`'s point as `actor` (audited); 409 when it is not shelved.
pub async fn unshelve(app: &App, actor: &str, id: Uuid) -> Result<AlarmPoint> {
    let mut tx = app.pool.begin().await?;
    let Some((line, code, _)) = store::occurrence(&mut *tx, id).await? else {
        return Err(not_found());
    };
    let Some(shelf) = store::unshelve(&mut tx, id).await? else {
        return Err(Error::conflict(Msg::new("alarm.notShelved")));
    };
    audit(&mut tx, actor, "alarmUnshelved", id, Some(shelf), None).await?;
    tx.commit().await?;
    moved(app, line, code).await
}

/// Adds `actor`'s comment to alarm `id` (audited).
pub async fn comment(app: &App, actor: &str, id: Option<Uuid>, text: &str) -> Result<AlarmPoint> {
    let text = text.trim();
    let mut invalid = std::collections::BTreeMap::new();
    if id.is_none() {
        invalid.insert("id".to_string(), Msg::new("validation.required"));
    }
    if text.is_empty() {
        invalid.insert("text".to_string(), Msg::new("validation.required"));
    } else if text.chars().count() > COMMENT_MAX {
        invalid.insert(
            "text".to_string(),
            Msg::new("validation.textTooLong").arg("max", COMMENT_MAX),
        );
    }
    let (Some(id), true) = (id, invalid.is_empty()) else {
        return Err(Error::Invalid(invalid));
    };
    let mut tx = app.pool.begin().await?;
    let Some((line, code, _)) = store::occurrence(&mut *tx, id).await? else {
        return Err(not_found());
    };
    let at = store::comment(&mut tx, id, text, actor).await?;
    db::audit::write(
        &mut *tx,
        db::audit::Entry {
            actor: Some(actor),
            action: "alarmCommented",
            entity: "alarm",
            entity_id: Some(id.to_string()),
            before: None,
            after: Some(serde_json::json!({ "at": at, "text": text })),
            detail: Some(serde_json::json!({ "lineId": line, "code": code })),
        },
    )
    .await?;
    tx.commit().await?;
    moved(app, line, code).await
}

async fn audit(
    tx: &mut sqlx::PgConnection,
    actor: &str,
    action: &'static str,
    id: Uuid,
    before: Option<store::Shelf>,
    after: Option<&store::Shelf>,
) -> Result<()> {
    let detail = before
        .as_ref()
        .or(after)
        .map(|s| serde_json::json!({ "lineId": s.line_id, "code": s.code }));
    db::audit::write(
        &mut *tx,
        db::audit::Entry {
            actor: Some(actor),
            action,
            entity: "alarm",
            entity_id: Some(id.to_string()),
            before: before.and_then(|s| serde_json::to_value(s).ok()),
            after: after.and_then(|s| serde_json::to_value(s).ok()),
            detail,
        },
    )
    .await?;
    Ok(())
}

/// After a move on point (`line`, `code`): shown on the board; the point as it is now.
async fn moved(app: &App, line: String, code: String) -> Result<AlarmPoint> {
    let touched = [(line, code)];
    publish(app, &touched).await;
    points_of(app, &touched).await?.pop().ok_or_else(not_found)
}

/// Points `points` as they are now, on the board or off it.
async fn points_of(app: &App, points: &[(String, String)]) -> Result<Vec<AlarmPoint>> {
    if points.is_empty() {
        return Ok(Vec::new());
    }
    Ok(store::points(
        &app.pool,
        Which {
            line: None,
            points: Some(points),
            off_board: true,
        },
    )
    .await?)
}

/// The alarm board, opened on first use (again after a failure).
async fn board(app: &App) -> Option<AlarmBoard> {
    let nats = app.nats.clone()?;
    let opened = app
        .alarm_board
        .get_or_try_init(
            || async move { AlarmBoard::open(&async_nats::jetstream::new(nats)).await },
        )
        .await;
    match opened {
        Ok(b) => Some(b.clone()),
        Err(e) => {
            tracing::warn!("the alarm board is unreachable: {e:#}");
            None
        }
    }
}

/// Shows points `touched` on the alarm board as committed.
pub async fn publish(app: &App, touched: &[(String, String)]) {
    if touched.is_empty() {
        return;
    }
    if let Some(b) = board(app).await {
        let read = store::points(
            &app.pool,
            Which {
                points: Some(touched),
                ..Which::default()
            },
        );
        b.publish(touched, read).await;
    }
}

/// Ends the shelves whose time came (each audited once, whichever process sweeps) and shows
/// their points again; answers how many ended.
pub async fn expire(app: &App) -> Result<usize> {
    let mut tx = app.pool.begin().await?;
    let ended = store::expire_shelves(&mut tx).await?;
    for s in &ended {
        db::audit::write(
            &mut *tx,
            db::audit::Entry {
                actor: None,
                action: "alarmShelfEnded",
                entity: "alarm",
                entity_id: Some(s.occurrence_id.to_string()),
                before: serde_json::to_value(s).ok(),
                after: None,
                detail: Some(serde_json::json!({ "lineId": s.line_id, "code": s.code })),
            },
        )
        .await?;
    }
    tx.commit().await?;
    let touched: Vec<(String, String)> = ended
        .iter()
        .map(|s| (s.line_id.clone(), s.code.clone()))
        .collect();
    publish(app, &touched).await;
    Ok(ended.len())
}

/// Brings the alarm board in step with the database.
pub async fn sync(app: &App) -> anyhow::Result<()> {
    let Some(b) = board(app).await else {
        return Ok(());
    };
    let points = store::points(&app.pool, Which::default()).await?;
    let repaired = b.reconcile(&points).await?;
    if repaired > 0 {
        metrics::counter!("alarm_board_repaired_total").increment(repaired as u64);
        tracing::info!(repaired, "alarm board: the sweep repaired points");
    }
    Ok(())
}

/// Ends shelves at their time (looked for every [`EXPIRE_EVERY`]) and syncs the alarm board
/// every `sync_every`, until `shutdown` resolves.
pub async fn keep_current(
    app: App,
    sync_every: Duration,
    shutdown: impl std::future::Future<Output = ()> + Send,
) {
    let mut shutdown = std::pin::pin!(shutdown);
    let mut synced: Option<tokio::time::Instant> = None;
    loop {
        if let Err(e) = expire(&app).await {
            tracing::warn!("ending alarm shelves failed: {e}");
        }
        if synced.is_none_or(|t| t.elapsed() >= sync_every) {
            if let Err(e) = sync(&app).await {
                tracing::warn!("alarm board sync failed: {e:#}");
            }
            synced = Some(tokio::time::Instant::now());
        }
        tokio::select! {
            _ = tokio::time::sleep(EXPIRE_EVERY) => {},
            _ = &mut shutdown => return,
        }
    }
}
