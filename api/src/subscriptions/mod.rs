//! Scheduled reports (issue 35, item 3): `/api/reportsubscriptions` in the configuration
//! pattern — `GET` (list), `GET /{id}`, `POST /add`, `POST /edit/{id}`, `POST /delete {id}` —
//! and `GET /api/reportsubscriptions/{id}/deliveries` (the history, newest period first). Any
//! `REPORTS_*` privilege; a subscription is changed by whoever saved it or an administrator.
//! The sending is `send`: each api process runs it, and each period goes out once.

use app::subscriptions;
use axum::Json;
use axum::extract::{Path, State};
use model::subscription::{ReportDelivery, Subscription, SubscriptionInput};
use model::{AccessRule, Envelope, Msg};
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

pub mod files;
pub mod send;

use crate::AppState;
use crate::auth::{AuthUser, guarded};
use crate::error::ApiResult;
use crate::extract::{Body, Query};
use crate::i18n_layer::RequestLang;
use crate::paging::{Listed, Paging, Window};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(guarded(AccessRule::REPORTS, routes!(list)))
        .routes(guarded(AccessRule::REPORTS, routes!(get)))
        .routes(guarded(AccessRule::REPORTS, routes!(add)))
        .routes(guarded(AccessRule::REPORTS, routes!(edit)))
        .routes(guarded(AccessRule::REPORTS, routes!(delete)))
        .routes(guarded(AccessRule::REPORTS, routes!(deliveries)))
}

/// Every subscription, newest first, with its zone and next delivery.
#[utoipa::path(operation_id = "subscription_list", get, path = "/api/reportsubscriptions", tag = "reportsubscriptions",
    responses((status = 200, body = Envelope<Vec<Subscription>>)))]
async fn list(State(s): State<AppState>) -> ApiResult<Json<Envelope<Vec<Subscription>>>> {
    Ok(Json(Envelope::data(subscriptions::list(&s.app).await?)))
}

#[utoipa::path(operation_id = "subscription_get", get, path = "/api/reportsubscriptions/{id}", tag = "reportsubscriptions",
    params(("id" = String, Path)), responses((status = 200, body = Envelope<Subscription>), (status = 404)))]
async fn get(
    State(s): State<AppState>,
    Path(id): Path<String>,
) -> ApiResult<Json<Envelope<Subscription>>> {
    Ok(Json(Envelope::data(subscriptions::get(&s.app, &id).await?)))
}

fn said(lang: RequestLang, code: &'static str, s: Subscription) -> Json<Envelope<Subscription>> {
    let msg = Msg::new(code).arg("name", &s.name);
    Json(Envelope::data(s).with_message(lang.text(&msg)))
}

/// Saves a report's filter as a subscription: delivered each period as the cadence says, read
/// with the access of whoever saves it.
#[utoipa::path(operation_id = "subscription_add", post, path = "/api/reportsubscriptions/add", tag = "reportsubscriptions",
    request_body = SubscriptionInput, responses((status = 200, body = Envelope<Subscription>), (status = 400)))]
async fn add(
    State(s): State<AppState>,
    user: AuthUser,
    lang: RequestLang,
    Body(b): Body<SubscriptionInput>,
) -> ApiResult<Json<Envelope<Subscription>>> {
    let saved = subscriptions::create(&s.app, user.email(), &b).await?;
    Ok(said(lang, "subscription.saved", saved))
}

/// Changes a subscription (its owner or an administrator; 403 otherwise, 409 when someone saved
/// it since `updatedAt`).
#[utoipa::path(operation_id = "subscription_edit", post, path = "/api/reportsubscriptions/edit/{id}", tag = "reportsubscriptions",
    params(("id" = String, Path)), request_body = SubscriptionInput,
    responses((status = 200, body = Envelope<Subscription>), (status = 400), (status = 403), (status = 404), (status = 409)))]
async fn edit(
    State(s): State<AppState>,
    user: AuthUser,
    lang: RequestLang,
    Path(id): Path<String>,
    Body(b): Body<SubscriptionInput>,
) -> ApiResult<Json<Envelope<Subscription>>> {
    let saved = subscriptions::edit(&s.app, user.email(), user.role, &id, &b).await?;
    Ok(said(lang, "subscription.saved", saved))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct DeleteRequest {
    pub id: Option<String>,
}

/// Deletes a subscription: nothing more is delivered; its history stays.
#[utoipa::path(operation_id = "subscription_delete", post, path = "/api/reportsubscriptions/delete", tag = "reportsubscriptions",
    request_body = DeleteRequest, responses((status = 200, body = Envelope<Subscription>), (status = 403), (status = 404)))]
async fn delete(
    State(s): State<AppState>,
    user: AuthUser,
    lang: RequestLang,
    Body(b): Body<DeleteRequest>,
) -> ApiResult<Json<Envelope<Subscription>>> {
    let id = b.id.unwrap_or_default();
    let gone = subscriptions::delete(&s.app, user.email(), user.role, &id).await?;
    Ok(said(lang, "subscription.deleted", gone))
}

/// The deliveries of a subscription, newest period first (50 a page unless `limit` says): each
/// period's status, tries, when it was sent, the file, the last error.
#[utoipa::path(operation_id = "subscription_deliveries", get, path = "/api/reportsubscriptions/{id}/deliveries", tag = "reportsubscriptions",
    params(("id" = String, Path), Paging),
    responses((status = 200, body = Envelope<Vec<ReportDelivery>>, headers(("x-total-count" = i64, description = "how many deliveries it has"))), (status = 404)))]
async fn deliveries(
    State(s): State<AppState>,
    Path(id): Path<String>,
    Query(paging): Query<Paging>,
) -> ApiResult<Listed<ReportDelivery>> {
    let (page, limit) = paging.parse_with(50)?;
    let window = Window::Page { page, limit };
    let (rows, total) =
        subscriptions::deliveries(&s.app, &id, window.limit(), window.offset()).await?;
    window.finish(rows, async { Ok(total) }).await
}
