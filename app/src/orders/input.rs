//! What the order calls take: an order to add or edit, a status change, a flush to place, an
//! order to delete.

use serde::Deserialize;
use utoipa::ToSchema;

/// What add and edit take. `recipeId` is a recipe's `_id` (a version's or its group's: the
/// order runs the version at the production level). Server-kept fields sent back are ignored.
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ScheduleInput {
    pub line_id: Option<String>,
    pub order_number: Option<String>,
    /// Defaults to the recipe's name.
    pub name: Option<String>,
    pub recipe_id: Option<String>,
    /// Defaults to the recipe's batch size.
    pub batch_size_kg: Option<f64>,
    pub batches: Option<i64>,
    /// RFC 3339.
    pub planned_start: Option<String>,
    /// The place in the line's queue (1 = first); defaults to after the last order. Orders at
    /// and after it move one place on.
    pub sequence: Option<i64>,
    pub notes: Option<String>,
    /// Add only: place a flush wherever the new order would break the line's carry-over matrix.
    #[serde(default)]
    pub with_flush: bool,
    /// Edit only: the `updatedAt` of the record as the edit started from it; when someone saved
    /// the record since, the edit answers 409 on `updatedAt` naming who and when. Optional.
    pub updated_at: Option<String>,
}

/// A status change.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StatusChange {
    pub status: Option<String>,
    /// The electronic signature releasing an order of a medicated class needs (issue 35).
    pub signature: Option<model::signature::SignatureInput>,
}

/// Where to place a flush: before the order `beforeId`.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FlushRequest {
    pub before_id: Option<String>,
}

/// `POST …/delete`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeleteOrder {
    pub id: String,
    /// Ignored: the signed-in user is recorded.
    #[allow(dead_code)]
    pub deleted_by: Option<String>,
}
