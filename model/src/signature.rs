//! Electronic signatures on releases (issue 35, item 2): what a signer gives (their password
//! again and a meaning) and the manifest kept with the record (who, full name, meaning, when in
//! the line's zone).

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// The meanings every plant has; a plant adds its own (`/api/signaturemeanings`).
pub const BUILT_IN_MEANINGS: [&str; 2] = ["REVIEWED", "APPROVED"];

crate::choice! {
    /// What a signature signs.
    pub enum Purpose { RecipeRelease = "RECIPE_RELEASE", OrderRelease = "ORDER_RELEASE" }
}

/// A signature as a release call takes it.
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SignatureInput {
    /// The signer's password, entered again.
    pub password: Option<String>,
    /// `REVIEWED`, `APPROVED` or the code of a meaning the plant configured.
    pub meaning: Option<String>,
}

/// A signature's manifest as it is kept with the signed record and shown on its screen and PDF.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Signature {
    pub id: String,
    pub purpose: Purpose,
    /// The release level signed for (recipes).
    pub level: Option<i32>,
    /// The signer's email.
    pub signer: String,
    /// The signer's full name as it was when signed (the email when the account has none).
    pub signer_name: String,
    /// The meaning's code and its name as shown when signed.
    pub meaning: String,
    pub meaning_name: String,
    pub signed_at: DateTime<Utc>,
    /// `YYYY-MM-DD HH:MM:SS` in `zone`, the line's time zone when signed.
    pub signed_local: String,
    pub zone: String,
    /// Whether the line's two-person rule was on.
    pub two_person: bool,
}
