//! The alarm configuration: each alarm code's severity, its text in five languages and
//! whether it stops the line.

use std::collections::HashMap;

use chrono::{DateTime, Utc};
use model::wire::Severity;
use model::{Lang, Msg};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::reports::scope::choice_of;

pub mod handling;
use crate::{App, Error, Result};

/// An alarm code's configuration.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AlarmConfig {
    pub code: String,
    /// `INFO`, `WARNING` or `CRITICAL`.
    #[schema(value_type = model::wire::Severity)]
    pub severity: String,
    /// Text per language code (`en`, `de`, `nl`, `fr`, `es`).
    pub texts: HashMap<String, String>,
    pub stops_line: bool,
    #[serde(default)]
    pub updated_at: Option<DateTime<Utc>>,
    #[serde(default)]
    pub updated_by: Option<String>,
}

/// Every alarm code's configuration (codes the plant raised are listed from their first
/// raise).
pub async fn configs(app: &App) -> Result<Vec<AlarmConfig>> {
    let rows = db::alarms::configs(&app.pool).await?;
    Ok(rows
        .into_iter()
        .map(|r| AlarmConfig {
            code: r.code,
            severity: r.severity.as_str().to_string(),
            texts: r.texts.0,
            stops_line: r.stops_line,
            updated_at: Some(r.updated_at),
            updated_by: r.updated_by,
        })
        .collect())
}

/// Every alarm code's configuration, by code.
pub async fn configs_by_code(app: &App) -> Result<HashMap<String, AlarmConfig>> {
    Ok(configs(app)
        .await?
        .into_iter()
        .map(|c| (c.code.clone(), c))
        .collect())
}

/// Sets an alarm code's severity, texts and whether it stops the line as `actor` (audited).
/// The configuration as saved.
pub async fn configure(app: &App, actor: &str, c: AlarmConfig) -> Result<AlarmConfig> {
    let code = c.code.trim().to_string();
    if code.is_empty() || code.len() > model::limits::ALARM_CODE {
        return Err(Error::field("code", Msg::new("validation.required")));
    }
    let level = choice_of(
        Some(&c.severity),
        "severity",
        Severity::ALL,
        Severity::as_str,
    )?
    .ok_or_else(|| Error::field("severity", Msg::new("validation.required")))?;
    let mut texts = HashMap::new();
    for (lang, text) in c.texts {
        if !Lang::ALL.iter().any(|l| l.code() == lang) {
            return Err(Error::field(
                &format!("texts.{lang}"),
                Msg::new("alarm.unknownLanguage"),
            ));
        }
        if text.chars().count() > model::limits::ALARM_TEXT {
            return Err(Error::field(
                &format!("texts.{lang}"),
                Msg::new("validation.textTooLong").arg("max", model::limits::ALARM_TEXT),
            ));
        }
        texts.insert(lang, text.trim().to_string());
    }
    let mut tx = app.pool.begin().await?;
    let before = db::alarms::config_for_update(&mut tx, &code).await?;
    let updated_at =
        db::alarms::save_config(&mut tx, &code, level, &texts, c.stops_line, actor).await?;
    let saved = AlarmConfig {
        code: code.clone(),
        severity: level.as_str().into(),
        texts,
        stops_line: c.stops_line,
        updated_at: Some(updated_at),
        updated_by: Some(actor.to_string()),
    };
    db::audit::write(
        &mut *tx,
        db::audit::Entry {
            actor: Some(actor),
            action: "alarmConfigUpdated",
            entity: "alarmConfig",
            entity_id: Some(code),
            before,
            after: serde_json::to_value(&saved).ok(),
            detail: None,
        },
    )
    .await?;
    tx.commit().await?;
    Ok(saved)
}
