//! Serves the built web app: files from `web_dir`, and `index.html` for every other non-API
//! path so client routes survive a reload (history fallback). Files go out as their brotli or
//! gzip copies made at build time when the browser accepts one.

use axum::extract::Request;
use axum::http::{StatusCode, header};
use axum::response::{Html, IntoResponse, Response};
use model::Msg;
use tower::ServiceExt;
use tower_http::services::{ServeDir, ServeFile};

use crate::error::ApiError;
use crate::i18n_layer::is_api_path;

pub async fn fallback(web_dir: std::path::PathBuf, request: Request) -> Response {
    if is_api_path(request.uri().path()) {
        return ApiError::NotFound(Msg::new("request.notFound")).into_response();
    }
    let index = web_dir.join("index.html");
    if !index.is_file() {
        return (StatusCode::SERVICE_UNAVAILABLE, Html(NOT_BUILT)).into_response();
    }
    // `make web` writes a brotli and a gzip copy beside every file worth compressing
    // (web/scripts/precompress.mjs); the one the browser accepts is sent as it is.
    let serve = ServeDir::new(&web_dir)
        .precompressed_br()
        .precompressed_gzip()
        .fallback(
            ServeFile::new(&index)
                .precompressed_br()
                .precompressed_gzip(),
        );
    let path = request.uri().path().to_string();
    match serve.oneshot(request).await {
        Ok(mut response) => {
            // Hashed assets never change; the page itself must always be revalidated.
            let cache = if path.starts_with("/assets/") {
                "public, max-age=31536000, immutable"
            } else {
                "no-cache"
            };
            let headers = response.headers_mut();
            headers.insert(
                header::CACHE_CONTROL,
                header::HeaderValue::from_static(cache),
            );
            // The body depends on Accept-Encoding: caches must keep one copy per encoding.
            headers.insert(
                header::VARY,
                header::HeaderValue::from_static("accept-encoding"),
            );
            response.into_response()
        }
        Err(e) => ApiError::Internal(anyhow::anyhow!("static files: {e}")).into_response(),
    }
}

const NOT_BUILT: &str = "<!doctype html><title>Batchline</title><p>The web app is not built yet. Run <code>make web</code> (or <code>make demo</code>) and reload.</p>";
