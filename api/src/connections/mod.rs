//! Plant connections (issue 32): `/api/connections…`, the configuration pattern over the
//! commands of `app::connections`, plus each connection's status as its connector reports it.

use app::connections;
use axum::Json;
use axum::extract::{Path, State};
use model::connect::{
    BrowseRequest, Browsed, Connection, ConnectionInput, ConnectionStatus, TestOutcome,
    TestRequest, TrustRequest, TrustedCertificate,
};
use model::{AccessRule, Envelope, Msg};
use serde::Deserialize;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::AppState;
use crate::auth::{AuthUser, guarded};
use crate::error::ApiResult;
use crate::extract::{Body, Query};
use crate::i18n_layer::RequestLang;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(guarded(AccessRule::CONNECTIONS, routes!(list_connections)))
        .routes(guarded(AccessRule::CONNECTIONS, routes!(get_connection)))
        .routes(guarded(AccessRule::CONNECTIONS, routes!(connection_status)))
        .routes(guarded(
            AccessRule::CONNECTION_CREATE,
            routes!(add_connection),
        ))
        .routes(guarded(
            AccessRule::CONNECTION_UPDATE,
            routes!(edit_connection),
        ))
        .routes(guarded(
            AccessRule::CONNECTION_DELETE,
            routes!(delete_connection),
        ))
        .routes(guarded(AccessRule::CONNECTION_EDIT, routes!(browse)))
        .routes(guarded(
            AccessRule::CONNECTION_EDIT,
            routes!(test_connection),
        ))
        .routes(guarded(
            AccessRule::CONNECTIONS,
            routes!(trusted_certificates),
        ))
        .routes(guarded(
            AccessRule::CONNECTION_UPDATE,
            routes!(trust_certificate),
        ))
        .routes(guarded(
            AccessRule::CONNECTION_UPDATE,
            routes!(distrust_certificate),
        ))
}

/// The api's own OPC UA directory (its client certificate and trust list), for browsing and
/// testing.
fn pki(state: &AppState) -> std::path::PathBuf {
    state.settings.data_dir.join("opcua-pki")
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct ListQuery {
    /// Only this line's connections.
    pub line_id: Option<String>,
}

fn entity(lang: &RequestLang) -> String {
    lang.text(&Msg::new("entity.connection"))
}

/// Every connection (or a line's), without passwords.
#[utoipa::path(get, path = "/api/connections", tag = "connections", params(ListQuery),
    responses((status = 200, body = Envelope<Vec<Connection>>), (status = 400)))]
async fn list_connections(
    State(state): State<AppState>,
    Query(q): Query<ListQuery>,
) -> ApiResult<Json<Envelope<Vec<Connection>>>> {
    let all = connections::list(&state.app, q.line_id.as_deref()).await?;
    Ok(Json(Envelope::data(all)))
}

#[utoipa::path(get, path = "/api/connections/{id}", tag = "connections",
    params(("id" = String, Path)),
    responses((status = 200, body = Envelope<Connection>), (status = 404)))]
async fn get_connection(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> ApiResult<Json<Envelope<Connection>>> {
    Ok(Json(Envelope::data(
        connections::get(&state.app, &id).await?,
    )))
}

/// The connection's state as its connector last reported it (DISCONNECTED when no connector
/// has reported for 15 s; DISABLED when it is switched off).
#[utoipa::path(get, path = "/api/connections/{id}/status", tag = "connections",
    params(("id" = String, Path)),
    responses((status = 200, body = Envelope<ConnectionStatus>), (status = 404)))]
async fn connection_status(
    State(state): State<AppState>,
    lang: RequestLang,
    Path(id): Path<String>,
) -> ApiResult<Json<Envelope<ConnectionStatus>>> {
    let mut s = connections::status(&state.app, &id).await?;
    // The connector says its own errors; the one the api stands in for is said here.
    if let Some(e) = s
        .last_error
        .as_mut()
        .filter(|e| *e == "connector.notReporting")
    {
        *e = lang.text(&Msg::new("connector.notReporting"));
    }
    Ok(Json(Envelope::data(s)))
}

#[utoipa::path(post, path = "/api/connections/add", tag = "connections",
    request_body = ConnectionInput,
    responses((status = 200, body = Envelope<Connection>), (status = 400), (status = 409)))]
async fn add_connection(
    State(state): State<AppState>,
    lang: RequestLang,
    user: AuthUser,
    Body(input): Body<ConnectionInput>,
) -> ApiResult<Json<Envelope<Connection>>> {
    let c = connections::create(&state.app, user.email(), &input).await?;
    let msg = Msg::new("config.created").arg("entity", entity(&lang));
    Ok(Json(Envelope::data(c).with_message(lang.text(&msg))))
}

#[utoipa::path(post, path = "/api/connections/edit/{id}", tag = "connections",
    params(("id" = String, Path)), request_body = ConnectionInput,
    responses((status = 200, body = Envelope<Connection>), (status = 400), (status = 404), (status = 409)))]
async fn edit_connection(
    State(state): State<AppState>,
    lang: RequestLang,
    user: AuthUser,
    Path(id): Path<String>,
    Body(input): Body<ConnectionInput>,
) -> ApiResult<Json<Envelope<Connection>>> {
    let c = connections::edit(&state.app, user.email(), &id, &input).await?;
    let msg = Msg::new("config.updated").arg("entity", entity(&lang));
    Ok(Json(Envelope::data(c).with_message(lang.text(&msg))))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct DeleteConnection {
    #[serde(alias = "_id")]
    pub id: Option<String>,
}

#[utoipa::path(post, path = "/api/connections/delete", tag = "connections",
    request_body = DeleteConnection,
    responses((status = 200, body = Envelope<Connection>), (status = 400), (status = 404)))]
async fn delete_connection(
    State(state): State<AppState>,
    lang: RequestLang,
    user: AuthUser,
    Body(req): Body<DeleteConnection>,
) -> ApiResult<Json<Envelope<Connection>>> {
    let Some(id) = req.id.filter(|i| !i.trim().is_empty()) else {
        return Err(crate::error::ApiError::field(
            "id",
            Msg::new("validation.required"),
        ));
    };
    let c = connections::delete(&state.app, user.email(), &id).await?;
    let msg = Msg::new("config.deleted").arg("entity", entity(&lang));
    Ok(Json(Envelope::data(c).with_message(lang.text(&msg))))
}

/// The children of a node of an OPC UA server (the Objects folder when no `nodeId`), each
/// variable with its type and value now. 502 when the server cannot be asked.
#[utoipa::path(post, path = "/api/connections/browse", tag = "connections",
    request_body = BrowseRequest,
    responses((status = 200, body = Envelope<Vec<Browsed>>), (status = 400), (status = 404), (status = 502)))]
async fn browse(
    State(state): State<AppState>,
    Body(req): Body<BrowseRequest>,
) -> ApiResult<Json<Envelope<Vec<Browsed>>>> {
    let nodes = connections::browse(&state.app, &pki(&state), &req).await?;
    Ok(Json(Envelope::data(nodes)))
}

/// Tries the connection as the form holds it and reads each tag once; what it found is the
/// answer (a server that cannot be reached is `connected: false` with the reason, and its
/// certificate when it is not trusted yet).
#[utoipa::path(post, path = "/api/connections/test", tag = "connections",
    request_body = TestRequest,
    responses((status = 200, body = Envelope<TestOutcome>), (status = 400), (status = 404)))]
async fn test_connection(
    State(state): State<AppState>,
    Body(req): Body<TestRequest>,
) -> ApiResult<Json<Envelope<TestOutcome>>> {
    let outcome = connections::test(&state.app, &pki(&state), &req).await?;
    Ok(Json(Envelope::data(outcome)))
}

/// The trusted server certificates.
#[utoipa::path(get, path = "/api/connections/trust", tag = "connections",
    responses((status = 200, body = Envelope<Vec<TrustedCertificate>>)))]
async fn trusted_certificates(
    State(state): State<AppState>,
) -> ApiResult<Json<Envelope<Vec<TrustedCertificate>>>> {
    Ok(Json(Envelope::data(
        connections::trusted(&state.app).await?,
    )))
}

/// Trusts the server certificate of `thumbprint`, which a test or a connector was refused by;
/// every connector takes it into its trust list.
#[utoipa::path(post, path = "/api/connections/trust", tag = "connections",
    request_body = TrustRequest,
    responses((status = 200, body = Envelope<TrustedCertificate>), (status = 400), (status = 404)))]
async fn trust_certificate(
    State(state): State<AppState>,
    lang: RequestLang,
    user: AuthUser,
    Body(req): Body<TrustRequest>,
) -> ApiResult<Json<Envelope<TrustedCertificate>>> {
    let t = connections::trust(
        &state.app,
        user.email(),
        &pki(&state),
        req.thumbprint.as_deref(),
    )
    .await?;
    let msg = Msg::new("connection.trusted").arg("subject", &t.subject);
    Ok(Json(Envelope::data(t).with_message(lang.text(&msg))))
}

/// Withdraws trust from a server certificate.
#[utoipa::path(post, path = "/api/connections/distrust", tag = "connections",
    request_body = TrustRequest,
    responses((status = 200, body = Envelope<TrustRequest>), (status = 400), (status = 404)))]
async fn distrust_certificate(
    State(state): State<AppState>,
    lang: RequestLang,
    user: AuthUser,
    Body(req): Body<TrustRequest>,
) -> ApiResult<Json<Envelope<TrustRequest>>> {
    connections::distrust(
        &state.app,
        user.email(),
        &pki(&state),
        req.thumbprint.as_deref(),
    )
    .await?;
    let msg = Msg::new("connection.distrusted");
    Ok(Json(Envelope::data(req).with_message(lang.text(&msg))))
}
