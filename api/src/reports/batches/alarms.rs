//! Alarms: the alarms raised while a batch ran, the alarm list of a range, and the alarm
//! configuration (each code's severity, its text in five languages, whether it stops the line).

use std::collections::HashMap;

use axum::Json;
use axum::extract::State;
use chrono::{DateTime, Utc};
use model::wire::Severity;
use model::{Envelope, Lang};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::{BatchQuery, find};
use crate::AppState;
use crate::auth::AuthUser;
use crate::error::ApiResult;
use crate::extract::{Body, Query};
use crate::i18n_layer::RequestLang;
use crate::paging::Paging;
use crate::reports::read::{Answer, answer};
use crate::reports::scope::{ReportQuery, choice_of, given};

/// One alarm: raised, and when it cleared.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AlarmRow {
    /// The raising event's id (a row's key: one code may be raised twice at one time).
    pub id: String,
    pub line_id: String,
    pub line_name: Option<String>,
    /// The batch that was running (none between batches).
    pub batch_id: Option<String>,
    pub code: String,
    /// `INFO`, `WARNING` or `CRITICAL`, as configured (else as raised).
    pub severity: String,
    /// The configured text in the request's language, else the text it was raised with.
    pub text: String,
    pub stops_line: bool,
    pub raised_at: DateTime<Utc>,
    pub cleared_at: Option<DateTime<Utc>>,
    pub acked_at: Option<DateTime<Utc>>,
    /// From raised to cleared, s (none while it stands).
    pub duration_s: Option<f64>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AlarmList {
    pub from_date_time: DateTime<Utc>,
    pub to_date_time: DateTime<Utc>,
    pub page: i64,
    pub limit: i64,
    pub total: i64,
    pub rows: Vec<AlarmRow>,
}

pub use app::alarms::AlarmConfig;

async fn configs(s: &AppState) -> ApiResult<Vec<AlarmConfig>> {
    Ok(app::alarms::configs(s).await?)
}

/// The rows of `alarms`, named by the configuration in `lang`.
async fn rows(
    s: &AppState,
    alarms: Vec<db::batches::Alarm>,
    lang: RequestLang,
) -> ApiResult<Vec<AlarmRow>> {
    let config: HashMap<String, AlarmConfig> = configs(s)
        .await?
        .into_iter()
        .map(|c| (c.code.clone(), c))
        .collect();
    let mut lines: HashMap<String, Option<String>> = HashMap::new();
    let mut out = Vec::new();
    for a in alarms {
        if !lines.contains_key(&a.line_id) {
            lines.insert(a.line_id.clone(), super::line_name(s, &a.line_id).await?);
        }
        let c = config.get(&a.code);
        let text = c
            .and_then(|c| {
                c.texts
                    .get(lang.0.code())
                    .or_else(|| c.texts.get(Lang::En.code()))
            })
            .filter(|t| !t.trim().is_empty())
            .cloned()
            .unwrap_or(a.message);
        out.push(AlarmRow {
            line_name: lines.get(&a.line_id).cloned().flatten(),
            severity: c.map_or(a.severity, |c| c.severity.clone()),
            stops_line: c.is_some_and(|c| c.stops_line),
            duration_s: a.cleared_at.map(|t| (t - a.raised_at).as_seconds_f64()),
            text,
            id: a.id.to_string(),
            line_id: a.line_id,
            batch_id: a.batch_id,
            code: a.code,
            raised_at: a.raised_at,
            cleared_at: a.cleared_at,
            acked_at: a.acked_at,
        });
    }
    Ok(out)
}

/// The alarms raised while a batch ran, from its start to its end (to now while it runs).
#[utoipa::path(get, path = "/api/reports/batches/getbatchesalarms", tag = "reports",
    params(BatchQuery, Paging), responses((status = 200, body = Envelope<AlarmList>), (status = 400), (status = 404)))]
pub async fn batch_alarms(
    State(s): State<AppState>,
    lang: RequestLang,
    Query(q): Query<BatchQuery>,
    Query(paging): Query<Paging>,
) -> Answer<AlarmList> {
    let (page, limit) = paging.parse()?;
    let h = find(&s, &q).await?;
    let to = h.ended_at.unwrap_or_else(Utc::now);
    let from = h.started_at.unwrap_or(to);
    let f = db::batches::AlarmFilter {
        lines: vec![h.batch.line_id.clone()],
        from,
        to,
        codes: None,
        severities: None,
        limit,
        offset: (page - 1) * limit,
    };
    let (total, alarms) = db::batches::alarms(&s.pool, &f).await?;
    answer(AlarmList {
        from_date_time: from,
        to_date_time: to,
        page,
        limit,
        total,
        rows: rows(&s, alarms, lang).await?,
    })
}

/// Which alarms the alarm list shows.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct AlarmQuery {
    /// Alarm codes, comma-separated (omitted, `0` or `NONE`: every code).
    pub alarm_code: Option<String>,
    /// Severities, comma-separated: `INFO`, `WARNING`, `CRITICAL` (omitted: all).
    pub severity: Option<String>,
}

/// The alarms raised in the range, newest first, a page at a time.
#[utoipa::path(get, path = "/api/reports/alarm/getalarms", tag = "reports",
    params(ReportQuery, Paging, AlarmQuery), responses((status = 200, body = Envelope<AlarmList>), (status = 400)))]
pub async fn alarm_list(
    State(s): State<AppState>,
    lang: RequestLang,
    Query(q): Query<ReportQuery>,
    Query(paging): Query<Paging>,
    Query(a): Query<AlarmQuery>,
) -> Answer<AlarmList> {
    let (page, limit) = paging.parse()?;
    let severities = match given(a.severity.as_deref()) {
        None => None,
        Some(raw) => Some(
            raw.split(',')
                .filter(|v| !v.trim().is_empty())
                .map(|v| {
                    choice_of(Some(v), "severity", Severity::ALL, Severity::as_str)
                        .map(|c| c.map(Severity::as_str).unwrap_or_default().to_string())
                })
                .collect::<app::Result<Vec<_>>>()?,
        ),
    };
    let codes = given(a.alarm_code.as_deref()).map(|raw| {
        raw.split(',')
            .map(|c| c.trim().to_string())
            .filter(|c| !c.is_empty())
            .collect::<Vec<_>>()
    });
    let scope = q.scope(&s).await?;
    let f = db::batches::AlarmFilter {
        lines: scope.line_ids(),
        from: scope.from,
        to: scope.to,
        codes,
        severities,
        limit,
        offset: (page - 1) * limit,
    };
    let (total, alarms) = db::batches::alarms(&s.pool, &f).await?;
    answer(AlarmList {
        from_date_time: scope.from,
        to_date_time: scope.to,
        page,
        limit,
        total,
        rows: rows(&s, alarms, lang).await?,
    })
}

/// Every alarm code's configuration (codes the plant raised are listed from their first raise).
#[utoipa::path(get, path = "/api/reports/alarms/config", tag = "reports",
    responses((status = 200, body = Envelope<Vec<AlarmConfig>>)))]
pub async fn config_list(State(s): State<AppState>) -> Answer<Vec<AlarmConfig>> {
    answer(configs(&s).await?)
}

/// Sets an alarm code's severity, texts and whether it stops the line (audited).
#[utoipa::path(put, path = "/api/reports/alarms/config", tag = "reports", request_body = AlarmConfig,
    responses((status = 200, body = Envelope<AlarmConfig>), (status = 400)))]
pub async fn config_update(
    State(s): State<AppState>,
    user: AuthUser,
    Body(c): Body<AlarmConfig>,
) -> Answer<AlarmConfig> {
    let saved = app::alarms::configure(&s, user.email(), c).await?;
    Ok(Json(Envelope::data(saved)))
}
