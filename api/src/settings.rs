//! The api's settings from the environment (not the plant configuration, which is
//! `model::config`). The `batchline` binary reads them (architecture §Configuration); tests
//! build them directly.

use std::path::PathBuf;
use std::time::Duration;

/// Which kind of installation this is (§1; `ON_PREMISE` creates users with generated
/// passwords, `CLOUD` invites them by mail).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SystemType {
    Cloud,
    OnPremise,
}

impl SystemType {
    pub fn as_str(self) -> &'static str {
        match self {
            SystemType::Cloud => "CLOUD",
            SystemType::OnPremise => "ON_PREMISE",
        }
    }

    pub fn parse(s: &str) -> Option<Self> {
        match s.trim().to_ascii_uppercase().as_str() {
            "CLOUD" => Some(SystemType::Cloud),
            "ON_PREMISE" | "ONPREMISE" => Some(SystemType::OnPremise),
            _ => None,
        }
    }
}

#[derive(Debug, Clone)]
pub struct ApiSettings {
    pub jwt_secret: Vec<u8>,
    pub jwt_ttl: Duration,
    pub superuser_email: Option<String>,
    pub superuser_password: Option<String>,
    pub system_type: SystemType,
    /// `smtp://user:pass@host:port`; unset writes mails to `<data_dir>/outbox`.
    pub smtp_url: Option<String>,
    pub mail_from: String,
    pub data_dir: PathBuf,
    /// The built web app, served at `/` with history fallback.
    pub web_dir: PathBuf,
    /// `locales/` with `messages/` and `web/` translation files.
    pub locales_dir: PathBuf,
    /// Base of the links in mails; the bound address when unset.
    pub public_url: Option<String>,
    /// The plant's name on filed documents (PDF headers).
    pub plant_name: String,
    /// Days a scale's passed calibration check stays valid (the calibration report's due dates).
    pub calibration_interval_days: u32,
    /// The rate limits of the sign-in calls and the password hashing gate (decision 92).
    pub flood: crate::auth::flood::FloodLimits,
    /// Take the client's address from `X-Forwarded-For` (only behind a proxy that sets it).
    pub trust_forwarded_for: bool,
    /// Open connections at most, and how long a client may take to send its headers.
    pub connections: crate::serve::Connections,
    /// The longest a request may take (`REQUEST_TIMEOUT_SECONDS`, default 60).
    pub request_timeout: Duration,
    /// Requests answered at once; more are answered 503 (`MAX_IN_FLIGHT`, default 512).
    pub max_in_flight: usize,
}

impl ApiSettings {
    /// Settings for tests and tools: a fresh random secret, everything else defaulted.
    pub fn for_tests(data_dir: PathBuf) -> Self {
        ApiSettings {
            jwt_secret: rand::random::<[u8; 32]>().to_vec(),
            jwt_ttl: Duration::from_secs(12 * 3600),
            superuser_email: None,
            superuser_password: None,
            system_type: SystemType::Cloud,
            smtp_url: None,
            mail_from: "Batchline <no-reply@batchline.local>".into(),
            web_dir: data_dir.join("web"),
            data_dir,
            locales_dir: default_locales_dir(),
            public_url: Some("http://batchline.test".into()),
            plant_name: "Test feed mill".into(),
            calibration_interval_days: 30,
            flood: crate::auth::flood::FloodLimits::default(),
            trust_forwarded_for: false,
            connections: crate::serve::Connections::default(),
            request_timeout: Duration::from_secs(60),
            max_in_flight: 512,
        }
    }
}

/// The repository's `locales/` folder as seen from where this crate was built.
pub fn default_locales_dir() -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../locales"))
}
