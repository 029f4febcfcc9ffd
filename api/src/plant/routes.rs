//! The routes of every configuration entity, made from its descriptor in the path style §7
//! gives it, each guarded by the entity's access rule and documented in the OpenAPI document
//! (built here, since the paths are data, not `#[utoipa::path]` literals).

use axum::extract::{Path, State};
use axum::routing::{MethodRouter, delete, get, post, put};
use model::config::{Entity, Op, Routes};
use serde_json::Value as Json;
use utoipa::openapi::path::{
    HttpMethod, OperationBuilder, ParameterBuilder, ParameterIn, PathItem,
};
use utoipa::openapi::request_body::RequestBodyBuilder;
use utoipa::openapi::{ContentBuilder, PathsBuilder, RefOr, Required, ResponseBuilder, Schema};
use utoipa_axum::router::{OpenApiRouter, UtoipaMethodRouter};

use super::records::{self, query_map};
use crate::AppState;
use crate::auth::{AuthUser, guarded};
use crate::contract::entities;
use crate::extract::{Body, Query};
use crate::i18n_layer::RequestLang;
use crate::paging::Paging;

type Params = Query<std::collections::HashMap<String, String>>;

/// A schema of the contract's JSON form.
fn schema(v: serde_json::Value) -> RefOr<Schema> {
    serde_json::from_value(v).expect("a valid schema")
}

fn json_content(v: serde_json::Value) -> utoipa::openapi::Content {
    ContentBuilder::new().schema(Some(schema(v))).build()
}

fn parameter(
    name: &str,
    at: ParameterIn,
    v: serde_json::Value,
) -> utoipa::openapi::path::Parameter {
    ParameterBuilder::new()
        .name(name)
        .parameter_in(at.clone())
        .required(if at == ParameterIn::Path {
            Required::True
        } else {
            Required::False
        })
        .schema(Some(schema(v)))
        .build()
}

/// One documented, guarded route: its body and answer are the entity's schemas
/// (`contract::entities`); the shared failures are added when the document is finished.
fn route(
    e: &'static Entity,
    op: Op,
    path: &str,
    methods: &[HttpMethod],
    summary: &str,
    router: MethodRouter<AppState>,
) -> UtoipaMethodRouter<AppState> {
    let bulk = path.ends_with("/add/bulk");
    let mut item: Option<PathItem> = None;
    for method in methods {
        let mut b = OperationBuilder::new()
            .tag("configuration")
            .summary(Some(format!("{summary} ({})", e.key)))
            .operation_id(Some(format!(
                "{}_{}_{}",
                e.key,
                summary.replace(' ', "_"),
                verb(method)
            )))
            .response("200", answer(e, op, bulk));
        if path.contains("{id}") {
            b = b.parameter(parameter(
                "id",
                ParameterIn::Path,
                serde_json::json!({"type": "string", "format": "uuid"}),
            ));
        }
        if matches!(op, Op::Create | Op::Update | Op::Delete) {
            b = b.response(
                "409",
                ResponseBuilder::new().description("code taken, or still referred to"),
            );
        }
        if *method == HttpMethod::Get && op == Op::List {
            for (name, s) in entities::list_query(e) {
                b = b.parameter(parameter(&name, ParameterIn::Query, s));
            }
        }
        if op == Op::List {
            for (name, s) in entities::paging() {
                b = b.parameter(parameter(name, ParameterIn::Query, s));
            }
        }
        let takes_body = !matches!(method, HttpMethod::Get | HttpMethod::Delete);
        if let Some(body) = entities::request(e, op, bulk).filter(|_| takes_body) {
            b = b.request_body(Some(
                RequestBodyBuilder::new()
                    .content("application/json", json_content(body))
                    .required(Some(Required::True))
                    .build(),
            ));
        }
        let operation = b.build();
        item = Some(match item {
            None => PathItem::new(method.clone(), operation),
            Some(mut existing) => {
                existing.merge_operations(PathItem::new(method.clone(), operation));
                existing
            }
        });
    }
    let paths = PathsBuilder::new()
        .path(path, item.expect("a method"))
        .build();
    guarded(e.access.rule(op), (Vec::new(), paths, router))
}

/// The 200 of a call of `e`: the envelope with the record(s); a list names its total too.
fn answer(e: &Entity, op: Op, bulk: bool) -> ResponseBuilder {
    let answer = ResponseBuilder::new()
        .description("the envelope; `data` holds the record(s)")
        .content(
            "application/json",
            json_content(entities::answer(e, op, bulk)),
        );
    if op == Op::List {
        return answer.header(crate::paging::TOTAL, crate::paging::total_header());
    }
    answer
}

fn verb(m: &HttpMethod) -> &'static str {
    match m {
        HttpMethod::Get => "get",
        HttpMethod::Post => "post",
        HttpMethod::Put => "put",
        HttpMethod::Delete => "delete",
        _ => "other",
    }
}

fn list_get(e: &'static Entity) -> MethodRouter<AppState> {
    get(
        move |State(s): State<AppState>, Query(q): Params, Query(paging): Query<Paging>| async move {
            records::list(&s, e, &query_map(q), &paging).await
        },
    )
}

fn list_post(e: &'static Entity) -> MethodRouter<AppState> {
    post(
        move |State(s): State<AppState>, Query(paging): Query<Paging>, Body(b): Body<Json>| async move {
            let filters = b.as_object().cloned().unwrap_or_default();
            records::list(&s, e, &filters, &paging).await
        },
    )
}

macro_rules! handler {
    ($method:ident, $e:ident, get) => {
        $method(
            move |State(s): State<AppState>, lang: RequestLang, Path(id): Path<String>| async move {
                records::get(&s, lang, $e, &id).await
            },
        )
    };
    ($method:ident, $e:ident, add) => {
        $method(
            move |State(s): State<AppState>,
                  u: AuthUser,
                  lang: RequestLang,
                  Body(b): Body<Json>| async move { records::add(&s, &u, lang, $e, b).await },
        )
    };
    ($method:ident, $e:ident, bulk) => {
        $method(
            move |State(s): State<AppState>,
                  u: AuthUser,
                  lang: RequestLang,
                  Body(b): Body<Json>| async move { records::bulk(&s, &u, lang, $e, b).await },
        )
    };
    ($method:ident, $e:ident, edit) => {
        $method(
            move |State(s): State<AppState>,
                  u: AuthUser,
                  lang: RequestLang,
                  Path(id): Path<String>,
                  Body(b): Body<Json>| async move {
                records::edit(&s, &u, lang, $e, &id, b).await
            },
        )
    };
    ($method:ident, $e:ident, delete_body) => {
        $method(
            move |State(s): State<AppState>,
                  u: AuthUser,
                  lang: RequestLang,
                  Body(b): Body<Json>| async move {
                let id = records::delete_id(&b)?;
                records::delete(&s, &u, lang, $e, &id).await
            },
        )
    };
    ($method:ident, $e:ident, delete_path) => {
        $method(
            move |State(s): State<AppState>,
                  u: AuthUser,
                  lang: RequestLang,
                  Path(id): Path<String>| async move {
                records::delete(&s, &u, lang, $e, &id).await
            },
        )
    };
}

/// Adds the routes of `e` to `r`: each path style of §7 as a table of (operation, path — under
/// the entity's base unless it starts with `/api/` —, methods, summary, handler).
pub fn add_routes(r: OpenApiRouter<AppState>, e: &'static Entity) -> OpenApiRouter<AppState> {
    use HttpMethod::{Delete as D, Get as G, Post as P, Put as U};
    type Spec = (
        Op,
        &'static str,
        &'static [HttpMethod],
        &'static str,
        MethodRouter<AppState>,
    );
    #[rustfmt::skip]
    let mut specs: Vec<Spec> = match e.routes {
        Routes::Pattern => vec![
            (Op::List, "", &[G, P], "list", list_get(e).merge(list_post(e))),
            (Op::Get, "/{id}", &[G], "get", handler!(get, e, get)),
            (Op::Create, "/add", &[P], "add", handler!(post, e, add)),
            (Op::Update, "/edit/{id}", &[P], "edit", handler!(post, e, edit)),
            (Op::Delete, "/delete", &[P], "delete", handler!(post, e, delete_body)),
        ],
        Routes::Shifts => vec![
            (Op::List, "", &[G], "list", list_get(e)),
            (Op::Get, "/{id}", &[G], "get", handler!(get, e, get)),
            (Op::Create, "/add", &[P], "add", handler!(post, e, add)),
            (Op::Update, "/update/{id}", &[U], "update", handler!(put, e, edit)),
            (Op::Delete, "/delete", &[P], "delete", handler!(post, e, delete_body)),
        ],
        Routes::StopTimeGroups => vec![
            (Op::List, "", &[G], "list", list_get(e)),
            (Op::Get, "/{id}", &[G], "get", handler!(get, e, get)),
            (Op::Create, "/add", &[P], "add", handler!(post, e, add)),
            (Op::Update, "/edit/{id}", &[U], "edit", handler!(put, e, edit)),
            (Op::Delete, "/delete/{id}", &[D], "delete", handler!(delete, e, delete_path)),
        ],
        Routes::StopReasons => vec![
            (Op::List, "", &[G], "list", list_get(e)),
            (Op::Get, "/{id}", &[G], "get", handler!(get, e, get)),
            (Op::Create, "/api/stopreason", &[P], "add", handler!(post, e, add)),
            (Op::Update, "/{id}", &[P], "edit", handler!(post, e, edit)),
            (Op::Delete, "/{id}", &[D], "delete", handler!(delete, e, delete_path)),
        ],
    };
    if e.bulk.is_some() {
        specs.push((
            Op::Create,
            "/add/bulk",
            &[P],
            "add many",
            handler!(post, e, bulk),
        ));
    }
    let base = e.base_path();
    specs
        .into_iter()
        .fold(r, |r, (op, path, methods, summary, handler)| {
            let path = if path.starts_with("/api/") {
                path.to_string()
            } else {
                format!("{base}{path}")
            };
            r.routes(route(e, op, &path, methods, summary, handler))
        })
}
