//! Batch reports (issue 13) under `/api/reports/batches/`: statistics per recipe and order, the
//! batch summary a page at a time, and one batch's record — what was planned (the control
//! recipe its order froze) and what happened (doses, mixing, process values, alarms).

pub mod alarms;
pub mod doses;
pub mod mixing;
pub mod record;
pub mod summary;

use model::Msg;
use serde::Deserialize;
use utoipa::IntoParams;
use uuid::Uuid;

use super::scope::given;
use crate::{App, Error, Result};

pub use super::scope::BatchIdentity;

/// One batch: its number, and its line when two lines could share it.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct BatchQuery {
    /// The batch number.
    pub batch_id: Option<String>,
    /// The batch's line (`_id`); may be left out unless two lines have a batch of that number.
    pub line_id: Option<String>,
}

/// The batch `q` names: 400 without a number or with a line that is no line's `_id`, 404 for
/// none, 400 on `lineId` when two lines have one of that number.
pub async fn find(app: &App, q: &BatchQuery) -> Result<db::batches::Header> {
    let batch = given(q.batch_id.as_deref())
        .ok_or_else(|| Error::field("batchId", Msg::new("validation.required")))?;
    let line = match q.line_id.as_deref().map(str::trim) {
        None | Some("") | Some("ALL") => None,
        Some(raw) => Some(
            Uuid::parse_str(raw)
                .map_err(|_| Error::field("lineId", Msg::new("config.lineNotFound")))?
                .to_string(),
        ),
    };
    let mut found = db::batches::headers(app.reads(), line.as_deref(), batch).await?;
    match found.len() {
        0 => Err(Error::NotFound(Msg::new("report.batchNotFound"))),
        1 => Ok(found.remove(0)),
        _ => Err(Error::field(
            "lineId",
            Msg::new("report.batchOnSeveralLines"),
        )),
    }
}

/// The name of line `id`, when it is configured.
pub async fn line_name(app: &App, id: &str) -> Result<Option<String>> {
    Ok(db::lines::name(app.reads(), id).await?)
}
