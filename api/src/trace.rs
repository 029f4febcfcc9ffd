//! Deliveries and traces (issue 33, items 4 and 5): `/api/deliveries…` in the configuration
//! pattern (what a weighbridge or an ERP calls), and `/api/trace/…` forward from a lot and
//! backward from a batch or a delivery, over `app::deliveries` and `app::trace`.

use app::deliveries::{self, DELIVERABLE_DAYS, Filter, MAX_DELIVERIES};
use axum::Json;
use axum::extract::{Path, State};
use model::trace::{BatchTrace, Deliverables, Delivery, DeliveryInput, DeliveryTrace, LotTrace};
use model::{AccessRule, Envelope, Msg};
use serde::Deserialize;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::AppState;
use crate::auth::{AuthUser, guarded};
use crate::error::{ApiError, ApiResult};
use crate::extract::{Body, Query};
use crate::i18n_layer::RequestLang;
use crate::lots::id_filter;
use crate::paging::{Listed, Paging, Window};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(guarded(
            AccessRule::LOTS,
            routes!(list_deliveries, list_deliveries_post),
        ))
        .routes(guarded(AccessRule::LOTS, routes!(get_delivery)))
        .routes(guarded(AccessRule::LOTS, routes!(deliverables)))
        .routes(guarded(AccessRule::LOT_CREATE, routes!(add_delivery)))
        .routes(guarded(AccessRule::LOT_UPDATE, routes!(edit_delivery)))
        .routes(guarded(AccessRule::LOT_DELETE, routes!(delete_delivery)))
        .routes(guarded(AccessRule::LOTS, routes!(trace_lot)))
        .routes(guarded(AccessRule::BATCH_LOTS, routes!(trace_batch)))
        .routes(guarded(AccessRule::LOTS, routes!(trace_delivery)))
}

/// Which deliveries a list answers; every filter optional.
#[derive(Debug, Default, Deserialize, IntoParams, ToSchema)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct DeliveryFilter {
    pub customer_id: Option<String>,
    /// Deliveries carrying a batch of this line (`_id`); omitted or `ALL` for every line.
    pub line_id: Option<String>,
    /// Delivery numbers containing this (any case).
    pub delivery_number: Option<String>,
    /// Delivered at or after (RFC 3339).
    pub from_date_time: Option<String>,
    /// Delivered before (RFC 3339).
    pub to_date_time: Option<String>,
}

impl DeliveryFilter {
    fn filter(&self) -> ApiResult<Filter> {
        let (from, to) =
            crate::schedules::range(self.from_date_time.as_deref(), self.to_date_time.as_deref())?;
        Ok(Filter {
            customer: id_filter(self.customer_id.as_deref(), "customerId")?,
            line: id_filter(self.line_id.as_deref(), "lineId")?.map(|l| l.to_string()),
            number: self
                .delivery_number
                .as_deref()
                .map(str::trim)
                .filter(|s| !s.is_empty())
                .map(|s| s.chars().take(model::trace::LOT_NUMBER_MAX).collect()),
            from,
            to,
            limit: None,
            offset: 0,
        })
    }
}

async fn listing(
    state: &AppState,
    f: &DeliveryFilter,
    paging: &Paging,
) -> ApiResult<Listed<Delivery>> {
    let mut filter = f.filter()?;
    let window = Window::of(paging, MAX_DELIVERIES)?;
    (filter.limit, filter.offset) = (Some(window.limit()), window.offset());
    let rows = deliveries::list(&state.app, &filter).await?;
    let count = async { Ok(deliveries::count(&state.app, &filter).await?) };
    window.finish(rows, count).await
}

/// The deliveries, newest first, each with its batches.
#[utoipa::path(operation_id = "delivery_list", get, path = "/api/deliveries", tag = "traceability", params(DeliveryFilter, Paging),
    responses((status = 200, body = Envelope<Vec<Delivery>>, headers(("x-total-count" = i64, description = "how many deliveries match the filters, every page together"))), (status = 400)))]
async fn list_deliveries(
    State(state): State<AppState>,
    Query(f): Query<DeliveryFilter>,
    Query(paging): Query<Paging>,
) -> ApiResult<Listed<Delivery>> {
    listing(&state, &f, &paging).await
}

/// The same as `GET /api/deliveries`, the filters in the body.
#[utoipa::path(operation_id = "delivery_list_post", post, path = "/api/deliveries", tag = "traceability", request_body = DeliveryFilter, params(Paging),
    responses((status = 200, body = Envelope<Vec<Delivery>>, headers(("x-total-count" = i64, description = "how many deliveries match the filters, every page together"))), (status = 400)))]
async fn list_deliveries_post(
    State(state): State<AppState>,
    Query(paging): Query<Paging>,
    Body(f): Body<DeliveryFilter>,
) -> ApiResult<Listed<Delivery>> {
    listing(&state, &f, &paging).await
}

/// Which line's deliverable feed to answer.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct DeliverableQuery {
    /// The line's `_id`.
    pub line_id: Option<String>,
    /// How many days back (1 to 90; 14 when not given).
    pub days: Option<u32>,
    /// Batch numbers containing this (any case).
    pub batch_id: Option<String>,
}

/// What a line completed in the last days and has not delivered yet — its batches and its
/// orders with the kilograms left, newest first (at most 500 of each): what a delivery's form
/// offers. 400 without a line or with days out of range.
#[utoipa::path(get, path = "/api/deliverables", tag = "traceability", params(DeliverableQuery),
    responses((status = 200, body = Envelope<Deliverables>), (status = 400)))]
async fn deliverables(
    State(state): State<AppState>,
    Query(q): Query<DeliverableQuery>,
) -> ApiResult<Json<Envelope<Deliverables>>> {
    let line = id_filter(q.line_id.as_deref(), "lineId")?
        .ok_or_else(|| ApiError::field("lineId", Msg::new("config.lineRequired")))?;
    let (default, max) = DELIVERABLE_DAYS;
    let days = q.days.unwrap_or(default);
    if !(1..=max).contains(&days) {
        return Err(ApiError::field(
            "days",
            Msg::new("delivery.daysRange").arg("max", max),
        ));
    }
    Ok(Json(Envelope::data(
        deliveries::deliverables(&state.app, line, days, q.batch_id.as_deref()).await?,
    )))
}

#[utoipa::path(get, path = "/api/deliveries/{id}", tag = "traceability", params(("id" = String, Path)),
    responses((status = 200, body = Envelope<Delivery>), (status = 404)))]
async fn get_delivery(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> ApiResult<Json<Envelope<Delivery>>> {
    Ok(Json(Envelope::data(
        deliveries::get(&state.app, &id).await?,
    )))
}

fn saved(lang: &RequestLang, key: &'static str, d: Delivery) -> Json<Envelope<Delivery>> {
    let msg = Msg::new(key).arg("number", &d.delivery_number);
    Json(Envelope::data(d).with_message(lang.text(&msg)))
}

/// A delivery: its batches with kilograms, or an order and the kilograms loaded from it.
/// 400 when a batch is not made (or not complete) or would be delivered beyond what it made.
#[utoipa::path(post, path = "/api/deliveries/add", tag = "traceability", request_body = DeliveryInput,
    responses((status = 200, body = Envelope<Delivery>), (status = 400), (status = 409)))]
async fn add_delivery(
    State(state): State<AppState>,
    lang: RequestLang,
    user: AuthUser,
    Body(input): Body<DeliveryInput>,
) -> ApiResult<Json<Envelope<Delivery>>> {
    let d = deliveries::create(&state.app, user.email(), &input).await?;
    Ok(saved(&lang, "delivery.created", d))
}

#[utoipa::path(post, path = "/api/deliveries/edit/{id}", tag = "traceability", params(("id" = String, Path)),
    request_body = DeliveryInput,
    responses((status = 200, body = Envelope<Delivery>), (status = 400), (status = 404), (status = 409)))]
async fn edit_delivery(
    State(state): State<AppState>,
    lang: RequestLang,
    user: AuthUser,
    Path(id): Path<String>,
    Body(input): Body<DeliveryInput>,
) -> ApiResult<Json<Envelope<Delivery>>> {
    let d = deliveries::edit(&state.app, user.email(), &id, &input).await?;
    Ok(saved(&lang, "delivery.updated", d))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct DeleteDelivery {
    #[serde(alias = "_id")]
    pub id: Option<String>,
}

#[utoipa::path(post, path = "/api/deliveries/delete", tag = "traceability", request_body = DeleteDelivery,
    responses((status = 200, body = Envelope<Delivery>), (status = 400), (status = 404)))]
async fn delete_delivery(
    State(state): State<AppState>,
    lang: RequestLang,
    user: AuthUser,
    Body(req): Body<DeleteDelivery>,
) -> ApiResult<Json<Envelope<Delivery>>> {
    let Some(id) = req.id.filter(|i| !i.trim().is_empty()) else {
        return Err(ApiError::field("id", Msg::new("validation.required")));
    };
    let d = deliveries::delete(&state.app, user.email(), &id).await?;
    Ok(saved(&lang, "delivery.deleted", d))
}

/// A lot forward: the bins it went into, the batches (with its kilograms in each), their
/// orders, the deliveries and customers that got them, its mass balance, and the batches made
/// right after an affected medicated batch without a flush (carry-over risks).
#[utoipa::path(get, path = "/api/trace/lot/{id}", tag = "traceability", params(("id" = String, Path)),
    responses((status = 200, body = Envelope<LotTrace>), (status = 404)))]
async fn trace_lot(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> ApiResult<Json<Envelope<LotTrace>>> {
    Ok(Json(Envelope::data(
        app::trace::lot(&state.app, &id).await?,
    )))
}

/// A batch backward: its doses and the lot(s) each took, the lots with their suppliers and
/// shares, and the deliveries that carried it (report readers too: the batch record shows the
/// lots used).
#[utoipa::path(get, path = "/api/trace/batch/{lineId}/{batchId}", tag = "traceability",
    params(("lineId" = String, Path), ("batchId" = String, Path)),
    responses((status = 200, body = Envelope<BatchTrace>), (status = 404)))]
async fn trace_batch(
    State(state): State<AppState>,
    Path((line, batch)): Path<(String, String)>,
) -> ApiResult<Json<Envelope<BatchTrace>>> {
    Ok(Json(Envelope::data(
        app::trace::batch(&state.app, &line, &batch).await?,
    )))
}

/// A delivery backward through its batches: the lots in it (kilograms estimated from each
/// batch's share of what was loaded) and their suppliers.
#[utoipa::path(get, path = "/api/trace/delivery/{id}", tag = "traceability", params(("id" = String, Path)),
    responses((status = 200, body = Envelope<DeliveryTrace>), (status = 404)))]
async fn trace_delivery(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> ApiResult<Json<Envelope<DeliveryTrace>>> {
    Ok(Json(Envelope::data(
        app::trace::delivery(&state.app, &id).await?,
    )))
}
