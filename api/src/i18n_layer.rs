//! Renders error envelopes in the request's language, and gives the framework's own answers
//! (unknown route, wrong method, body too large) the same envelope.

use axum::body::Body;
use axum::extract::{FromRequestParts, Request};
use axum::http::{HeaderMap, StatusCode, header, request::Parts};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use model::{Envelope, Lang, Msg};

use crate::error::PendingError;

/// The language of the request, from `Accept-language`.
#[derive(Debug, Clone, Copy)]
pub struct RequestLang(pub Lang);

impl RequestLang {
    pub fn from_headers(headers: &HeaderMap) -> Self {
        RequestLang(Lang::from_accept_language(
            headers
                .get(header::ACCEPT_LANGUAGE)
                .and_then(|v| v.to_str().ok())
                .unwrap_or(""),
        ))
    }

    pub fn text(self, msg: &Msg) -> String {
        msg.text(self.0)
    }
}

impl<S: Send + Sync> FromRequestParts<S> for RequestLang {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        Ok(RequestLang::from_headers(&parts.headers))
    }
}

/// Middleware: translate pending errors; wrap bare framework errors in the envelope.
pub async fn render_errors(request: Request, next: Next) -> Response {
    let lang = RequestLang::from_headers(request.headers());
    let is_api = is_api_path(request.uri().path());
    let mut response = next.run(request).await;
    if let Some(pending) = response.extensions_mut().remove::<PendingError>() {
        return envelope(
            response.status(),
            lang,
            &pending.message,
            &pending.errors,
            pending.retry_after,
        );
    }
    let status = response.status();
    let bare = response
        .headers()
        .get(header::CONTENT_TYPE)
        .is_none_or(|v| !v.as_bytes().starts_with(b"application/json"));
    if status.is_client_error() && bare && (is_api || status != StatusCode::NOT_FOUND) {
        let code = match status {
            StatusCode::NOT_FOUND => "request.notFound",
            StatusCode::METHOD_NOT_ALLOWED => "request.methodNotAllowed",
            StatusCode::PAYLOAD_TOO_LARGE => "request.tooLarge",
            StatusCode::UNAUTHORIZED => "auth.unauthenticated",
            _ => "request.invalidBody",
        };
        return envelope(status, lang, &Msg::new(code), &Default::default(), None);
    }
    response
}

/// Paths answered by the api rather than the web app.
pub fn is_api_path(path: &str) -> bool {
    ["/api", "/auth", "/healthz", "/readyz", "/metrics", "/ws"]
        .iter()
        .any(|p| path == *p || path.starts_with(&format!("{p}/")))
}

fn envelope(
    status: StatusCode,
    lang: RequestLang,
    message: &Msg,
    errors: &std::collections::BTreeMap<String, Msg>,
    retry_after: Option<u64>,
) -> Response {
    let errors = (!errors.is_empty()).then(|| {
        errors
            .iter()
            .map(|(k, m)| (k.clone(), lang.text(m)))
            .collect()
    });
    let mut body = Envelope::failure(lang.text(message), errors);
    body.retry_after = retry_after;
    let mut response = (status, axum::Json(body)).into_response();
    if let Some(seconds) = retry_after {
        response
            .headers_mut()
            .insert(header::RETRY_AFTER, header::HeaderValue::from(seconds));
    }
    if status == StatusCode::UNAUTHORIZED {
        response.headers_mut().insert(
            header::WWW_AUTHENTICATE,
            header::HeaderValue::from_static("Bearer"),
        );
    }
    response
}

/// An empty-bodied response with a status, for places that must return `Response<Body>`.
pub fn bare(status: StatusCode) -> Response {
    Response::builder()
        .status(status)
        .body(Body::empty())
        .unwrap_or_default()
}
