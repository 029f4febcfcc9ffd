//! Lots and goods-in (issue 33): `/api/lots…` in the configuration pattern, a lot's status, and
//! the intake's `/api/bins/fill` with what a bin holds (`/api/bins/{id}/content`), over
//! `app::lots`. Suppliers and customers are configuration entities (`model::config`).

use app::lots::{self, Filter, MAX_LOTS};
use axum::Json;
use axum::extract::{Path, State};
use model::choice::Choice;
use model::trace::{BinContent, BinFill, BinFilled, Lot, LotInput, LotStatus, LotStatusChange};
use model::{AccessRule, Envelope, Msg};
use serde::Deserialize;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};
use uuid::Uuid;

use crate::AppState;
use crate::auth::{AuthUser, guarded};
use crate::error::{ApiError, ApiResult};
use crate::extract::{Body, Query};
use crate::i18n_layer::RequestLang;
use crate::paging::{Listed, Paging, Window};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(guarded(
            AccessRule::LOTS,
            routes!(list_lots, list_lots_post),
        ))
        .routes(guarded(AccessRule::LOTS, routes!(get_lot)))
        .routes(guarded(AccessRule::LOT_CREATE, routes!(add_lot)))
        .routes(guarded(AccessRule::LOT_UPDATE, routes!(edit_lot)))
        .routes(guarded(AccessRule::LOT_DELETE, routes!(delete_lot)))
        .routes(guarded(AccessRule::LOT_UPDATE, routes!(lot_status)))
        .routes(guarded(AccessRule::LOT_CREATE, routes!(fill_bin)))
        .routes(guarded(AccessRule::LOTS, routes!(bin_content)))
}

/// Which lots a list answers; every filter optional.
#[derive(Debug, Default, Deserialize, IntoParams, ToSchema)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct LotFilter {
    /// A line's `_id` (the lot's material's line); omitted or `ALL` for every line.
    pub line_id: Option<String>,
    pub material_id: Option<String>,
    pub supplier_id: Option<String>,
    /// QUARANTINE, RELEASED or BLOCKED; omitted or `ALL` for every status.
    pub status: Option<String>,
    /// Lot numbers containing this (any case).
    pub lot_number: Option<String>,
    /// Received at or after (RFC 3339).
    pub from_date_time: Option<String>,
    /// Received before (RFC 3339).
    pub to_date_time: Option<String>,
}

/// An id filter of a list: none when absent, empty or `ALL`; 400 when not an id.
pub(crate) fn id_filter(raw: Option<&str>, field: &str) -> ApiResult<Option<Uuid>> {
    match raw.map(str::trim).filter(|s| !s.is_empty() && *s != "ALL") {
        None => Ok(None),
        Some(s) => Uuid::parse_str(s)
            .map(Some)
            .map_err(|_| ApiError::field(field, Msg::new("config.refMissing"))),
    }
}

impl LotFilter {
    fn filter(&self) -> ApiResult<Filter> {
        let (from, to) =
            crate::schedules::range(self.from_date_time.as_deref(), self.to_date_time.as_deref())?;
        let status = match self
            .status
            .as_deref()
            .map(str::trim)
            .filter(|s| !s.is_empty() && *s != "ALL")
        {
            None => None,
            Some(s) => Some(LotStatus::parse(s).ok_or_else(|| {
                ApiError::field(
                    "status",
                    Msg::new("validation.choice").arg("options", LotStatus::NAMES.join(", ")),
                )
            })?),
        };
        Ok(Filter {
            line: id_filter(self.line_id.as_deref(), "lineId")?,
            material: id_filter(self.material_id.as_deref(), "materialId")?,
            supplier: id_filter(self.supplier_id.as_deref(), "supplierId")?,
            status,
            number: self
                .lot_number
                .as_deref()
                .map(str::trim)
                .filter(|s| !s.is_empty())
                .map(|s| s.chars().take(model::trace::LOT_NUMBER_MAX).collect()),
            received_from: from,
            received_to: to,
            limit: None,
            offset: 0,
        })
    }
}

async fn listing(state: &AppState, f: &LotFilter, paging: &Paging) -> ApiResult<Listed<Lot>> {
    let mut filter = f.filter()?;
    let window = Window::of(paging, MAX_LOTS)?;
    (filter.limit, filter.offset) = (Some(window.limit()), window.offset());
    let rows = lots::list(&state.app, &filter).await?;
    let count = async { Ok(lots::count(&state.app, &filter).await?) };
    window.finish(rows, count).await
}

/// The lots, newest receipt first, with what was filled, dosed and is still in bins of each.
#[utoipa::path(operation_id = "lot_list", get, path = "/api/lots", tag = "lots", params(LotFilter, Paging),
    responses((status = 200, body = Envelope<Vec<Lot>>, headers(("x-total-count" = i64, description = "how many lots match the filters, every page together"))), (status = 400)))]
async fn list_lots(
    State(state): State<AppState>,
    Query(f): Query<LotFilter>,
    Query(paging): Query<Paging>,
) -> ApiResult<Listed<Lot>> {
    listing(&state, &f, &paging).await
}

/// The same as `GET /api/lots`, the filters in the body.
#[utoipa::path(operation_id = "lot_list_post", post, path = "/api/lots", tag = "lots", request_body = LotFilter, params(Paging),
    responses((status = 200, body = Envelope<Vec<Lot>>, headers(("x-total-count" = i64, description = "how many lots match the filters, every page together"))), (status = 400)))]
async fn list_lots_post(
    State(state): State<AppState>,
    Query(paging): Query<Paging>,
    Body(f): Body<LotFilter>,
) -> ApiResult<Listed<Lot>> {
    listing(&state, &f, &paging).await
}

#[utoipa::path(get, path = "/api/lots/{id}", tag = "lots", params(("id" = String, Path)),
    responses((status = 200, body = Envelope<Lot>), (status = 404)))]
async fn get_lot(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> ApiResult<Json<Envelope<Lot>>> {
    Ok(Json(Envelope::data(lots::get(&state.app, &id).await?)))
}

fn saved(lang: &RequestLang, key: &'static str, lot: Lot) -> Json<Envelope<Lot>> {
    let msg = Msg::new(key).arg("lot", &lot.lot_number);
    Json(Envelope::data(lot).with_message(lang.text(&msg)))
}

/// Goods-in: a lot received (QUARANTINE unless `status` says otherwise).
#[utoipa::path(post, path = "/api/lots/add", tag = "lots", request_body = LotInput,
    responses((status = 200, body = Envelope<Lot>), (status = 400), (status = 409)))]
async fn add_lot(
    State(state): State<AppState>,
    lang: RequestLang,
    user: AuthUser,
    Body(input): Body<LotInput>,
) -> ApiResult<Json<Envelope<Lot>>> {
    let lot = lots::create(&state.app, user.email(), &input).await?;
    Ok(saved(&lang, "lot.created", lot))
}

/// Changes a lot's recorded values (its status has its own call).
#[utoipa::path(post, path = "/api/lots/edit/{id}", tag = "lots", params(("id" = String, Path)),
    request_body = LotInput,
    responses((status = 200, body = Envelope<Lot>), (status = 400), (status = 404), (status = 409)))]
async fn edit_lot(
    State(state): State<AppState>,
    lang: RequestLang,
    user: AuthUser,
    Path(id): Path<String>,
    Body(input): Body<LotInput>,
) -> ApiResult<Json<Envelope<Lot>>> {
    let lot = lots::edit(&state.app, user.email(), &id, &input).await?;
    Ok(saved(&lang, "lot.updated", lot))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct DeleteLot {
    #[serde(alias = "_id")]
    pub id: Option<String>,
}

/// Deletes a lot nothing was filled or dosed of (409 otherwise).
#[utoipa::path(post, path = "/api/lots/delete", tag = "lots", request_body = DeleteLot,
    responses((status = 200, body = Envelope<Lot>), (status = 400), (status = 404), (status = 409)))]
async fn delete_lot(
    State(state): State<AppState>,
    lang: RequestLang,
    user: AuthUser,
    Body(req): Body<DeleteLot>,
) -> ApiResult<Json<Envelope<Lot>>> {
    let Some(id) = req.id.filter(|i| !i.trim().is_empty()) else {
        return Err(ApiError::field("id", Msg::new("validation.required")));
    };
    let lot = lots::delete(&state.app, user.email(), &id).await?;
    Ok(saved(&lang, "lot.deleted", lot))
}

/// Releases, blocks or quarantines a lot, with the reason (audited).
#[utoipa::path(post, path = "/api/lots/status/{id}", tag = "lots", params(("id" = String, Path)),
    request_body = LotStatusChange,
    responses((status = 200, body = Envelope<Lot>), (status = 400), (status = 404)))]
async fn lot_status(
    State(state): State<AppState>,
    lang: RequestLang,
    user: AuthUser,
    Path(id): Path<String>,
    Body(change): Body<LotStatusChange>,
) -> ApiResult<Json<Envelope<Lot>>> {
    let lot = lots::set_status(&state.app, user.email(), &id, &change).await?;
    let msg = Msg::new("lot.statusChanged")
        .arg("lot", &lot.lot_number)
        .arg_msg("status", lots::status_msg(lot.status));
    Ok(Json(Envelope::data(lot).with_message(lang.text(&msg))))
}

/// A lot put into a bin at the intake: published as the bin's FILL movement (ingest adds the
/// portion to the bin's contents). 400 when the bin does not hold the lot's material (naming
/// both) or has no room; 409 for a blocked lot; 503 when the bus does not take it.
#[utoipa::path(post, path = "/api/bins/fill", tag = "lots", request_body = BinFill,
    responses((status = 200, body = Envelope<BinFilled>), (status = 400), (status = 409), (status = 503)))]
async fn fill_bin(
    State(state): State<AppState>,
    lang: RequestLang,
    user: AuthUser,
    Body(fill): Body<BinFill>,
) -> ApiResult<Json<Envelope<BinFilled>>> {
    let filled = lots::fill(&state.app, user.email(), &fill).await?;
    let msg = Msg::new("lot.filled")
        .arg("kg", format!("{:.0}", filled.quantity_kg))
        .arg("lot", &filled.lot_number)
        .arg("bin", &filled.bin_code);
    Ok(Json(Envelope::data(filled).with_message(lang.text(&msg))))
}

/// What a bin holds now, lot by lot (oldest first), and its mass balance.
#[utoipa::path(get, path = "/api/bins/{id}/content", tag = "lots", params(("id" = String, Path)),
    responses((status = 200, body = Envelope<BinContent>), (status = 404)))]
async fn bin_content(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> ApiResult<Json<Envelope<BinContent>>> {
    Ok(Json(Envelope::data(lots::content(&state.app, &id).await?)))
}
