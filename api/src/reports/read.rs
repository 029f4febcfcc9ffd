//! How every report reads its range (`app::reports::read`), and how a report handler answers.

use axum::Json;
use model::Envelope;

use crate::error::ApiResult;

pub use app::reports::read::*;

/// What a report handler answers.
pub type Answer<T> = ApiResult<Json<Envelope<T>>>;

/// A report's answer in its envelope.
pub fn answer<T: serde::Serialize>(data: T) -> Answer<T> {
    Ok(Json(Envelope::data(data)))
}
