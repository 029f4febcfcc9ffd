//! The alarm performance report (issue 34, item 2): ISA-18.2's measures over the alarms raised
//! in the report's range, per line and for the lines together (`app::reports::alarm_performance`).

use axum::extract::State;
use model::Envelope;

use super::read::{Answer, answer};
use super::scope::ReportQuery;
use crate::AppState;
use crate::extract::Query;
use crate::i18n_layer::RequestLang;

pub use app::reports::alarm_performance::AlarmPerformance;

/// Alarms per 10 minutes (at most one acceptable, more than ten a flood), flood periods, the ten
/// most frequent alarms, chattering (three or more of one alarm within a minute), standing
/// alarms (active for more than 24 hours) and the time to acknowledge; per line and for all.
#[utoipa::path(operation_id = "alarm_performance", get, path = "/api/reports/alarms/performance", tag = "reports",
    params(ReportQuery), responses((status = 200, body = Envelope<AlarmPerformance>), (status = 400)))]
pub async fn report(
    State(s): State<AppState>,
    lang: RequestLang,
    Query(q): Query<ReportQuery>,
) -> Answer<AlarmPerformance> {
    let scope = q.scope(&s).await?;
    answer(app::reports::alarm_performance::report(&s, &scope, lang.0).await?)
}
