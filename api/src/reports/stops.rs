//! The stop-time report: every stop of the range (a line state STOPPED or FAULT, until the next
//! state of that line), its reason and group, totals and a Pareto by reason; and the reason a
//! supervisor gives a stop afterwards (audited). A stop the line reported without a reason is
//! *unqualified* until one is given.

use axum::Json;
use axum::extract::State;
use model::Envelope;

use super::read::{Answer, answer};
use super::scope::ReportQuery;
use crate::AppState;
use crate::auth::AuthUser;
use crate::extract::{Body, Query};
use crate::i18n_layer::RequestLang;
use crate::paging::Paging;

pub use app::reports::stops::{AssignReason, Stop, StopReport};

/// Stops with start, end, duration, state, reason and group; totals; a Pareto by reason.
#[utoipa::path(get, path = "/api/reports/stoptimereport", tag = "reports",
    params(ReportQuery, Paging), responses((status = 200, body = Envelope<StopReport>), (status = 400)))]
pub async fn report(
    State(s): State<AppState>,
    lang: RequestLang,
    Query(q): Query<ReportQuery>,
    Query(paging): Query<Paging>,
) -> Answer<StopReport> {
    let (page, limit) = paging.parse_with(500)?;
    let scope = q.scope(&s).await?;
    let windows = scope.windows(&s, super::scope::Cut::Whole).await?;
    let found = app::reports::stops::stops_in(&s, &scope, &windows, limit, (page - 1) * limit)
        .await?
        .said(lang.0);
    let total = found.totals.stops;
    let stops = found
        .page
        .into_iter()
        .map(|mut st| {
            st.line_name = scope
                .lines
                .iter()
                .find(|l| l.id == st.line_id)
                .map(|l| l.name.clone());
            st
        })
        .collect();
    let (totals, pareto) = (found.totals, found.pareto);
    answer(StopReport {
        from_date_time: scope.from,
        to_date_time: scope.to,
        page,
        limit,
        total,
        stops,
        totals,
        pareto,
    })
}

/// Gives a stop its reason (a supervisor qualifying a stop, or correcting the reported one);
/// audited with the reason before and after. Answers the stop as the report now shows it.
#[utoipa::path(post, path = "/api/reports/stoptimereport/assignreason", tag = "reports",
    request_body = AssignReason,
    responses((status = 200, body = Envelope<Stop>), (status = 400), (status = 404)))]
pub async fn assign(
    State(s): State<AppState>,
    user: AuthUser,
    lang: RequestLang,
    Body(b): Body<AssignReason>,
) -> Answer<Stop> {
    let (stop, msg) = app::reports::stops::assign(&s, user.email(), &b).await?;
    Ok(Json(Envelope::data(stop).with_message(lang.text(&msg))))
}
