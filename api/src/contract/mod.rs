//! The api's contract: the OpenAPI document of every route, served at `/api/openapi.json` and
//! printed by `batchline openapi` (the web's typed client is generated from it).
//!
//! Handlers document their own request and answer (`#[utoipa::path]`, or the configuration
//! descriptors in [`entities`]); [`finish`] then adds what every operation shares, so no
//! operation can forget it: the error envelope of each failure status it can answer, the
//! access rule (or `x-access: public`), and an example for each body.

pub mod entities;
mod examples;

use std::sync::OnceLock;

use serde_json::{Value, json};
use utoipa::OpenApi;
use utoipa::openapi::security::{HttpAuthScheme, HttpBuilder, SecurityScheme};
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::AppState;

#[derive(OpenApi)]
#[openapi(
    info(title = "Batchline API", description = "Feed and mixing batching lines: authentication, users, configuration, live data and reports. Every answer is the envelope { success, message?, data?, errors? }."),
    tags((name = "auth"), (name = "general"), (name = "users"), (name = "configuration"), (name = "recipes"), (name = "reports"), (name = "dashboard"), (name = "ops")),
    // Not an answer: what the `token` of a sign-in carries, for the web's menus and expiry.
    // The choices a request names, listed here as well as where a parameter refers to them, so
    // each is one named schema (the web's generated `enums.ts` is written from them) even where
    // only a text names it (a language of the alarm texts, a status in a report row).
    components(schemas(
        session::Claims,
        model::choice::BatchFilter,
        model::choice::OutOfSpecKind,
        model::choice::PressureView,
        model::choice::TimeBucket,
        model::choice::OeeGroup,
        model::choice::ConsumptionGroup,
        model::choice::SpcSubject,
        model::choice::Language,
        model::choice::MedicationClass,
        model::spc::ChartKind,
        model::wire::Severity,
        model::wire::BinMovementKind,
        model::wire::BatchStatus,
    ))
)]
struct ApiDoc;

/// Every documented route of the api.
pub fn api_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::with_openapi(ApiDoc::openapi())
        .merge(crate::auth::router())
        .merge(crate::site::router())
        .merge(crate::users::router())
        .merge(crate::connections::router())
        .merge(crate::alarms::router())
        .merge(crate::lots::router())
        .merge(crate::shift_log::router())
        .merge(crate::audit_trail::router())
        .merge(crate::subscriptions::router())
        .merge(crate::trace::router())
        .merge(crate::recall::router())
        .merge(crate::plant::router())
        .merge(crate::recipes::router())
        .merge(crate::schedules::router())
        .merge(crate::reports::router())
        .merge(crate::dashboard::router())
        .merge(crate::ops::router())
        .routes(routes!(openapi_json))
}

/// The OpenAPI document of [`api_router`], finished.
pub fn openapi() -> &'static Value {
    static DOC: OnceLock<Value> = OnceLock::new();
    DOC.get_or_init(|| {
        let mut doc = api_router().split_for_parts().1;
        doc.components.get_or_insert_default().add_security_scheme(
            "bearer",
            SecurityScheme::Http(
                HttpBuilder::new()
                    .scheme(HttpAuthScheme::Bearer)
                    .bearer_format("JWT")
                    .build(),
            ),
        );
        let mut doc = serde_json::to_value(doc).unwrap_or_else(|_| json!({}));
        finish(&mut doc);
        doc
    })
}

#[utoipa::path(get, path = "/api/openapi.json", tag = "general",
    responses((status = 200, description = "this document", content_type = "application/json", body = Object)))]
async fn openapi_json() -> axum::Json<&'static Value> {
    axum::Json(openapi())
}

/// Why a failure status is answered, for the operations that can answer it.
const FAILURES: [(&str, &str); 9] = [
    (
        "400",
        "the request is malformed or a field is invalid: `errors` names each field",
    ),
    ("401", "no valid session: sign in again"),
    ("403", "the session's role or privileges do not allow this"),
    ("404", "no such record"),
    (
        "409",
        "a conflict with stored data (a code taken, a record still in use)",
    ),
    (
        "429",
        "too many attempts: the message says when to try again",
    ),
    (
        "500",
        "an unexpected failure; the cause is logged, not answered",
    ),
    (
        "502",
        "a server of the plant (an OPC UA controller) does not answer or refuses us",
    ),
    ("503", "the database cannot be reached"),
];

const METHODS: [&str; 5] = ["get", "post", "put", "delete", "patch"];

/// Adds the shared parts of every operation (module docs).
fn finish(doc: &mut Value) {
    let schemas = &mut doc["components"]["schemas"];
    if !schemas.is_object() {
        *schemas = json!({});
    }
    schemas["ErrorEnvelope"] = error_envelope();
    for (name, schema) in entities::components() {
        schemas[name] = schema;
    }
    let components = doc["components"].clone();
    let records = entities::record_answers();
    let Some(paths) = doc["paths"].as_object_mut() else {
        return;
    };
    for item in paths.values_mut() {
        for method in METHODS {
            if let Some(op) = item.get_mut(method).filter(|op| op.is_object()) {
                if let Some((_, answer)) = records.iter().find(|(id, _)| op["operationId"] == *id) {
                    op["responses"]["200"]["content"] =
                        json!({"application/json": {"schema": answer}});
                }
                finish_operation(op, &components);
            }
        }
    }
}

fn error_envelope() -> Value {
    json!({
        "type": "object",
        "required": ["success"],
        "properties": {
            "success": {"type": "boolean", "const": false},
            "message": {"type": "string"},
            "errors": {"type": "object", "additionalProperties": {"type": "string"}},
            "retryAfter": {"type": "integer", "minimum": 1, "description": "With 429 and 503: the seconds to wait before trying again (also the Retry-After header)."},
        },
    })
}

fn finish_operation(op: &mut Value, components: &Value) {
    let guarded = op.get("security").is_some_and(|s| !s.is_null());
    if !guarded && op.get("x-access-roles").is_none() {
        op["x-access"] = json!("public");
    }
    let has_body = op.get("requestBody").is_some();
    let takes_input = has_body || op["parameters"].as_array().is_some_and(|p| !p.is_empty());
    let has_path_id = op["parameters"]
        .as_array()
        .is_some_and(|p| p.iter().any(|p| p["in"] == "path"));
    let responses = op["responses"].as_object_mut();
    let Some(responses) = responses else { return };
    for (status, why) in FAILURES {
        let applies = match status {
            "400" => takes_input,
            "401" | "403" => guarded,
            // A path id, or a body naming records (`{id}` of a delete, a bin, a user).
            "404" => has_path_id || has_body,
            "500" | "503" => true,
            _ => false,
        };
        let entry = responses.get_mut(status);
        match entry {
            // Declared by the handler without a body (e.g. `(status = 409)`): give it one.
            Some(r) if r.get("content").is_none_or(Value::is_null) => {
                r["content"] = error_content(why);
                if r["description"].as_str().is_none_or(str::is_empty) {
                    r["description"] = json!(why);
                }
            }
            Some(_) => {}
            None if applies => {
                responses.insert(
                    status.into(),
                    json!({"description": why, "content": error_content(why)}),
                );
            }
            None => {}
        }
    }
    for content in responses.values_mut().filter_map(|r| r.get_mut("content")) {
        binary_schemas(content);
        examples::add_to_content(content, components);
    }
    if let Some(content) = op.get_mut("requestBody").and_then(|b| b.get_mut("content")) {
        examples::add_to_content(content, components);
    }
}

fn error_content(why: &str) -> Value {
    json!({"application/json": {
        "schema": {"$ref": "#/components/schemas/ErrorEnvelope"},
        "example": {"success": false, "message": why},
    }})
}

/// A file answer (a spreadsheet) is bytes: give its media types that schema.
fn binary_schemas(content: &mut Value) {
    for (media, c) in content.as_object_mut().into_iter().flatten() {
        let file = !media.contains("json") && !media.starts_with("text/");
        if file && c.get("schema").is_none() {
            c["schema"] = json!({"type": "string", "format": "binary"});
            c["example"] = json!("");
        }
    }
}
