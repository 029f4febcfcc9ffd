//! The response envelope every endpoint answers with (spec §7, architecture "API conventions").

use std::collections::BTreeMap;

use serde::Serialize;
use utoipa::ToSchema;

/// `{ success, message?, data?, errors? }`.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Envelope<T: Serialize> {
    pub success: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub data: Option<T>,
    /// Field name → the first failing rule's message.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub errors: Option<BTreeMap<String, String>>,
    /// With a 429 or 503: the seconds to wait before trying again (also the `Retry-After`
    /// header).
    #[serde(rename = "retryAfter", skip_serializing_if = "Option::is_none")]
    pub retry_after: Option<u64>,
}

impl<T: Serialize> Envelope<T> {
    pub fn data(data: T) -> Self {
        Envelope {
            success: true,
            message: None,
            data: Some(data),
            errors: None,
            retry_after: None,
        }
    }

    pub fn with_message(mut self, message: impl Into<String>) -> Self {
        self.message = Some(message.into());
        self
    }
}

impl Envelope<()> {
    pub fn ok(message: impl Into<String>) -> Self {
        Envelope {
            success: true,
            message: Some(message.into()),
            data: None,
            errors: None,
            retry_after: None,
        }
    }

    pub fn failure(message: impl Into<String>, errors: Option<BTreeMap<String, String>>) -> Self {
        Envelope {
            success: false,
            message: Some(message.into()),
            data: None,
            errors,
            retry_after: None,
        }
    }
}
