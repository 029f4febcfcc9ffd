//! `POST /api/productionschedules/status/{id} {status}`: a user's move of an order's life
//! cycle, made by `app::orders::transition`.

use axum::Json;
use axum::extract::{Path, State};
use model::schedule::Status;
use model::{Envelope, Msg};

use super::handlers::one;
use super::record::{ScheduleRecord, StatusChange};
use crate::AppState;
use crate::auth::AuthUser;
use crate::auth::flood::Admitted;
use crate::auth::signature::{Signed, signer};
use crate::error::{ApiError, ApiResult};
use crate::extract::{Body, parse_id};
use crate::i18n_layer::RequestLang;

/// Moves an order to `status`: RELEASED (from PLANNED or ON_HOLD), ON_HOLD, CANCELLED or
/// ABORTED, as the life cycle allows; any other move answers 409 naming the current status.
/// RUNNING and COMPLETED come from the plant only. Releasing an order of a medicated class is
/// signed (`signature`, issue 35): 403 without one, with a wrong password, or where the line's
/// two-person rule refuses the signer.
#[utoipa::path(operation_id = "schedule_change", post, path = "/api/productionschedules/status/{id}", tag = "productionschedules",
    request_body = StatusChange,
    params(("id" = String, Path, description = "an order's `_id`")),
    responses((status = 200, body = Envelope<ScheduleRecord>), (status = 400), (status = 403), (status = 404), (status = 409), (status = 429)))]
pub async fn change(
    Admitted(address): Admitted,
    State(s): State<AppState>,
    user: AuthUser,
    lang: RequestLang,
    Path(id): Path<String>,
    Body(change): Body<StatusChange>,
) -> ApiResult<Json<Envelope<ScheduleRecord>>> {
    let id = parse_id(&id, "schedule.notFound")?;
    let names: Vec<&str> = Status::ALL.iter().map(|s| s.as_str()).collect();
    let to = change
        .status
        .as_deref()
        .map(str::trim)
        .and_then(Status::parse)
        .ok_or_else(|| {
            ApiError::field(
                "status",
                Msg::new("validation.choice").arg("options", names.join(", ")),
            )
        })?;
    let what = Signed {
        entity: "productionSchedule",
        entity_id: id.to_string(),
    };
    let signer = signer(&s, &user, &address, change.signature.as_ref(), what).await?;
    let done = app::orders::transition(&s.app, user.email(), id, to, signer.as_ref()).await?;
    let record = one(&s, done.id, lang).await?;
    Ok(Json(
        Envelope::data(record).with_message(lang.text(&done.msg)),
    ))
}
