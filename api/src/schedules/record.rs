//! A production order as the api answers it ([`ScheduleRecord`]), the light list entry, the
//! batches of an order, and the carry-over settings of a line. What the calls take is
//! [`super::requests`].

use chrono::{DateTime, Utc};
use db::schedules::{Batch, Order};
use model::schedule::carry::Conflict;
use model::schedule::control::ControlRecipe;
use model::schedule::{Kind, Status};
use serde::Serialize;
use utoipa::ToSchema;
use uuid::Uuid;

use crate::i18n_layer::RequestLang;
pub use app::orders::guard::conflict_msg;
pub use app::orders::{DeleteOrder, FlushRequest, RecipeChange, ScheduleInput, StatusChange};

/// The order before this one whose class this one may not follow without a flush.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CarryOverRisk {
    pub previous_id: Uuid,
    pub previous_order_number: String,
    pub from_class: String,
    pub to_class: String,
    /// The risk in the user's language.
    pub message: String,
}

/// One entry of an order's history.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HistoryEntry {
    pub at: DateTime<Utc>,
    pub actor: Option<String>,
    /// created, updated, deleted, status.
    pub action: String,
    pub from_status: Option<String>,
    pub to_status: Option<String>,
}

/// A batch an order produced.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BatchRecord {
    pub batch_id: String,
    /// RUNNING, COMPLETE or ABORTED.
    pub status: String,
    pub recipe_id: String,
    pub recipe_version: i32,
    pub started_at: Option<DateTime<Utc>>,
    pub ended_at: Option<DateTime<Utc>>,
    pub target_kg: f64,
    pub actual_kg: Option<f64>,
}

impl From<Batch> for BatchRecord {
    fn from(b: Batch) -> Self {
        BatchRecord {
            batch_id: b.batch_id,
            status: b.status.as_str().to_string(),
            recipe_id: b.recipe_id,
            recipe_version: b.recipe_version,
            started_at: b.started_at,
            ended_at: b.ended_at,
            target_kg: b.target_kg,
            actual_kg: b.actual_kg,
        }
    }
}

/// A production order.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ScheduleRecord {
    #[serde(rename = "_id")]
    pub id: Uuid,
    pub line_id: Uuid,
    pub line_code: String,
    pub line_name: String,
    pub kind: Kind,
    pub order_number: String,
    pub name: String,
    /// The recipe (group); none for a flush.
    pub recipe_group_id: Option<Uuid>,
    pub recipe_code: Option<String>,
    /// The version that runs: pinned at release, until then the one at the production level.
    pub recipe_id: Option<Uuid>,
    pub recipe_name: Option<String>,
    pub recipe_version: Option<i32>,
    /// True once released: the version never changes again.
    pub pinned: bool,
    #[schema(value_type = model::choice::MedicationClass)]
    pub medication_class: String,
    pub batch_size_kg: f64,
    pub batches: i32,
    /// batches × batch size.
    pub planned_kg: f64,
    pub planned_start: DateTime<Utc>,
    pub sequence: i32,
    pub notes: Option<String>,
    pub status: Status,
    /// The status in the user's language.
    pub status_name: String,
    /// The statuses a user may move the order to now.
    pub transitions: Vec<Status>,
    /// Its fields may be changed now (a planned production order); else edit answers 409.
    pub editable: bool,
    /// It may be deleted now (anything but a running order); else delete answers 409.
    pub deletable: bool,
    /// On the order board (released, running or held): the plant may change it any moment.
    pub on_board: bool,
    /// A flush may be placed before it now (not started, not finished); else 409.
    pub takes_flush: bool,
    pub batches_done: i32,
    pub batches_aborted: i32,
    pub produced_kg: f64,
    /// batches done ÷ batches, 0…1.
    pub progress: f64,
    /// Set when the order may not follow the one before it without a flush.
    pub carry_over: Option<CarryOverRisk>,
    /// Released, not started, and its planned start has passed.
    pub late: bool,
    /// A late order: when it is expected to start (after the batches left of the orders before
    /// it, at the line's recent batch time).
    pub expected_start: Option<DateTime<Utc>>,
    /// Set when an order pinned to a version that no longer holds the production level has
    /// not finished: `REPLACED` (another version holds it: `currentVersion`) or `WITHDRAWN`.
    pub recipe_change: Option<RecipeChange>,
    /// The version holding the production level now, when it is not the order's.
    pub current_version: Option<i32>,
    pub released_at: Option<DateTime<Utc>>,
    pub released_by: Option<String>,
    pub started_at: Option<DateTime<Utc>>,
    pub finished_at: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
    pub created_by: Option<String>,
    pub updated_at: DateTime<Utc>,
    pub updated_by: Option<String>,
    /// One order only (`GET …/{id}`): the frozen control recipe, or for a planned order what it
    /// would be if released now.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub control_recipe: Option<ControlRecipe>,
    /// One order only: why a planned order could not be released now.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub control_problems: Option<Vec<String>>,
    /// One order only: the batches it produced.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub produced_batches: Option<Vec<BatchRecord>>,
    /// The electronic signature of its release (a medicated order, issue 35): only in the
    /// answer about one order.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub signatures: Option<Vec<model::signature::Signature>>,
    /// One order only: its history, oldest first.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub history: Option<Vec<HistoryEntry>>,
}

/// The name of `status` in the request's language.
pub fn status_name(status: Status, lang: RequestLang) -> String {
    lang.text(&app::orders::status_msg(status))
}

/// The record of `o` (the list fields); `risk` is its conflict with the order before it.
pub fn build(o: &Order, risk: Option<(&Conflict, &str)>, lang: RequestLang) -> ScheduleRecord {
    let (status, kind, allowed) = (o.status(), o.kind(), o.allowed());
    ScheduleRecord {
        id: o.id,
        line_id: o.line_id,
        line_code: o.line_code.clone(),
        line_name: o.line_name.clone(),
        kind,
        order_number: o.order_number.clone(),
        name: o.name.clone(),
        recipe_group_id: o.recipe_group_id,
        recipe_code: o.recipe_code.clone(),
        recipe_id: o.recipe_id,
        recipe_name: o.recipe_name.clone(),
        recipe_version: o.recipe_version,
        pinned: o.pinned,
        medication_class: o.medication_class.clone(),
        batch_size_kg: o.batch_size_kg,
        batches: o.batches,
        planned_kg: o.batch_size_kg * f64::from(o.batches),
        planned_start: o.planned_start,
        sequence: o.sequence,
        notes: o.notes.clone(),
        status,
        status_name: status_name(status, lang),
        transitions: allowed.transitions,
        editable: allowed.editable,
        deletable: allowed.deletable,
        on_board: allowed.on_board,
        takes_flush: allowed.takes_flush,
        batches_done: o.batches_done,
        batches_aborted: o.batches_aborted,
        produced_kg: (o.produced_kg * 1000.0).round() / 1000.0,
        progress: (f64::from(o.batches_done) / f64::from(o.batches.max(1))).min(1.0),
        carry_over: risk.map(|(c, previous)| CarryOverRisk {
            previous_id: c.previous,
            previous_order_number: previous.to_string(),
            from_class: c.from_class.clone(),
            to_class: c.to_class.clone(),
            message: lang.text(&conflict_msg(c, previous, &o.order_number)),
        }),
        late: o.expected_start.is_some(),
        expected_start: o.expected_start,
        recipe_change: RecipeChange::of(o),
        current_version: RecipeChange::of(o)
            .is_some()
            .then_some(o.production_version)
            .flatten(),
        released_at: o.released_at,
        released_by: o.released_by.clone(),
        started_at: o.started_at,
        finished_at: o.finished_at,
        created_at: o.created_at,
        created_by: o.created_by.clone(),
        updated_at: o.updated_at,
        updated_by: o.updated_by.clone(),
        control_recipe: None,
        control_problems: None,
        produced_batches: None,
        signatures: None,
        history: None,
    }
}

/// The light list entry (selectors, report filters).
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ScheduleListItem {
    #[serde(rename = "_id")]
    pub id: Uuid,
    pub line_id: Uuid,
    pub kind: Kind,
    pub order_number: String,
    pub name: String,
    pub status: Status,
    pub recipe_code: Option<String>,
    pub recipe_id: Option<Uuid>,
    pub planned_start: DateTime<Utc>,
}

impl From<&Order> for ScheduleListItem {
    fn from(o: &Order) -> Self {
        ScheduleListItem {
            id: o.id,
            line_id: o.line_id,
            kind: o.kind,
            order_number: o.order_number.clone(),
            name: o.name.clone(),
            status: o.status,
            recipe_code: o.recipe_code.clone(),
            recipe_id: o.recipe_id,
            planned_start: o.planned_start,
        }
    }
}

/// A status with its name and where a user may move an order from it.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StatusRecord {
    pub status: Status,
    pub name: String,
    pub transitions: Vec<Status>,
    /// Set by the plant's batch events only (RUNNING, COMPLETED).
    pub by_plant: bool,
}

pub use app::orders::carry::CarryOverSettings;

/// A recipe produced or planned on a line in a range.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RecipeSeenRecord {
    /// The version's `_id` as batches carry it.
    pub recipe_id: String,
    pub recipe_group_id: Option<Uuid>,
    pub line_id: String,
    pub code: Option<String>,
    pub name: Option<String>,
    pub version: Option<i32>,
    pub produced: bool,
    pub planned: bool,
}

/// The history of an order from its audit entries.
pub fn history(rows: Vec<db::schedules::AuditRow>) -> Vec<HistoryEntry> {
    rows.into_iter()
        .map(|(at, actor, action, detail)| {
            let s = |k: &str| {
                detail
                    .as_ref()
                    .and_then(|d| d[k].as_str())
                    .map(str::to_string)
            };
            HistoryEntry {
                at,
                actor,
                action,
                from_status: s("from"),
                to_status: s("to"),
            }
        })
        .collect()
}
