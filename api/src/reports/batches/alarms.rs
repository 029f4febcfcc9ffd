//! Alarms: the alarms raised while a batch ran, the alarm list of a range, and the alarm
//! configuration (each code's severity, its text in five languages, whether it stops the line).

use app::reports::batches::alarms::AlarmList;
use axum::Json;
use axum::extract::State;
use model::Envelope;
use model::wire::Severity;
use serde::Deserialize;
use utoipa::IntoParams;

use super::{BatchQuery, find};
use crate::AppState;
use crate::auth::AuthUser;
use crate::error::ApiResult;
use crate::extract::{Body, Query};
use crate::i18n_layer::RequestLang;
use crate::paging::Paging;
use crate::reports::read::{Answer, answer};
use crate::reports::scope::{ReportQuery, choice_of, given};

pub use app::alarms::AlarmConfig;

async fn configs(s: &AppState) -> ApiResult<Vec<AlarmConfig>> {
    Ok(app::alarms::configs(s).await?)
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
    answer(app::reports::batches::alarms::batch_alarms(&s, h, page, limit, lang.0).await?)
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
    let list = app::reports::batches::alarms::alarm_list(
        &s, &scope, codes, severities, page, limit, lang.0,
    );
    answer(list.await?)
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
