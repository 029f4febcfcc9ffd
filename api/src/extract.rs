//! Extractors that turn malformed input into the envelope instead of the framework's plain
//! text: JSON bodies (any content type, since some clients omit it), query strings and ids.

use axum::body::Bytes;
use axum::extract::{FromRequest, FromRequestParts, Request};
use axum::http::request::Parts;
use model::Msg;
use serde::de::DeserializeOwned;
use uuid::Uuid;

use crate::error::ApiError;

/// A JSON request body. Syntax errors answer `request.malformedJson`, shape errors
/// `request.invalidBody`, both 400.
pub struct Body<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for Body<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        let bytes = Bytes::from_request(req, state).await.map_err(|e| {
            if e.status() == axum::http::StatusCode::PAYLOAD_TOO_LARGE {
                ApiError::BadRequest(Msg::new("request.tooLarge"))
            } else {
                ApiError::BadRequest(Msg::new("request.invalidBody"))
            }
        })?;
        // No text the api stores or looks up may hold a NUL (Postgres refuses it), as in a query.
        if bytes.windows(6).any(|w| w.eq_ignore_ascii_case(b"\\u0000")) {
            return Err(ApiError::BadRequest(Msg::new("request.invalidBody")));
        }
        let bytes = if bytes.iter().all(u8::is_ascii_whitespace) {
            Bytes::from_static(b"{}")
        } else {
            bytes
        };
        serde_json::from_slice(&bytes).map(Body).map_err(|e| {
            tracing::debug!(error = %e, "rejected request body");
            match e.classify() {
                serde_json::error::Category::Data => {
                    ApiError::BadRequest(Msg::new("request.invalidBody"))
                }
                _ => ApiError::BadRequest(Msg::new("request.malformedJson")),
            }
        })
    }
}

/// A query string; a shape error answers `request.invalidQuery` (400).
pub struct Query<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequestParts<S> for Query<T> {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        serde_urlencoded_from(parts.uri.query().unwrap_or("")).map(Query)
    }
}

fn serde_urlencoded_from<T: DeserializeOwned>(q: &str) -> Result<T, ApiError> {
    // No text the api stores or looks up may hold a NUL (Postgres refuses it).
    if q.to_ascii_lowercase().contains("%00") {
        return Err(ApiError::BadRequest(Msg::new("request.invalidQuery")));
    }
    axum::extract::Query::<T>::try_from_uri(
        &format!("/?{q}")
            .parse()
            .map_err(|_| ApiError::BadRequest(Msg::new("request.invalidQuery")))?,
    )
    .map(|axum::extract::Query(v)| v)
    .map_err(|_| ApiError::BadRequest(Msg::new("request.invalidQuery")))
}

/// Parses a record id from a path or body; anything that is not a UUID cannot exist, so it
/// answers 404 with `not_found`.
pub fn parse_id(raw: &str, not_found: &'static str) -> Result<Uuid, ApiError> {
    Uuid::parse_str(raw.trim()).map_err(|_| ApiError::NotFound(Msg::new(not_found)))
}

/// A file download: `bytes` of content type `kind`, offered as `name` (sanitised to ASCII
/// letters, digits, `-` and `.`).
pub fn attachment(bytes: Vec<u8>, kind: &str, name: &str) -> axum::response::Response {
    use axum::http::header;
    use axum::response::IntoResponse;
    let name: String = name
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '.' {
                c
            } else {
                '_'
            }
        })
        .collect();
    (
        [
            (header::CONTENT_TYPE, kind.to_string()),
            (
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"{name}\""),
            ),
        ],
        bytes,
    )
        .into_response()
}

/// A table as a CSV download (UTF-8, comma-separated): `header`, then `rows`, offered as
/// `name`.
pub fn csv_attachment(
    header: &[String],
    rows: &[Vec<String>],
    name: &str,
) -> Result<axum::response::Response, ApiError> {
    let mut w = csv::Writer::from_writer(Vec::new());
    let written = std::iter::once(header)
        .chain(rows.iter().map(Vec::as_slice))
        .try_for_each(|row| w.write_record(row));
    let bytes = written
        .map_err(anyhow::Error::from)
        .and_then(|()| w.into_inner().map_err(|e| anyhow::anyhow!("{e}")))
        .map_err(ApiError::Internal)?;
    Ok(attachment(bytes, "text/csv; charset=utf-8", name))
}
