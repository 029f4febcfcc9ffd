//! The plant's alarm configuration: per alarm code its severity, texts per language and
//! whether it stops the line.

use std::collections::HashMap;

use chrono::{DateTime, Utc};
use model::wire::Severity;
use sqlx::types::Json;
use sqlx::{PgConnection, PgExecutor};

use crate::DbResult;

pub mod handling;
pub mod performance;

/// One alarm code's configuration.
#[derive(Debug, Clone)]
pub struct AlarmConfig {
    pub code: String,
    pub severity: Severity,
    /// Text per language code.
    pub texts: Json<HashMap<String, String>>,
    pub stops_line: bool,
    pub updated_at: DateTime<Utc>,
    pub updated_by: Option<String>,
}

/// Every configured alarm code, by code.
pub async fn configs(db: impl PgExecutor<'_>) -> DbResult<Vec<AlarmConfig>> {
    Ok(sqlx::query_as!(
        AlarmConfig,
        r#"select code, severity as "severity: Severity", texts as "texts: Json<HashMap<String, String>>", stops_line, updated_at, updated_by
           from alarm_config order by code"#
    )
    .fetch_all(db)
    .await?)
}

/// Alarm `code`'s configuration as the audit trail keeps it (without its bookkeeping), locked
/// for the rest of the transaction; `None` before it is first configured.
pub async fn config_for_update(
    tx: &mut PgConnection,
    code: &str,
) -> DbResult<Option<serde_json::Value>> {
    Ok(sqlx::query_scalar!(
        r#"select to_jsonb(c) - 'created_at' - 'updated_at' - 'updated_by' as "c!" from alarm_config c
           where code = $1 for update"#,
        code
    )
    .fetch_optional(tx)
    .await?)
}

/// Creates or replaces alarm `code`'s configuration; answers when it was saved.
pub async fn save_config(
    tx: &mut PgConnection,
    code: &str,
    severity: Severity,
    texts: &HashMap<String, String>,
    stops_line: bool,
    by: &str,
) -> DbResult<DateTime<Utc>> {
    Ok(sqlx::query_scalar!(
        "insert into alarm_config (code, severity, texts, stops_line, updated_by) values ($1, $2, $3, $4, $5)
         on conflict (code) do update set severity = excluded.severity, texts = excluded.texts,
             stops_line = excluded.stops_line, updated_by = excluded.updated_by, updated_at = now()
         returning updated_at",
        code,
        severity as Severity,
        Json(texts) as _,
        stops_line,
        by
    )
    .fetch_one(tx)
    .await?)
}
