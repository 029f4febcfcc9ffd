//! The api's one error type. Handlers return it; it becomes the spec's envelope with the right
//! status. Texts are rendered by [`crate::i18n_layer`] in the request's language, so errors
//! carry message codes, not strings.

use std::collections::BTreeMap;

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use db::DbError;
use model::Msg;

#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    /// 400 with one message per field.
    #[error("validation failed")]
    Validation(BTreeMap<String, Msg>),
    #[error("bad request: {0:?}")]
    BadRequest(Msg),
    #[error("unauthenticated: {0:?}")]
    Unauthorized(Msg),
    #[error("forbidden")]
    Forbidden(Msg),
    #[error("not found")]
    NotFound(Msg),
    /// 409, optionally naming the field that conflicts.
    #[error("conflict: {msg:?}")]
    Conflict {
        field: Option<&'static str>,
        msg: Msg,
    },
    /// 409 with one message per field (duplicates in a bulk or an import).
    #[error("conflicting fields")]
    ConflictFields(BTreeMap<String, Msg>),
    #[error("too many requests")]
    TooManyRequests(Msg, u64),
    #[error("unavailable: {0}")]
    Unavailable(String),
    /// 502: a server of the plant (an OPC UA controller) could not be asked.
    #[error("bad gateway: {0:?}")]
    BadGateway(Msg),
    /// 503: the server is at its limit for this kind of work; try again after the seconds.
    #[error("busy")]
    Busy(Msg, u64),
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
}

/// The parts of an error response that still need translating; the i18n layer turns them
/// into the envelope once it knows the request's language.
#[derive(Debug, Clone)]
pub struct PendingError {
    pub message: Msg,
    pub errors: BTreeMap<String, Msg>,
    /// Seconds before trying again (429, 503).
    pub retry_after: Option<u64>,
}

impl ApiError {
    /// 429: `msg`, and the seconds to wait before trying again.
    pub fn too_many(msg: Msg, retry_after: u64) -> Self {
        ApiError::TooManyRequests(msg, retry_after)
    }

    pub fn field(field: &str, msg: Msg) -> Self {
        ApiError::Validation(BTreeMap::from([(field.to_string(), msg)]))
    }

    pub fn forbidden() -> Self {
        ApiError::Forbidden(Msg::new("auth.forbidden"))
    }
}

/// A refused command of the application layer, as the HTTP edge answers it.
impl From<app::Error> for ApiError {
    fn from(e: app::Error) -> Self {
        match e {
            app::Error::Invalid(fields) => ApiError::Validation(fields),
            app::Error::Refused(m) => ApiError::BadRequest(m),
            app::Error::NotFound(m) => ApiError::NotFound(m),
            app::Error::Conflict { field, msg } => ApiError::Conflict { field, msg },
            app::Error::Conflicts(fields) => ApiError::ConflictFields(fields),
            app::Error::Forbidden(m) => ApiError::Forbidden(m),
            app::Error::Busy(m, s) => ApiError::Busy(m, s),
            app::Error::Unavailable(cause) => ApiError::Unavailable(cause),
            app::Error::Unreachable(m) => ApiError::BadGateway(m),
            app::Error::Internal(e) => ApiError::Internal(e),
        }
    }
}

impl From<DbError> for ApiError {
    fn from(e: DbError) -> Self {
        app::Error::from(e).into()
    }
}

impl From<sqlx::Error> for ApiError {
    fn from(e: sqlx::Error) -> Self {
        DbError::from_sqlx(e).into()
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let retry_after = match &self {
            ApiError::TooManyRequests(_, s) | ApiError::Busy(_, s) => Some(*s),
            _ => None,
        };
        let (status, message, errors) = match self {
            ApiError::Validation(errors) => {
                let first = errors
                    .values()
                    .next()
                    .cloned()
                    .unwrap_or(Msg::new("validation.failed"));
                (StatusCode::BAD_REQUEST, first, errors)
            }
            ApiError::BadRequest(m) => (StatusCode::BAD_REQUEST, m, BTreeMap::new()),
            ApiError::Unauthorized(m) => (StatusCode::UNAUTHORIZED, m, BTreeMap::new()),
            ApiError::Forbidden(m) => (StatusCode::FORBIDDEN, m, BTreeMap::new()),
            ApiError::NotFound(m) => (StatusCode::NOT_FOUND, m, BTreeMap::new()),
            ApiError::Conflict { field, msg } => {
                let errors = field
                    .map(|f| BTreeMap::from([(f.to_string(), msg.clone())]))
                    .unwrap_or_default();
                (StatusCode::CONFLICT, msg, errors)
            }
            ApiError::ConflictFields(errors) => {
                let first = errors
                    .values()
                    .next()
                    .cloned()
                    .unwrap_or(Msg::new("validation.failed"));
                (StatusCode::CONFLICT, first, errors)
            }
            ApiError::TooManyRequests(m, _) => (StatusCode::TOO_MANY_REQUESTS, m, BTreeMap::new()),
            ApiError::Busy(m, _) => (StatusCode::SERVICE_UNAVAILABLE, m, BTreeMap::new()),
            ApiError::BadGateway(m) => (StatusCode::BAD_GATEWAY, m, BTreeMap::new()),
            ApiError::Unavailable(cause) => {
                tracing::warn!(%cause, "service unavailable");
                (
                    StatusCode::SERVICE_UNAVAILABLE,
                    Msg::new("server.unavailable"),
                    BTreeMap::new(),
                )
            }
            ApiError::Internal(e) => {
                tracing::error!(error = format!("{e:#}"), "request failed");
                (
                    StatusCode::INTERNAL_SERVER_ERROR,
                    Msg::new("server.error"),
                    BTreeMap::new(),
                )
            }
        };
        let mut response = status.into_response();
        response.extensions_mut().insert(PendingError {
            message,
            errors,
            retry_after,
        });
        response
    }
}

pub type ApiResult<T> = Result<T, ApiError>;
