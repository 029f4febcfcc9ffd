//! How much of a list one call answers (decision 94): the paging every list shares, and the
//! `X-Total-Count` header that says how many records match in all.

use axum::Json;
use axum::http::HeaderValue;
use axum::response::{IntoResponse, Response};
use model::{Envelope, Msg};
use serde::{Deserialize, Serialize};
use utoipa::IntoParams;

use crate::error::{ApiError, ApiResult};

/// The header of a list answer naming how many records match its filters (every page).
pub const TOTAL: &str = "x-total-count";

/// Paging of a list.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct Paging {
    /// Page number from 1 (default 1); a page past the end is empty.
    pub page: Option<String>,
    /// Rows per page, 1 to 1000 (each list names its default).
    pub limit: Option<String>,
}

fn given(raw: Option<&str>) -> Option<&str> {
    raw.map(str::trim).filter(|s| !s.is_empty())
}

impl Paging {
    pub fn parse(&self) -> ApiResult<(i64, i64)> {
        self.parse_with(50)
    }

    /// Page and limit, `default` rows per page.
    pub fn parse_with(&self, default: i64) -> ApiResult<(i64, i64)> {
        let num = |raw: Option<&str>, field: &str, default: i64, max: i64| -> ApiResult<i64> {
            match given(raw) {
                None => Ok(default),
                Some(v) => v
                    .parse::<i64>()
                    .ok()
                    .filter(|n| (1..=max).contains(n))
                    .ok_or_else(|| {
                        ApiError::field(
                            field,
                            Msg::new("validation.numberRange")
                                .arg("min", "1")
                                .arg("max", max.to_string()),
                        )
                    }),
            }
        };
        Ok((
            num(self.page.as_deref(), "page", 1, 1_000_000)?,
            num(self.limit.as_deref(), "limit", default, 1000)?,
        ))
    }
}

/// The part of a list one call answers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Window {
    /// The whole list, when at most `max` records match (400 `list.tooLong` beyond).
    Whole { max: usize },
    /// `limit` records from the `(page − 1) × limit`th.
    Page { page: i64, limit: i64 },
}

/// Rows per page when a list call names `page` without `limit`.
pub const PAGE: i64 = 100;

impl Window {
    /// The whole list (at most `max`) unless the call names `page` or `limit`.
    pub fn of(paging: &Paging, max: usize) -> ApiResult<Self> {
        if given(paging.page.as_deref()).is_none() && given(paging.limit.as_deref()).is_none() {
            return Ok(Window::Whole { max });
        }
        let (page, limit) = paging.parse_with(PAGE)?;
        Ok(Window::Page { page, limit })
    }

    /// How many rows to read: one past the maximum for a whole list, to know it is too long.
    pub fn limit(self) -> i64 {
        match self {
            Window::Whole { max } => max as i64 + 1,
            Window::Page { limit, .. } => limit,
        }
    }

    pub fn offset(self) -> i64 {
        match self {
            Window::Whole { .. } => 0,
            Window::Page { page, limit } => (page - 1) * limit,
        }
    }

    /// The rows read with [`Window::limit`] and [`Window::offset`] and the total: a whole list
    /// counts itself (400 when past its maximum), a page asks `count`.
    pub async fn finish<T, F>(self, rows: Vec<T>, count: F) -> ApiResult<Listed<T>>
    where
        F: Future<Output = ApiResult<i64>>,
    {
        match self {
            Window::Whole { max } if rows.len() > max => Err(too_long(max)),
            Window::Whole { .. } => {
                let total = rows.len() as i64;
                Ok(Listed(rows, total))
            }
            Window::Page { .. } => Ok(Listed(rows, count.await?)),
        }
    }
}

/// 400 for a list longer than `max`: the filters narrow it, or paging reads it a page at a time.
pub fn too_long(max: usize) -> ApiError {
    ApiError::BadRequest(Msg::new("list.tooLong").arg("max", max))
}

/// A list's answer: the envelope with the rows, and [`TOTAL`] naming how many match in all.
#[derive(Debug)]
pub struct Listed<T>(pub Vec<T>, pub i64);

impl<T> Listed<T> {
    /// The same list with each row turned into another.
    pub fn map<U>(self, f: impl FnMut(T) -> U) -> Listed<U> {
        Listed(self.0.into_iter().map(f).collect(), self.1)
    }
}

impl<T: Serialize> IntoResponse for Listed<T> {
    fn into_response(self) -> Response {
        let mut response = Json(Envelope::data(self.0)).into_response();
        response
            .headers_mut()
            .insert(TOTAL, HeaderValue::from(self.1));
        response
    }
}

/// The OpenAPI description of [`TOTAL`].
pub fn total_header() -> utoipa::openapi::header::Header {
    utoipa::openapi::header::HeaderBuilder::new()
        .schema(
            utoipa::openapi::ObjectBuilder::new()
                .schema_type(utoipa::openapi::schema::Type::Integer)
                .minimum(Some(0)),
        )
        .description(Some(
            "how many records match the filters, every page together",
        ))
        .build()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn paging(page: Option<&str>, limit: Option<&str>) -> Paging {
        Paging {
            page: page.map(String::from),
            limit: limit.map(String::from),
        }
    }

    #[test]
    fn a_list_is_whole_unless_it_names_a_page_or_a_limit() {
        assert_eq!(
            Window::of(&paging(None, Some(" ")), 10).unwrap(),
            Window::Whole { max: 10 }
        );
        let w = Window::of(&paging(Some("3"), None), 10).unwrap();
        assert_eq!(
            w,
            Window::Page {
                page: 3,
                limit: PAGE
            }
        );
        assert_eq!((w.limit(), w.offset()), (PAGE, 2 * PAGE));
        let w = Window::of(&paging(None, Some("7")), 10).unwrap();
        assert_eq!((w.limit(), w.offset()), (7, 0));
        assert!(Window::of(&paging(Some("0"), None), 10).is_err());
        assert!(Window::of(&paging(None, Some("1001")), 10).is_err());
        assert_eq!(Window::Whole { max: 10 }.limit(), 11);
    }
}
