//! Settings from environment variables, each with a default that works on one machine
//! (the ports of `scripts/services.sh`).

use std::path::{Path, PathBuf};
use std::time::Duration;

use anyhow::{Context, bail};
use api::{ApiSettings, SystemType};

pub struct Settings {
    pub database_url: String,
    pub nats_url: String,
    pub http_addr: String,
    pub data_dir: PathBuf,
    /// The language of the demo plant's names (`SEED_LANGUAGE`: en, de, nl, fr, es).
    pub seed_language: String,
    vars: Vars,
}

/// The raw values, read once.
struct Vars {
    jwt_secret: Option<String>,
    jwt_ttl_seconds: Option<String>,
    superuser_email: Option<String>,
    superuser_password: Option<String>,
    system_type: Option<String>,
    smtp_url: Option<String>,
    mail_from: Option<String>,
    web_dir: Option<String>,
    locales_dir: Option<String>,
    public_url: Option<String>,
    plant_name: Option<String>,
    calibration_interval_days: Option<String>,
    retention_days: Option<String>,
    auth_rate_per_address: Option<String>,
    auth_rate_global: Option<String>,
    trust_forwarded_for: Option<String>,
    request_timeout_seconds: Option<String>,
    max_in_flight: Option<String>,
    max_connections: Option<String>,
}

/// A setting: the variable's trimmed value, `None` when unset or blank.
pub(crate) fn var(name: &str) -> Option<String> {
    std::env::var(name)
        .ok()
        .map(|v| v.trim().to_string())
        .filter(|v| !v.is_empty())
}

impl Settings {
    pub fn from_env() -> anyhow::Result<Self> {
        let root = repo_root();
        Ok(Settings {
            database_url: var("DATABASE_URL")
                .unwrap_or_else(|| "postgres://batchline@127.0.0.1:55432/batchline".into()),
            nats_url: var("NATS_URL").unwrap_or_else(|| "nats://127.0.0.1:54222".into()),
            http_addr: var("HTTP_ADDR").unwrap_or_else(|| "127.0.0.1:8080".into()),
            data_dir: var("DATA_DIR")
                .map(PathBuf::from)
                .unwrap_or_else(|| root.join(".data")),
            seed_language: var("SEED_LANGUAGE")
                .map(|l| l.to_ascii_lowercase())
                .unwrap_or_else(|| "en".into()),
            vars: Vars {
                jwt_secret: var("JWT_SECRET"),
                jwt_ttl_seconds: var("JWT_TTL_SECONDS"),
                superuser_email: var("SUPERUSER_EMAIL"),
                superuser_password: var("SUPERUSER_PASSWORD"),
                system_type: var("SYSTEM_TYPE"),
                smtp_url: var("SMTP_URL"),
                mail_from: var("MAIL_FROM"),
                web_dir: var("WEB_DIR"),
                locales_dir: var("LOCALES_DIR"),
                public_url: var("PUBLIC_URL"),
                plant_name: var("PLANT_NAME"),
                calibration_interval_days: var("CALIBRATION_INTERVAL_DAYS"),
                retention_days: var("RETENTION_DAYS"),
                auth_rate_per_address: var("AUTH_RATE_PER_ADDRESS"),
                auth_rate_global: var("AUTH_RATE_GLOBAL"),
                trust_forwarded_for: var("TRUST_FORWARDED_FOR"),
                request_timeout_seconds: var("REQUEST_TIMEOUT_SECONDS"),
                max_in_flight: var("MAX_IN_FLIGHT"),
                max_connections: var("MAX_CONNECTIONS"),
            },
        })
    }

    /// How many days of production series TimescaleDB keeps (`RETENTION_DAYS`); unset keeps
    /// everything. Without TimescaleDB nothing is dropped (decision 72).
    pub fn retention_days(&self) -> anyhow::Result<Option<u32>> {
        match &self.vars.retention_days {
            None => Ok(None),
            Some(s) => match s.parse::<u32>() {
                Ok(n) if (1..=36500).contains(&n) => Ok(Some(n)),
                _ => bail!("RETENTION_DAYS must be a number of days (1 to 36500), not {s:?}"),
            },
        }
    }

    /// The database URL without its password, for messages.
    pub fn redacted_database_url(&self) -> String {
        match (self.database_url.find("://"), self.database_url.rfind('@')) {
            (Some(s), Some(at)) if at > s => {
                let creds = &self.database_url[s + 3..at];
                let user = creds.split(':').next().unwrap_or("");
                format!(
                    "{}{}@{}",
                    &self.database_url[..s + 3],
                    user,
                    &self.database_url[at + 1..]
                )
            }
            _ => self.database_url.clone(),
        }
    }

    /// The NATS client (`NATS_URL`, one server or several separated by commas), with the
    /// number of copies the streams and buckets it creates keep (`NATS_REPLICAS`, 1 to 5).
    pub async fn connect_nats(&self) -> anyhow::Result<async_nats::Client> {
        if let Some(v) = var("NATS_REPLICAS") {
            match v.parse::<usize>() {
                Ok(n) if (1..=5).contains(&n) => bus::set_replicas(n),
                _ => bail!("NATS_REPLICAS must be a number of copies (1 to 5), not {v:?}"),
            }
        }
        bus::connect(&self.nats_url).await
    }

    pub fn api_settings(&self) -> anyhow::Result<ApiSettings> {
        let v = &self.vars;
        let root = repo_root();
        let system_type = match &v.system_type {
            None => SystemType::Cloud,
            Some(s) => SystemType::parse(s)
                .with_context(|| format!("SYSTEM_TYPE must be CLOUD or ON_PREMISE, not {s:?}"))?,
        };
        let ttl = match &v.jwt_ttl_seconds {
            None => 12 * 3600,
            Some(s) => match s.parse::<u64>() {
                Ok(n) if n >= 10 => n,
                _ => bail!("JWT_TTL_SECONDS must be a number of seconds (at least 10), not {s:?}"),
            },
        };
        let calibration_interval_days = match &v.calibration_interval_days {
            None => 30,
            Some(s) => match s.parse::<u32>() {
                Ok(n) if (1..=3650).contains(&n) => n,
                _ => bail!(
                    "CALIBRATION_INTERVAL_DAYS must be a number of days (1 to 3650), not {s:?}"
                ),
            },
        };
        let mut flood = api::auth::flood::FloodLimits::default();
        let rate = |name: &str, v: &Option<String>, default: u32| -> anyhow::Result<u32> {
            match v {
                None => Ok(default),
                Some(s) => match s.parse::<u32>() {
                    Ok(n) if (1..=100_000).contains(&n) => Ok(n),
                    _ => bail!("{name} must be a number of calls (1 to 100000), not {s:?}"),
                },
            }
        };
        flood.per_address_per_minute = rate(
            "AUTH_RATE_PER_ADDRESS",
            &v.auth_rate_per_address,
            flood.per_address_per_minute,
        )?;
        flood.per_address_burst = flood.per_address_per_minute;
        flood.global_per_second = rate(
            "AUTH_RATE_GLOBAL",
            &v.auth_rate_global,
            flood.global_per_second as u32,
        )? as f64;
        flood.global_burst = flood.global_burst.max(5 * flood.global_per_second as u32);
        let trust_forwarded_for = match v.trust_forwarded_for.as_deref() {
            None | Some("0") | Some("false") => false,
            Some("1") | Some("true") => true,
            Some(s) => bail!("TRUST_FORWARDED_FOR must be true or false, not {s:?}"),
        };
        let number = |name: &str,
                      v: &Option<String>,
                      range: std::ops::RangeInclusive<u64>,
                      default: u64|
         -> anyhow::Result<u64> {
            match v {
                None => Ok(default),
                Some(s) => match s.parse::<u64>() {
                    Ok(n) if range.contains(&n) => Ok(n),
                    _ => bail!(
                        "{name} must be a number from {} to {}, not {s:?}",
                        range.start(),
                        range.end()
                    ),
                },
            }
        };
        let request_timeout = Duration::from_secs(number(
            "REQUEST_TIMEOUT_SECONDS",
            &v.request_timeout_seconds,
            5..=3600,
            60,
        )?);
        let max_in_flight = number("MAX_IN_FLIGHT", &v.max_in_flight, 1..=100_000, 512)? as usize;
        let connections = api::serve::Connections {
            max: number("MAX_CONNECTIONS", &v.max_connections, 1..=1_000_000, 10_000)? as usize,
            ..api::serve::Connections::default()
        };
        std::fs::create_dir_all(&self.data_dir)
            .with_context(|| format!("creating {}", self.data_dir.display()))?;
        let jwt_secret = match &v.jwt_secret {
            Some(s) if s.len() >= 32 => s.as_bytes().to_vec(),
            Some(_) => bail!("JWT_SECRET must be at least 32 characters"),
            None => stored_secret(&self.data_dir.join("jwt_secret"))?,
        };
        Ok(ApiSettings {
            jwt_secret,
            jwt_ttl: Duration::from_secs(ttl),
            superuser_email: v.superuser_email.clone(),
            superuser_password: v.superuser_password.clone(),
            system_type,
            smtp_url: v.smtp_url.clone(),
            mail_from: v
                .mail_from
                .clone()
                .unwrap_or_else(|| "Batchline <no-reply@batchline.local>".into()),
            data_dir: self.data_dir.clone(),
            web_dir: v
                .web_dir
                .as_ref()
                .map(PathBuf::from)
                .unwrap_or_else(|| root.join("web/dist")),
            locales_dir: v
                .locales_dir
                .as_ref()
                .map(PathBuf::from)
                .unwrap_or_else(|| root.join("locales")),
            public_url: v.public_url.clone(),
            plant_name: v
                .plant_name
                .clone()
                .unwrap_or_else(|| "Batchline demo feed mill".into()),
            calibration_interval_days,
            flood,
            trust_forwarded_for,
            connections,
            request_timeout,
            max_in_flight,
        })
    }
}

/// The repository the binary was built from (its files are the defaults), else the current
/// directory when that tree is gone (an installed binary).
fn repo_root() -> PathBuf {
    let built = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/.."));
    if built.join("locales").is_dir() {
        built.canonicalize().unwrap_or(built)
    } else {
        std::env::current_dir().unwrap_or_else(|_| PathBuf::from("."))
    }
}

/// Reads the JWT secret kept in the data folder, generating it (256 random bits, mode 0600)
/// the first time.
fn stored_secret(path: &Path) -> anyhow::Result<Vec<u8>> {
    if let Ok(s) = std::fs::read_to_string(path) {
        let s = s.trim();
        if s.len() >= 32 {
            return Ok(s.as_bytes().to_vec());
        }
    }
    let secret = hex::encode(rand::random::<[u8; 32]>());
    let tmp = path.with_extension("tmp");
    let _ = std::fs::remove_file(&tmp);
    // Readable by the owner only from the moment it exists (not written, then restricted).
    let mut open = std::fs::OpenOptions::new();
    open.write(true).create_new(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut open, 0o600);
    let mut file = open
        .open(&tmp)
        .with_context(|| format!("creating {}", tmp.display()))?;
    std::io::Write::write_all(&mut file, secret.as_bytes())
        .with_context(|| format!("writing {}", tmp.display()))?;
    file.sync_all()?;
    std::fs::rename(&tmp, path)?;
    tracing::info!(path = %path.display(), "generated JWT secret");
    Ok(secret.into_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_generated_secret_is_the_owners_alone_and_kept() {
        let dir = std::env::temp_dir().join(format!("batchline-secret-{}", uuid::Uuid::new_v4()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("jwt_secret");
        let first = stored_secret(&path).unwrap();
        assert_eq!(first.len(), 64);
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(&path).unwrap().permissions().mode() & 0o777;
            assert_eq!(mode, 0o600, "{mode:o}");
        }
        assert_eq!(
            stored_secret(&path).unwrap(),
            first,
            "read back, not made anew"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
