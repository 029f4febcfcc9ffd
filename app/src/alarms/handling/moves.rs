//! The moves users make on alarms: acknowledge (by ids or all of a line), shelve for a time with
//! a reason, unshelve, comment. Each is one transaction with its audit entry (entity `alarm`,
//! the occurrence's id, the point in `detail`), then the point goes on the alarm board.

use std::collections::BTreeMap;

use db::alarms::handling::{self as store, Which};
use model::Msg;
use model::alarm::{ACK_MAX_IDS, AlarmPoint, COMMENT_MAX, SHELVE_MAX_MINUTES, SHELVE_REASON_MAX};
use model::validation::required_text;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use sqlx::PgConnection;
use utoipa::ToSchema;
use uuid::Uuid;

use super::board::publish;
use crate::{App, Error, Result};

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

fn not_found() -> Error {
    Error::NotFound(Msg::new("alarm.notFound"))
}

/// One move on occurrence `id` of point (`line`, `code`) in the audit trail; `actor` `None` for
/// the sweep.
pub(super) struct Move<'a> {
    pub actor: Option<&'a str>,
    pub action: &'static str,
    pub id: Uuid,
    pub line: &'a str,
    pub code: &'a str,
    pub before: Option<Value>,
    pub after: Option<Value>,
}

pub(super) async fn audit(tx: &mut PgConnection, m: Move<'_>) -> Result<()> {
    db::audit::write(
        &mut *tx,
        db::audit::Entry {
            actor: m.actor,
            action: m.action,
            entity: "alarm",
            entity_id: Some(m.id.to_string()),
            before: m.before,
            after: m.after,
            detail: Some(json!({ "lineId": m.line, "code": m.code })),
        },
    )
    .await?;
    Ok(())
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
    let acked: Vec<store::Acked> = store::ack(&mut tx, ids, line, actor)
        .await?
        .into_iter()
        .filter(|a| a.occurrences > 0)
        .collect();
    for a in &acked {
        let m = Move {
            actor: Some(actor),
            action: "alarmAcknowledged",
            id: a.id,
            line: &a.line_id,
            code: &a.code,
            before: None,
            after: Some(json!({ "occurrences": a.occurrences })),
        };
        audit(&mut tx, m).await?;
    }
    tx.commit().await?;
    let touched: Vec<(String, String)> = acked
        .iter()
        .map(|a| (a.line_id.clone(), a.code.clone()))
        .collect();
    publish(app, &touched).await;
    Ok(Acknowledged {
        acknowledged: points_of(app, &touched).await?,
        occurrences: acked.iter().map(|a| a.occurrences).sum(),
    })
}

/// Shelves the point of alarm `id` for `minutes` with `reason` as `actor` (a shelf in force is
/// replaced; audited with what it replaced): its occurrences are recorded but not annunciated
/// until the shelf ends.
pub async fn shelve(app: &App, actor: &str, req: &ShelveRequest) -> Result<AlarmPoint> {
    let mut invalid = BTreeMap::new();
    if req.id.is_none() {
        invalid.insert("id".to_string(), Msg::new("validation.required"));
    }
    let minutes = req.minutes.filter(|m| (1..=SHELVE_MAX_MINUTES).contains(m));
    if minutes.is_none() {
        let msg = Msg::new("alarm.shelveMinutes").arg("max", SHELVE_MAX_MINUTES);
        invalid.insert("minutes".to_string(), msg);
    }
    let reason = required_text(req.reason.as_deref(), SHELVE_REASON_MAX)
        .map_err(|m| invalid.insert("reason".to_string(), m))
        .ok();
    let (Some(id), Some(minutes), Some(reason)) = (req.id, minutes, reason) else {
        return Err(Error::Invalid(invalid));
    };
    let mut tx = app.pool.begin().await?;
    let Some((line, code, _)) = store::occurrence(&mut *tx, id).await? else {
        return Err(not_found());
    };
    let before = store::shelf_for_update(&mut tx, id).await?;
    let shelf = store::shelve(&mut tx, id, minutes, &reason, actor).await?;
    let m = Move {
        actor: Some(actor),
        action: "alarmShelved",
        id,
        line: &line,
        code: &code,
        before: before.and_then(|s| serde_json::to_value(s).ok()),
        after: serde_json::to_value(&shelf).ok(),
    };
    audit(&mut tx, m).await?;
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
    let m = Move {
        actor: Some(actor),
        action: "alarmUnshelved",
        id,
        line: &line,
        code: &code,
        before: serde_json::to_value(&shelf).ok(),
        after: None,
    };
    audit(&mut tx, m).await?;
    tx.commit().await?;
    moved(app, line, code).await
}

/// Adds `actor`'s comment to alarm `id` (audited).
pub async fn comment(app: &App, actor: &str, id: Option<Uuid>, text: &str) -> Result<AlarmPoint> {
    let mut invalid = BTreeMap::new();
    if id.is_none() {
        invalid.insert("id".to_string(), Msg::new("validation.required"));
    }
    let text = required_text(Some(text), COMMENT_MAX)
        .map_err(|m| invalid.insert("text".to_string(), m))
        .ok();
    let (Some(id), Some(text)) = (id, text) else {
        return Err(Error::Invalid(invalid));
    };
    let mut tx = app.pool.begin().await?;
    let Some((line, code, _)) = store::occurrence(&mut *tx, id).await? else {
        return Err(not_found());
    };
    let at = store::comment(&mut tx, id, &text, actor).await?;
    let m = Move {
        actor: Some(actor),
        action: "alarmCommented",
        id,
        line: &line,
        code: &code,
        before: None,
        after: Some(json!({ "at": at, "text": text })),
    };
    audit(&mut tx, m).await?;
    tx.commit().await?;
    moved(app, line, code).await
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
    let which = Which {
        line: None,
        points: Some(points),
        off_board: true,
    };
    Ok(store::points(&app.pool, which).await?)
}
