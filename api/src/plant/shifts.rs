//! `GET /api/shifts/defaultfromtodate?lineId`: the default report range of a line — its current
//! shift, else the last one that ended, in the line's time zone; with no shifts, today so far.
//! `lineId=ALL` (the reports' every line) spans every line's range, without a shift.

use axum::Json;
use axum::extract::State;
use chrono::{DateTime, NaiveTime, Utc};
use model::config::shift_window::{ShiftTimes, current_or_last, weekday};
use model::{AccessRule, Envelope, Msg};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

use super::records::entity;
use crate::AppState;
use crate::auth::guarded;
use crate::error::{ApiError, ApiResult};
use crate::extract::Query;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(guarded(AccessRule::ANY, routes!(default_from_to)))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct LineQuery {
    /// A line's `_id`, or `ALL` for every line.
    pub line_id: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DefaultRange {
    pub from_date: DateTime<Utc>,
    pub to_date: DateTime<Utc>,
    /// The shift the range comes from, if any.
    pub shift_id: Option<String>,
    pub shift_name: Option<String>,
}

#[utoipa::path(get, path = "/api/shifts/defaultfromtodate", tag = "configuration", params(LineQuery),
    responses((status = 200, body = Envelope<DefaultRange>), (status = 400), (status = 404)))]
async fn default_from_to(
    State(state): State<AppState>,
    Query(q): Query<LineQuery>,
) -> ApiResult<Json<Envelope<DefaultRange>>> {
    let required = || ApiError::field("lineId", Msg::new("config.lineRequired"));
    let raw = q
        .line_id
        .filter(|s| !s.trim().is_empty())
        .ok_or_else(required)?;
    let not_found = || ApiError::NotFound(Msg::new("config.lineNotFound"));
    if raw.trim().eq_ignore_ascii_case("ALL") {
        let lines = db::config::list(&state.pool, entity("lines"), None, &[]).await?;
        let mut all: Option<DefaultRange> = None;
        for line in &lines {
            let r = line_range(&state, line).await?;
            all = Some(match all {
                None => DefaultRange {
                    shift_id: None,
                    shift_name: None,
                    ..r
                },
                Some(a) => DefaultRange {
                    from_date: a.from_date.min(r.from_date),
                    to_date: a.to_date.max(r.to_date),
                    ..a
                },
            });
        }
        return Ok(Json(Envelope::data(all.ok_or_else(not_found)?)));
    }
    let line_id = uuid::Uuid::parse_str(raw.trim()).map_err(|_| not_found())?;
    let line = db::config::get(&state.pool, entity("lines"), line_id)
        .await?
        .ok_or_else(not_found)?;
    Ok(Json(Envelope::data(line_range(&state, &line).await?)))
}

/// The default range of `line` (its record).
async fn line_range(state: &AppState, line: &serde_json::Value) -> ApiResult<DefaultRange> {
    let line_id = line["_id"]
        .as_str()
        .and_then(|id| uuid::Uuid::parse_str(id).ok())
        .ok_or_else(|| ApiError::NotFound(Msg::new("config.lineNotFound")))?;
    let zone = line["timezone"].as_str().unwrap_or("UTC").to_string();
    let shifts = db::config::list(&state.pool, entity("shifts"), Some(line_id), &[]).await?;
    let times: Vec<ShiftTimes<usize>> = shifts
        .iter()
        .enumerate()
        .filter(|(_, s)| s["active"] != false)
        .filter_map(|(i, s)| {
            let time = |k: &str| {
                s[k].as_str()
                    .and_then(|v| NaiveTime::parse_from_str(v, "%H:%M").ok())
            };
            let days = s["days"]
                .as_array()?
                .iter()
                .filter_map(|d| d.as_str().and_then(weekday))
                .collect();
            Some(ShiftTimes {
                id: i,
                start: time("startTime")?,
                end: time("endTime")?,
                days,
            })
        })
        .collect();
    let now = db::zones::now_in(&state.pool, &zone).await?;
    let window = current_or_last(&times, now);
    let (from, to) = match &window {
        Some(w) => (w.from, w.to),
        None => (now.date().and_time(NaiveTime::MIN), now),
    };
    let [from_date, to_date]: [DateTime<Utc>; 2] =
        db::zones::to_utc(&state.pool, &zone, &[from, to])
            .await?
            .try_into()
            .map_err(|_| {
                ApiError::Internal(anyhow::anyhow!("two instants asked, other count answered"))
            })?;
    let shift = window.map(|w| &shifts[w.id]);
    Ok(DefaultRange {
        from_date,
        to_date,
        shift_id: shift.and_then(|s| s["_id"].as_str()).map(str::to_string),
        shift_name: shift.and_then(|s| s["name"].as_str()).map(str::to_string),
    })
}
