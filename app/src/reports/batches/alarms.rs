//! Alarms: the alarms raised while a batch ran, and the alarm list of a range, each row with
//! its code's configuration (severity, text, whether it stops the line).

use std::collections::HashMap;

use chrono::{DateTime, Utc};
use model::Lang;
use serde::Serialize;
use utoipa::ToSchema;

use crate::reports::scope::Scope;
use crate::{App, Result};

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

/// The rows of `alarms`, named by the configuration in `lang`.
/// `lang`: the language whose configured text each row shows (English, else the text it
/// was raised with, when none is configured).
pub async fn rows(app: &App, alarms: Vec<db::batches::Alarm>, lang: Lang) -> Result<Vec<AlarmRow>> {
    let config = crate::alarms::configs_by_code(app).await?;
    let mut lines: HashMap<String, Option<String>> = HashMap::new();
    let mut out = Vec::new();
    for a in alarms {
        if !lines.contains_key(&a.line_id) {
            lines.insert(a.line_id.clone(), super::line_name(app, &a.line_id).await?);
        }
        let c = config.get(&a.code);
        let text = crate::alarms::handling::text(c, lang, &a.message);
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

/// The alarms raised while batch `h` ran, from its start to its end (to now while it runs),
/// page `page` of `limit`, with the texts configured in `lang`.
pub async fn batch_alarms(
    app: &App,
    h: db::batches::Header,
    page: i64,
    limit: i64,
    lang: Lang,
) -> Result<AlarmList> {
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
    let (total, alarms) = db::batches::alarms(app.reads(), &f).await?;
    Ok(AlarmList {
        from_date_time: from,
        to_date_time: to,
        page,
        limit,
        total,
        rows: rows(app, alarms, lang).await?,
    })
}

/// The alarms raised in `scope`, newest first, of `codes` and `severities` (all when none),
/// page `page` of `limit`, with the texts configured in `lang`.
pub async fn alarm_list(
    app: &App,
    scope: &Scope,
    codes: Option<Vec<String>>,
    severities: Option<Vec<String>>,
    page: i64,
    limit: i64,
    lang: Lang,
) -> Result<AlarmList> {
    let f = db::batches::AlarmFilter {
        lines: scope.line_ids(),
        from: scope.from,
        to: scope.to,
        codes,
        severities,
        limit,
        offset: (page - 1) * limit,
    };
    let (total, alarms) = db::batches::alarms(app.reads(), &f).await?;
    Ok(AlarmList {
        from_date_time: scope.from,
        to_date_time: scope.to,
        page,
        limit,
        total,
        rows: rows(app, alarms, lang).await?,
    })
}
