//! The shift log's records and requests.

use chrono::{DateTime, NaiveDate, Utc};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use uuid::Uuid;

use crate::reports::oee::OeeFigures;

/// Something to follow up, carried to the next shift until done.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OpenItem {
    pub id: Uuid,
    pub text: String,
    pub done: bool,
    /// The entry it was carried from (the shift before), if it was.
    pub carried_from: Option<Uuid>,
}

/// A stop reason of a shift, with its stops.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SummaryStop {
    /// The reason's code; '' for stops without a reason.
    pub code: String,
    /// Its name; absent for stops without a reason.
    pub name: Option<String>,
    pub stops: i64,
    pub duration_s: f64,
}

/// What the shift made and what stopped it, as the server counts it.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ShiftSummary {
    /// When it was counted (at the handover, for a summary kept).
    pub computed_at: DateTime<Utc>,
    pub batches: i64,
    pub aborted: i64,
    pub actual_kg: f64,
    pub tonnes: f64,
    pub stops: i64,
    pub stop_s: f64,
    /// The longest stop reasons, longest first.
    pub stop_reasons: Vec<SummaryStop>,
    pub alarms: i64,
    pub critical_alarms: i64,
    /// Raised in the shift and not acknowledged (when counted).
    pub unacknowledged_alarms: i64,
    pub oee: OeeFigures,
}

/// A shift log entry.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ShiftLog {
    pub id: Uuid,
    pub line_id: Uuid,
    pub line_name: String,
    pub shift_id: Uuid,
    pub shift_name: String,
    /// The local date the shift starts on.
    #[schema(value_type = String, format = Date)]
    pub date: NaiveDate,
    pub starts_at: DateTime<Utc>,
    pub ends_at: DateTime<Utc>,
    pub notes: String,
    pub open_items: Vec<OpenItem>,
    pub created_at: DateTime<Utc>,
    pub created_by: String,
    pub updated_at: DateTime<Utc>,
    pub updated_by: String,
    pub handed_over_at: Option<DateTime<Utc>>,
    pub handed_over_by: Option<String>,
    pub handover_note: Option<String>,
    /// From when it may be handed over (30 minutes before the shift ends).
    pub handover_from: DateTime<Utc>,
    /// The summary: kept at the handover, else counted now (`summaryFinal`); absent in lists
    /// while the shift is open.
    pub summary: Option<ShiftSummary>,
    pub summary_final: bool,
}

/// The filters of the list.
#[derive(Debug, Default, Clone, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct ShiftLogQuery {
    /// A line's `_id`; omitted or `ALL` for every line.
    pub line_id: Option<String>,
    /// Entries of shifts that started from here (RFC 3339)…
    pub from_date_time: Option<String>,
    /// …to here, excluded (at most 400 days later).
    pub to_date_time: Option<String>,
    /// Words in the notes, open items or handover note (any case).
    pub search: Option<String>,
}

/// A new entry.
#[derive(Debug, Default, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AddShiftLog {
    pub line_id: Option<String>,
    pub shift_id: Option<String>,
    /// The local date the shift starts on (`YYYY-MM-DD`).
    pub date: Option<String>,
    pub notes: Option<String>,
}

/// An open item as the operators edit it: a new one has no `id`.
#[derive(Debug, Default, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OpenItemInput {
    pub id: Option<Uuid>,
    pub text: Option<String>,
    #[serde(default)]
    pub done: bool,
}

/// New notes and open items (each replaces what the entry had; absent keeps it).
#[derive(Debug, Default, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EditShiftLog {
    pub notes: Option<String>,
    pub open_items: Option<Vec<OpenItemInput>>,
}

/// The next shift's operator taking the handover.
#[derive(Debug, Default, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Handover {
    pub note: Option<String>,
}
