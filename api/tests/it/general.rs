//! Site, privileges, operations endpoints, error envelope and the OpenAPI document.

use axum::http::{Method, StatusCode};
use serde_json::json;
use sqlx::PgPool;

use crate::harness::*;

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn site_is_public_and_names_the_system_type(pool: PgPool) {
    let app = TestApp::new(pool).await;
    assert_eq!(
        app.get("/api/site", None).await.ok()["data"]["site"]["systemType"],
        "CLOUD"
    );
}

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn user_privileges_come_from_the_database(pool: PgPool) {
    let app = TestApp::new(pool).await;
    let sup = app.super_token().await;
    let p = app.get("/api/getuserprivileges", Some(&sup)).await;
    assert_eq!(p.ok()["data"], json!({"role": "_SUPER", "privileges": []}));
    let (_, t) = app
        .user(
            &sup,
            "p@plant.test",
            "PRIVILEGE",
            &["_LINE_CREATE", "CONFIGURATOR_READ"],
        )
        .await;
    let p = app.get("/api/getuserprivileges", Some(&t)).await;
    assert_eq!(
        p.ok()["data"],
        json!({"role": "PRIVILEGE", "privileges": ["CONFIGURATOR_READ", "_LINE_CREATE"]})
    );
}

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn health_readiness_and_metrics(pool: PgPool) {
    let app = TestApp::new(pool).await;
    assert_eq!(app.get("/healthz", None).await.status, StatusCode::OK);
    // No NATS client in this test app: readiness says which dependency is missing.
    let r = app.get("/readyz", None).await;
    assert_eq!(r.status, StatusCode::SERVICE_UNAVAILABLE, "{r:?}");
    app.get("/api/site", None).await.ok();
    // Metrics are served on METRICS_ADDR only, never on the api's port.
    assert_eq!(
        app.get("/metrics", None).await.status,
        StatusCode::NOT_FOUND
    );
    let text = api::ops::prometheus().render();
    assert!(text.contains("http_requests_total"), "{text}");
}

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn every_answer_carries_a_request_id(pool: PgPool) {
    let app = TestApp::new(pool).await;
    let req = axum::http::Request::builder()
        .uri("/api/site")
        .body(axum::body::Body::empty())
        .unwrap();
    let res = tower::ServiceExt::oneshot(app.router.clone(), req)
        .await
        .unwrap();
    let id = res
        .headers()
        .get("x-request-id")
        .expect("x-request-id")
        .to_str()
        .unwrap();
    assert_eq!(id.len(), 36);
}

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn unknown_api_paths_and_methods_get_the_envelope(pool: PgPool) {
    let app = TestApp::new(pool).await;
    let a = app.get("/api/no-such-thing", None).await;
    a.failed(StatusCode::NOT_FOUND);
    assert_eq!(a.message(), "Not found");
    let a = app.raw(Method::DELETE, "/api/site", None, None, None).await;
    a.failed(StatusCode::METHOD_NOT_ALLOWED);
    let a = app
        .raw(Method::GET, "/auth/nothing", None, None, Some("nl"))
        .await;
    a.failed(StatusCode::NOT_FOUND);
    assert_ne!(a.message(), "Not found", "translated");
}

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn client_routes_fall_back_to_the_web_app(pool: PgPool) {
    let app = TestApp::new(pool).await;
    let web = app.data_dir.join("web");
    std::fs::create_dir_all(&web).unwrap();
    std::fs::write(
        web.join("index.html"),
        "<!doctype html><title>Batchline</title>",
    )
    .unwrap();
    for path in ["/", "/Home", "/users/edituser/abc", "/validatesignup/tok"] {
        let a = app.get(path, None).await;
        assert_eq!(a.status, StatusCode::OK, "{path}");
        assert!(
            a.body
                .as_str()
                .unwrap()
                .contains("<title>Batchline</title>"),
            "{path}"
        );
    }
}

/// `GET path` with `Accept-Encoding: accept`: status, headers and the bytes as sent.
async fn fetch(
    app: &TestApp,
    path: &str,
    accept: Option<&str>,
) -> (StatusCode, axum::http::HeaderMap, Vec<u8>) {
    use http_body_util::BodyExt;
    use tower::ServiceExt;
    let mut req = axum::http::Request::builder().uri(path);
    if let Some(a) = accept {
        req = req.header("accept-encoding", a);
    }
    let res = app
        .router
        .clone()
        .oneshot(req.body(axum::body::Body::empty()).unwrap())
        .await
        .unwrap();
    let (status, headers) = (res.status(), res.headers().clone());
    let bytes = res.into_body().collect().await.unwrap().to_bytes().to_vec();
    (status, headers, bytes)
}

fn gunzip(bytes: &[u8]) -> Vec<u8> {
    use std::io::Read;
    let mut out = Vec::new();
    flate2::read::GzDecoder::new(bytes)
        .read_to_end(&mut out)
        .unwrap();
    out
}

/// The web app's files go out as the brotli or gzip copy made at build time, whichever the
/// browser accepts (brotli first), with `Vary: accept-encoding`; JSON is compressed per answer.
#[sqlx::test(migrator = "db::MIGRATOR")]
async fn files_and_json_go_out_compressed_when_the_browser_accepts_it(pool: PgPool) {
    use std::io::Write;
    let app = TestApp::new(pool).await;
    let web = app.data_dir.join("web");
    std::fs::create_dir_all(web.join("assets")).unwrap();
    std::fs::write(
        web.join("index.html"),
        "<!doctype html><title>Batchline</title>",
    )
    .unwrap();
    let js = "console.log('a batch of layer mash');\n".repeat(300);
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    gz.write_all(js.as_bytes()).unwrap();
    let gz = gz.finish().unwrap();
    // What the brotli copy holds is the build's business; the server must send it as it is.
    let br = b"the brotli copy of app-1.js".to_vec();
    std::fs::write(web.join("assets/app-1.js"), &js).unwrap();
    std::fs::write(web.join("assets/app-1.js.gz"), &gz).unwrap();
    std::fs::write(web.join("assets/app-1.js.br"), &br).unwrap();

    let header = |h: &axum::http::HeaderMap, k: &str| {
        h.get(k)
            .map(|v| v.to_str().unwrap().to_string())
            .unwrap_or_default()
    };
    for (accept, encoding, body) in [
        (Some("gzip, deflate, br"), "br", br.clone()),
        (Some("gzip"), "gzip", gz.clone()),
        (None, "", js.clone().into_bytes()),
    ] {
        let (status, h, bytes) = fetch(&app, "/assets/app-1.js", accept).await;
        assert_eq!(status, StatusCode::OK, "{accept:?}");
        assert_eq!(header(&h, "content-encoding"), encoding, "{accept:?}");
        assert_eq!(bytes, body, "{accept:?}");
        assert!(
            header(&h, "content-type").contains("javascript"),
            "{accept:?}"
        );
        assert!(header(&h, "vary").contains("accept-encoding"), "{accept:?}");
        assert!(
            header(&h, "cache-control").contains("immutable"),
            "{accept:?}"
        );
    }
    assert_eq!(gunzip(&gz), js.as_bytes());

    // JSON is compressed per answer and reads back the same.
    let (_, h, plain) = fetch(&app, "/api/openapi.json", None).await;
    assert_eq!(header(&h, "content-encoding"), "");
    let (status, h, packed) = fetch(&app, "/api/openapi.json", Some("gzip")).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(header(&h, "content-encoding"), "gzip");
    assert!(header(&h, "vary").contains("accept-encoding"));
    assert!(
        packed.len() * 4 < plain.len(),
        "{} of {}",
        packed.len(),
        plain.len()
    );
    assert_eq!(gunzip(&packed), plain);
    let (_, h, br) = fetch(&app, "/api/openapi.json", Some("br;q=1, gzip;q=0.5")).await;
    assert_eq!(header(&h, "content-encoding"), "br");
    assert!(br.len() * 4 < plain.len());
}

/// Every route the router answers is in the OpenAPI document, and every documented operation
/// is answered by a handler (not the fallback).
#[sqlx::test(migrator = "db::MIGRATOR")]
async fn every_route_is_documented(pool: PgPool) {
    let app = TestApp::new(pool).await;
    let doc = api::openapi();
    let mut operations = 0;
    for (path, item) in doc["paths"].as_object().unwrap() {
        let concrete = path
            .replace("{token}", "t0k3n")
            .replace("{id}", "7f3c1a8e-0000-4000-8000-000000000000");
        let methods = [
            (Method::GET, item.get("get").is_some()),
            (Method::POST, item.get("post").is_some()),
            (Method::PUT, item.get("put").is_some()),
            (Method::DELETE, item.get("delete").is_some()),
        ];
        for (method, documented) in methods {
            if !documented {
                continue;
            }
            operations += 1;
            let body = (method != Method::GET).then(|| "{}".to_string());
            let a = app.raw(method.clone(), &concrete, body, None, None).await;
            assert_ne!(a.status, StatusCode::METHOD_NOT_ALLOWED, "{method} {path}");
            assert!(
                !(a.status == StatusCode::NOT_FOUND && a.message() == "Not found"),
                "{method} {path} reached the fallback: {a:?}"
            );
            assert!(
                a.status.as_u16() < 500 || path == "/readyz",
                "{method} {path}: {a:?}"
            );
        }
    }
    assert!(operations >= 24, "{operations}");
    // The other direction: the router is built from the same OpenApiRouter, so every route is
    // documented by construction; spot-check the calls of §7 Auth, General and Users.
    for p in [
        "/auth/login",
        "/auth/superuserlogin",
        "/auth/checksuperlogin",
        "/auth/signup",
        "/auth/validatesignup/{token}",
        "/auth/forgotpassword",
        "/auth/resetpassword/{token}",
        "/auth/resetpassword",
        "/auth/onpremise/resetpassword",
        "/auth/logout",
        "/auth/translation/getclientlocale",
        "/api/site",
        "/api/getuserprivileges",
        "/api/user/users",
        "/api/createuser",
        "/api/user/onpremise/createuser",
        "/api/edituser",
        "/api/user/onpremise/generatepassword",
        "/api/user/deleteuser",
        "/api/getuser/{id}",
        "/healthz",
        "/readyz",
        "/api/openapi.json",
    ] {
        assert!(
            doc["paths"].get(p).is_some(),
            "{p} missing from the OpenAPI document"
        );
    }
    let served = app.get("/api/openapi.json", None).await;
    assert_eq!(served.status, StatusCode::OK);
    assert!(served.body["paths"]["/auth/login"]["post"].is_object());
    // Protected operations declare the bearer scheme and their access rule.
    let users = &served.body["paths"]["/api/user/users"]["get"];
    assert!(users["security"].is_array(), "{users}");
}

/// Decision 71: the api's pool plans every statement for its values; ingest's keeps the default.
/// Decision 94: each service's pool cancels a statement after its own timeout.
#[tokio::test]
async fn each_pool_plans_and_times_out_its_statements_as_its_service_needs() {
    let url = std::env::var("DATABASE_URL").expect("DATABASE_URL");
    let show = |pool: PgPool, what: &'static str| async move {
        sqlx::query_scalar::<_, String>(sqlx::AssertSqlSafe(format!("show {what}")))
            .fetch_one(&pool)
            .await
            .unwrap()
    };
    let api = db::connect_api(&url, 1, db::API_STATEMENT_TIMEOUT)
        .await
        .unwrap();
    assert_eq!(
        show(api.clone(), "plan_cache_mode").await,
        "force_custom_plan"
    );
    assert_eq!(show(api, "statement_timeout").await, "30s");
    let stream = db::connect_api(&url, 1, db::STREAM_STATEMENT_TIMEOUT)
        .await
        .unwrap();
    assert_eq!(show(stream, "statement_timeout").await, "10s");
    let ingest = db::connect_ingest(&url, 1, db::INGEST_STATEMENT_TIMEOUT)
        .await
        .unwrap();
    assert_eq!(show(ingest.clone(), "plan_cache_mode").await, "auto");
    assert_eq!(show(ingest, "statement_timeout").await, "5min");
    // A statement past its time is cancelled, and a request answers 503 for it.
    let quick = db::connect_api(&url, 1, std::time::Duration::from_millis(200))
        .await
        .unwrap();
    let e = sqlx::query("select pg_sleep(2)")
        .execute(&quick)
        .await
        .unwrap_err();
    let answer = api::error::ApiError::from(db::DbError::Sqlx(e));
    let response = axum::response::IntoResponse::into_response(answer);
    assert_eq!(response.status(), StatusCode::SERVICE_UNAVAILABLE);
}

/// Decision 96: security headers on every answer, HSTS only over https; token paths never in
/// the request log.
#[sqlx::test(migrator = "db::MIGRATOR")]
async fn every_answer_carries_the_security_headers(pool: PgPool) {
    let app = TestApp::new(pool.clone()).await;
    for path in ["/api/site", "/", "/no-such-page", "/api/nothing"] {
        let req = axum::http::Request::builder()
            .uri(path)
            .body(axum::body::Body::empty())
            .unwrap();
        let res = tower::ServiceExt::oneshot(app.router.clone(), req)
            .await
            .unwrap();
        let h = res.headers();
        assert_eq!(
            h["content-security-policy"],
            api::CONTENT_SECURITY_POLICY,
            "{path}"
        );
        assert!(api::CONTENT_SECURITY_POLICY.contains("frame-ancestors 'none'"));
        assert_eq!(h["x-content-type-options"], "nosniff", "{path}");
        assert_eq!(h["referrer-policy"], "no-referrer", "{path}");
        assert_eq!(h["x-frame-options"], "DENY", "{path}");
        assert!(
            h.get("strict-transport-security").is_none(),
            "http: no HSTS"
        );
    }
    let https = TestApp::with(pool, |s| s.public_url = Some("https://mill.example".into())).await;
    let req = axum::http::Request::builder()
        .uri("/api/site")
        .body(axum::body::Body::empty())
        .unwrap();
    let res = tower::ServiceExt::oneshot(https.router.clone(), req)
        .await
        .unwrap();
    assert!(
        res.headers()["strict-transport-security"]
            .to_str()
            .unwrap()
            .starts_with("max-age=")
    );
    assert_eq!(
        api::logged_path("/auth/resetpassword/4f2a9c0d"),
        "/auth/resetpassword/…"
    );
    assert_eq!(api::logged_path("/validatesignup/abc"), "/validatesignup/…");
    assert_eq!(api::logged_path("/api/site"), "/api/site");
}
