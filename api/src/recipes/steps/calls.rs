//! The fifteen step calls, each a thin wrapper over [`super::read`], [`super::change`] and
//! [`super::validate`].

use axum::extract::{Path, State};
use model::Msg;
use model::recipe::{MiscellaneousItem, MixingItem, WeighingItem};
use serde::Deserialize;
use serde_json::Value;
use utoipa::ToSchema;
use uuid::Uuid;

use super::{
    Kind, RecipeRef, StepAnswer, Validation, change, item_missing, read, recipe_id, validate,
};
use crate::AppState;
use crate::auth::AuthUser;
use crate::error::ApiResult;
use crate::extract::{Body, parse_id};
use crate::i18n_layer::RequestLang;
use axum::Json;
use model::Envelope;

type Checked = ApiResult<Json<Envelope<Validation>>>;

// ---- weighings ----

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WeighingsAdd {
    pub recipe_id: String,
    pub weighing_items: Vec<WeighingItem>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WeighingsEdit {
    /// The new weighing items: of `scaleId` only when given (the other scales' stay), else all.
    pub weighing_items: Vec<WeighingItem>,
    pub scale_id: Option<Uuid>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WeighingsDelete {
    /// The recipe version's `_id`.
    pub id: String,
    /// Removes this scale's items…
    pub scale_id: Uuid,
    /// …or only this one of them.
    pub item_id: Option<Uuid>,
}

/// The weighing items of a recipe version, by scale and sequence.
#[utoipa::path(get, path = "/api/recipeweighings/{recipeId}", tag = "recipes", params(("recipeId" = String, Path)),
    responses((status = 200, body = Envelope<Vec<model::recipe::WeighingItem>>), (status = 404)))]
pub async fn weighings_get(State(s): State<AppState>, Path(id): Path<String>) -> StepAnswer {
    read(&s, &id, Kind::Weighing).await
}

/// Adds weighing items to a draft version.
#[utoipa::path(post, path = "/api/recipeweighings/add", tag = "recipes", request_body = WeighingsAdd,
    responses((status = 200, body = Envelope<Vec<model::recipe::WeighingItem>>), (status = 400), (status = 404), (status = 409)))]
pub async fn weighings_add(
    State(s): State<AppState>,
    user: AuthUser,
    lang: RequestLang,
    Body(b): Body<WeighingsAdd>,
) -> StepAnswer {
    let id = recipe_id(&b.recipe_id)?;
    change(&s, &user, lang, id, Kind::Weighing, |c| {
        c.weighing_items.extend(b.weighing_items);
        Ok(())
    })
    .await
}

/// Replaces the weighing items of a draft version (or of one of its scales).
#[utoipa::path(post, path = "/api/recipeweighings/edit/{id}", tag = "recipes", request_body = WeighingsEdit,
    params(("id" = String, Path, description = "the recipe version's `_id`")),
    responses((status = 200, body = Envelope<Vec<model::recipe::WeighingItem>>), (status = 400), (status = 404), (status = 409)))]
pub async fn weighings_edit(
    State(s): State<AppState>,
    user: AuthUser,
    lang: RequestLang,
    Path(id): Path<String>,
    Body(b): Body<WeighingsEdit>,
) -> StepAnswer {
    let id = recipe_id(&id)?;
    change(&s, &user, lang, id, Kind::Weighing, |c| {
        match b.scale_id {
            Some(scale) => {
                if b.weighing_items.iter().any(|w| w.scale_id != Some(scale)) {
                    let msg = Msg::new("recipe.otherScale");
                    return Err(app::Error::field("weighingItems", msg));
                }
                c.weighing_items.retain(|w| w.scale_id != Some(scale));
                c.weighing_items.extend(b.weighing_items);
            }
            None => c.weighing_items = b.weighing_items,
        }
        Ok(())
    })
    .await
}

/// Removes a scale's weighing items (or one of them) from a draft version.
#[utoipa::path(post, path = "/api/recipeweighings/delete", tag = "recipes", request_body = WeighingsDelete,
    responses((status = 200, body = Envelope<Vec<model::recipe::WeighingItem>>), (status = 404), (status = 409)))]
pub async fn weighings_delete(
    State(s): State<AppState>,
    user: AuthUser,
    lang: RequestLang,
    Body(b): Body<WeighingsDelete>,
) -> StepAnswer {
    let id = recipe_id(&b.id)?;
    change(&s, &user, lang, id, Kind::Weighing, |c| {
        let before = c.weighing_items.len();
        c.weighing_items.retain(|w| {
            w.scale_id != Some(b.scale_id) || b.item_id.is_some_and(|i| w.id != Some(i))
        });
        if c.weighing_items.len() == before {
            return Err(item_missing());
        }
        Ok(())
    })
    .await
}

/// Checks the weighing items of a version.
#[utoipa::path(post, path = "/api/recipeweighings/validaterecipe", tag = "recipes", request_body = RecipeRef,
    responses((status = 200, body = Envelope<Validation>), (status = 404)))]
pub async fn weighings_validate(
    State(s): State<AppState>,
    lang: RequestLang,
    Body(b): Body<RecipeRef>,
) -> Checked {
    validate(&s, lang, b, Kind::Weighing).await
}

// ---- mixings ----

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MixingsAdd {
    pub recipe_id: String,
    /// Appended to the sequence.
    pub mixing_items: Vec<MixingItem>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MixingsEdit {
    /// The whole sequence, in order (reordering is an edit).
    pub mixing_items: Vec<MixingItem>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MixingsDelete {
    /// The mixing item's `_id`.
    pub id: Uuid,
    pub recipe_id: String,
}

#[utoipa::path(get, path = "/api/recipemixings/{recipeId}", tag = "recipes", params(("recipeId" = String, Path)),
    responses((status = 200, body = Envelope<Vec<model::recipe::MixingItem>>), (status = 404)))]
pub async fn mixings_get(State(s): State<AppState>, Path(id): Path<String>) -> StepAnswer {
    read(&s, &id, Kind::Mixing).await
}

#[utoipa::path(post, path = "/api/recipemixings/add", tag = "recipes", request_body = MixingsAdd,
    responses((status = 200, body = Envelope<Vec<model::recipe::MixingItem>>), (status = 400), (status = 404), (status = 409)))]
pub async fn mixings_add(
    State(s): State<AppState>,
    user: AuthUser,
    lang: RequestLang,
    Body(b): Body<MixingsAdd>,
) -> StepAnswer {
    let id = recipe_id(&b.recipe_id)?;
    change(&s, &user, lang, id, Kind::Mixing, |c| {
        let next = c.mixing_items.len() as u32;
        c.mixing_items
            .extend(b.mixing_items.into_iter().enumerate().map(|(i, mut m)| {
                m.sequence = next + i as u32 + 1;
                m
            }));
        Ok(())
    })
    .await
}

#[utoipa::path(post, path = "/api/recipemixings/edit/{id}", tag = "recipes", request_body = MixingsEdit,
    params(("id" = String, Path, description = "the recipe version's `_id`")),
    responses((status = 200, body = Envelope<Vec<model::recipe::MixingItem>>), (status = 400), (status = 404), (status = 409)))]
pub async fn mixings_edit(
    State(s): State<AppState>,
    user: AuthUser,
    lang: RequestLang,
    Path(id): Path<String>,
    Body(b): Body<MixingsEdit>,
) -> StepAnswer {
    let id = recipe_id(&id)?;
    change(&s, &user, lang, id, Kind::Mixing, |c| {
        // The list order is the sequence.
        c.mixing_items = b
            .mixing_items
            .into_iter()
            .map(|mut m| {
                m.sequence = 0;
                m
            })
            .collect();
        Ok(())
    })
    .await
}

#[utoipa::path(post, path = "/api/recipemixings/delete", tag = "recipes", request_body = MixingsDelete,
    responses((status = 200, body = Envelope<Vec<model::recipe::MixingItem>>), (status = 404), (status = 409)))]
pub async fn mixings_delete(
    State(s): State<AppState>,
    user: AuthUser,
    lang: RequestLang,
    Body(b): Body<MixingsDelete>,
) -> StepAnswer {
    let id = recipe_id(&b.recipe_id)?;
    change(&s, &user, lang, id, Kind::Mixing, |c| {
        let before = c.mixing_items.len();
        c.mixing_items.retain(|m| m.id != Some(b.id));
        if c.mixing_items.len() == before {
            return Err(item_missing());
        }
        Ok(())
    })
    .await
}

#[utoipa::path(post, path = "/api/recipemixings/validaterecipe", tag = "recipes", request_body = RecipeRef,
    responses((status = 200, body = Envelope<Validation>), (status = 404)))]
pub async fn mixings_validate(
    State(s): State<AppState>,
    lang: RequestLang,
    Body(b): Body<RecipeRef>,
) -> Checked {
    validate(&s, lang, b, Kind::Mixing).await
}

// ---- miscellaneous ----

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MiscellaneousAdd {
    pub recipe_id: String,
    pub miscellaneous_parameter_id: Option<Uuid>,
    #[schema(value_type = Value)]
    pub value: Value,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MiscellaneousEdit {
    /// The parameter whose value is set (added when the recipe has none yet).
    pub miscellaneous_parameter_id: Option<Uuid>,
    #[schema(value_type = Value)]
    pub value: Value,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MiscellaneousDelete {
    /// The miscellaneous item's `_id`.
    pub id: String,
}

#[utoipa::path(get, path = "/api/recipemiscellaneous/{recipeId}", tag = "recipes", params(("recipeId" = String, Path)),
    responses((status = 200, body = Envelope<Vec<model::recipe::MiscellaneousItem>>), (status = 404)))]
pub async fn miscellaneous_get(State(s): State<AppState>, Path(id): Path<String>) -> StepAnswer {
    read(&s, &id, Kind::Miscellaneous).await
}

/// Adds a miscellaneous value; 409 when the recipe has one for that parameter.
#[utoipa::path(post, path = "/api/recipemiscellaneous/add", tag = "recipes", request_body = MiscellaneousAdd,
    responses((status = 200, body = Envelope<Vec<model::recipe::MiscellaneousItem>>), (status = 400), (status = 404), (status = 409)))]
pub async fn miscellaneous_add(
    State(s): State<AppState>,
    user: AuthUser,
    lang: RequestLang,
    Body(b): Body<MiscellaneousAdd>,
) -> StepAnswer {
    let id = recipe_id(&b.recipe_id)?;
    change(&s, &user, lang, id, Kind::Miscellaneous, |c| {
        let parameter = b.miscellaneous_parameter_id;
        if parameter.is_some()
            && c.miscellaneous_items
                .iter()
                .any(|m| m.miscellaneous_parameter_id == parameter)
        {
            return Err(app::Error::conflict_on(
                "miscellaneousParameterId",
                Msg::new("recipe.parameterTaken"),
            ));
        }
        c.miscellaneous_items.push(MiscellaneousItem {
            id: None,
            miscellaneous_parameter_id: parameter,
            value: b.value,
        });
        Ok(())
    })
    .await
}

/// Sets a miscellaneous parameter's value in a draft version.
#[utoipa::path(post, path = "/api/recipemiscellaneous/edit/{id}", tag = "recipes", request_body = MiscellaneousEdit,
    params(("id" = String, Path, description = "the recipe version's `_id`")),
    responses((status = 200, body = Envelope<Vec<model::recipe::MiscellaneousItem>>), (status = 400), (status = 404), (status = 409)))]
pub async fn miscellaneous_edit(
    State(s): State<AppState>,
    user: AuthUser,
    lang: RequestLang,
    Path(id): Path<String>,
    Body(b): Body<MiscellaneousEdit>,
) -> StepAnswer {
    let id = recipe_id(&id)?;
    change(&s, &user, lang, id, Kind::Miscellaneous, |c| {
        let parameter = b.miscellaneous_parameter_id;
        match c
            .miscellaneous_items
            .iter_mut()
            .find(|m| parameter.is_some() && m.miscellaneous_parameter_id == parameter)
        {
            Some(item) => item.value = b.value,
            None => c.miscellaneous_items.push(MiscellaneousItem {
                id: None,
                miscellaneous_parameter_id: parameter,
                value: b.value,
            }),
        }
        Ok(())
    })
    .await
}

#[utoipa::path(post, path = "/api/recipemiscellaneous/delete", tag = "recipes", request_body = MiscellaneousDelete,
    responses((status = 200, body = Envelope<Vec<model::recipe::MiscellaneousItem>>), (status = 404), (status = 409)))]
pub async fn miscellaneous_delete(
    State(s): State<AppState>,
    user: AuthUser,
    lang: RequestLang,
    Body(b): Body<MiscellaneousDelete>,
) -> StepAnswer {
    let item = parse_id(&b.id, "recipe.itemMissing")?;
    let id = db::recipes::with_miscellaneous_item(&s.pool, item)
        .await?
        .ok_or_else(item_missing)?;
    change(&s, &user, lang, id, Kind::Miscellaneous, |c| {
        c.miscellaneous_items.retain(|m| m.id != Some(item));
        Ok(())
    })
    .await
}

#[utoipa::path(post, path = "/api/recipemiscellaneous/validaterecipe", tag = "recipes", request_body = RecipeRef,
    responses((status = 200, body = Envelope<Validation>), (status = 404)))]
pub async fn miscellaneous_validate(
    State(s): State<AppState>,
    lang: RequestLang,
    Body(b): Body<RecipeRef>,
) -> Checked {
    validate(&s, lang, b, Kind::Miscellaneous).await
}
