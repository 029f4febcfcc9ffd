//! The generic calls of the configuration pattern, for any entity: list, get, add (one, or a
//! bulk that is all-or-nothing), edit and soft delete. `createdBy`/`updatedBy`/`deletedBy` come
//! from the token, never the body; every change writes an audit row in the same transaction.

use std::collections::HashMap;

use axum::Json as Wire;
use model::config::check::check;
use model::config::{Entity, Kind, by_key};
use model::{Envelope, Msg};
use serde_json::{Map, Value as Json};
use uuid::Uuid;

use crate::AppState;
use crate::auth::AuthUser;
use crate::error::{ApiError, ApiResult};
use crate::extract::parse_id;
use crate::i18n_layer::RequestLang;
use crate::paging::{Listed, Paging, Window};

pub type Answer<T> = ApiResult<Wire<Envelope<T>>>;

/// The entity's name in the request's language (`Scale`), for messages.
pub fn label(lang: RequestLang, e: &Entity) -> String {
    lang.text(&app::plant::label(e))
}

pub fn not_found(_: RequestLang, e: &Entity) -> ApiError {
    app::plant::not_found(e).into()
}

/// `GET /api/{entity}?lineId&…` or `POST /api/{entity} {lineId, …}`: the live records, of one
/// line when `lineId` is given, narrowed by the entity's filter fields; all of them (at most
/// [`MAX_LIST`]) or the page that `page` and `limit` name.
pub async fn list(
    state: &AppState,
    e: &'static Entity,
    params: &Map<String, Json>,
    paging: &Paging,
) -> ApiResult<Listed<Json>> {
    let invalid = || ApiError::BadRequest(Msg::new("request.invalidQuery"));
    let line = line_filter(params.get("lineId").and_then(Json::as_str))?;
    let mut filters = Vec::new();
    for field in e.fields.iter().filter(|f| f.filter) {
        // `?scaleId=` filters the id list `scaleIds` (§7: material directory by scaleId).
        let singular = field
            .name
            .strip_suffix('s')
            .filter(|_| matches!(field.kind, Kind::RefList { .. }));
        let raw = params
            .get(field.name)
            .or_else(|| singular.and_then(|s| params.get(s)));
        let Some(raw) = raw.filter(|v| !v.is_null()) else {
            continue;
        };
        let raw = match (field.kind, raw) {
            (Kind::RefList { .. }, Json::String(_)) => Json::Array(vec![raw.clone()]),
            _ => raw.clone(),
        };
        let one = Map::from_iter([(field.name.to_string(), raw)]);
        let only = Entity {
            fields: std::slice::from_ref(field),
            ..*e
        };
        let mut checked = check(&only, &one).map_err(|_| invalid())?;
        filters.push(checked.remove(0));
    }
    let window = Window::of(paging, MAX_LIST)?;
    let (limit, offset) = (Some(window.limit()), window.offset());
    let rows = db::config::list_window(&state.pool, e, line, &filters, limit, offset).await?;
    let count = async { Ok(db::config::count(&state.pool, e, line, &filters).await?) };
    window.finish(rows, count).await
}

/// The most records one list answers (decision 94): a plant's configuration holds hundreds.
pub const MAX_LIST: usize = 10_000;

/// The optional `lineId` of a list call: none when absent, empty or `ALL`, 400 when not an id.
pub fn line_filter(raw: Option<&str>) -> ApiResult<Option<Uuid>> {
    // §9: `ALL` drops the line filter, like leaving it out.
    match raw.map(str::trim).filter(|s| !s.is_empty() && *s != "ALL") {
        None => Ok(None),
        Some(raw) => Uuid::parse_str(raw)
            .map(Some)
            .map_err(|_| ApiError::BadRequest(Msg::new("request.invalidQuery"))),
    }
}

/// A query string as the same map a list body is.
pub fn query_map(q: HashMap<String, String>) -> Map<String, Json> {
    q.into_iter().map(|(k, v)| (k, Json::String(v))).collect()
}

pub async fn get(
    state: &AppState,
    lang: RequestLang,
    e: &'static Entity,
    raw_id: &str,
) -> Answer<Json> {
    let id = parse_id(raw_id, "request.notFound")?;
    let record = db::config::get(&state.pool, e, id)
        .await?
        .ok_or_else(|| not_found(lang, e))?;
    Ok(Wire(Envelope::data(record)))
}

fn object(body: Json) -> ApiResult<Map<String, Json>> {
    match body {
        Json::Object(m) => Ok(m),
        _ => Err(ApiError::BadRequest(Msg::new("request.invalidBody"))),
    }
}

/// `POST /api/{entity}/add`: one record, or — for the entities with a bulk form — the list
/// form `{<bulkKey>: [...], lineId}`.
pub async fn add(
    state: &AppState,
    user: &AuthUser,
    lang: RequestLang,
    e: &'static Entity,
    body: Json,
) -> Answer<Json> {
    let body = object(body)?;
    if let Some(rows) = list_form(e, &body)? {
        return bulk_rows(state, user, lang, e, rows).await;
    }
    let record = create(state, user.email(), e, &body).await?;
    let message = lang.text(&Msg::new("config.created").arg("entity", label(lang, e)));
    Ok(Wire(Envelope::data(record).with_message(message)))
}

/// Checks and writes one record as `actor`, audited, in its own transaction.
pub async fn create(
    state: &AppState,
    actor: &str,
    e: &'static Entity,
    body: &Map<String, Json>,
) -> ApiResult<Json> {
    Ok(app::plant::create(&state.app, actor, e, body).await?)
}

/// The rows of the list form `{<bulkKey>: [...], lineId}`, each given the body's `lineId`
/// unless it names its own; `None` when the body is a single record.
fn list_form(e: &Entity, body: &Map<String, Json>) -> ApiResult<Option<Vec<Map<String, Json>>>> {
    let Some(Json::Array(rows)) = e.bulk.and_then(|key| body.get(key)) else {
        return Ok(None);
    };
    let line = body.get("lineId");
    rows.iter()
        .map(|row| {
            let mut row = object(row.clone())?;
            if let Some(line) = line {
                row.entry("lineId").or_insert(line.clone());
            }
            Ok(row)
        })
        .collect::<ApiResult<Vec<_>>>()
        .map(Some)
}

/// `POST /api/{entity}/add/bulk [..]`: every record or none.
pub async fn bulk(
    state: &AppState,
    user: &AuthUser,
    lang: RequestLang,
    e: &'static Entity,
    body: Json,
) -> Answer<Json> {
    let invalid = || ApiError::BadRequest(Msg::new("request.invalidBody"));
    let rows = match body {
        Json::Array(rows) => rows
            .into_iter()
            .map(object)
            .collect::<ApiResult<Vec<_>>>()?,
        Json::Object(m) => list_form(e, &m)?.ok_or_else(invalid)?,
        _ => return Err(invalid()),
    };
    bulk_rows(state, user, lang, e, rows).await
}

/// The most records one bulk add writes (as many as an import file holds).
pub const MAX_BULK: usize = app::plant::MAX_BULK;
const _: () = assert!(MAX_BULK == crate::plant::sheet::MAX_ROWS);

/// Writes `rows` in one transaction; any problem (reported as `{row}.{field}`) writes nothing.
pub async fn bulk_rows(
    state: &AppState,
    user: &AuthUser,
    lang: RequestLang,
    e: &'static Entity,
    rows: Vec<Map<String, Json>>,
) -> Answer<Json> {
    let (created, msg) = app::plant::create_many(&state.app, user.email(), e, &rows).await?;
    Ok(Wire(
        Envelope::data(Json::Array(created)).with_message(lang.text(&msg)),
    ))
}

/// `POST /api/{entity}/edit/{id}`: the body laid over the stored record, checked as a whole;
/// with the `updatedAt` the edit started from, 409 when someone saved the record since.
pub async fn edit(
    state: &AppState,
    user: &AuthUser,
    lang: RequestLang,
    e: &'static Entity,
    raw_id: &str,
    body: Json,
) -> Answer<Json> {
    let id = parse_id(raw_id, "request.notFound")?;
    let body = object(body)?;
    let (record, msg) = app::plant::edit(&state.app, user.email(), e, id, &body).await?;
    Ok(Wire(Envelope::data(record).with_message(lang.text(&msg))))
}

/// The id of a delete call: from the path, or the body's `id` (`deletedBy` in the body is
/// ignored: the token says who deletes).
pub fn delete_id(body: &Json) -> ApiResult<String> {
    body.get("id")
        .and_then(Json::as_str)
        .map(str::to_string)
        .ok_or_else(|| ApiError::field("id", Msg::new("validation.required")))
}

/// Soft-deletes a record nothing live refers to (409 naming the first record that does).
pub async fn delete(
    state: &AppState,
    user: &AuthUser,
    lang: RequestLang,
    e: &'static Entity,
    raw_id: &str,
) -> Answer<Json> {
    let id = parse_id(raw_id, "request.notFound")?;
    let msg = app::plant::delete(&state.app, user.email(), e, id).await?;
    Ok(Wire(
        Envelope::data(Json::Object(Map::from_iter([(
            "_id".into(),
            Json::String(id.to_string()),
        )])))
        .with_message(lang.text(&msg)),
    ))
}

/// The entity a request names by `type` (import, copy), if `allowed` takes it.
pub fn requested_entity(
    raw: Option<&str>,
    allowed: fn(&Entity) -> bool,
) -> ApiResult<&'static Entity> {
    raw.and_then(by_key)
        .filter(|e| allowed(e))
        .ok_or_else(|| ApiError::field("type", Msg::new("import.unknownType")))
}

/// A line id a request names in `field`.
pub fn line_param(raw: Option<&str>, field: &str) -> ApiResult<Uuid> {
    raw.and_then(|s| Uuid::parse_str(s.trim()).ok())
        .ok_or_else(|| ApiError::field(field, Msg::new("config.lineRequired")))
}

/// The entity of `key`; every key used by the router exists.
pub use app::plant::entity;
