//! Batch reports (issue 13) under `/api/reports/batches/`: statistics per recipe and order, the
//! batch summary a page at a time, and one batch's record — what was planned (the control
//! recipe its order froze) and what happened (doses, mixing, process values, alarms).

pub(crate) mod alarms;
pub(crate) mod doses;
pub(crate) mod mixing;
pub(crate) mod record;
pub(crate) mod stats;
pub(crate) mod summary;

pub use app::reports::batches::{BatchQuery, find};
