//! A test server on a fresh database: the real router, the real Postgres (one database per
//! test from `#[sqlx::test]`), the mail outbox in a temporary folder.

use std::path::PathBuf;

use api::{ApiSettings, AppState, SystemType};
use axum::Router;
use axum::body::Body;
use axum::http::{Method, Request, StatusCode};
use http_body_util::BodyExt;
use serde_json::{Value, json};
use sqlx::PgPool;
use tower::ServiceExt;

pub const SUPER_EMAIL: &str = "super@plant.test";
pub const SUPER_PASSWORD: &str = "Granary-Silo-Auger-77";
/// Strong enough for reset (zxcvbn > 2).
pub const STRONG: &str = "Molasses-Pellet-Cooler-91";

pub struct TestApp {
    pub state: AppState,
    pub router: Router,
    pub data_dir: PathBuf,
}

/// What one call answered.
#[derive(Debug)]
pub struct Answer {
    pub status: StatusCode,
    pub body: Value,
    pub headers: axum::http::HeaderMap,
}

impl Answer {
    /// The list's `X-Total-Count`: how many records match, every page together.
    #[track_caller]
    pub fn total(&self) -> i64 {
        let raw = self.headers.get("x-total-count").expect("x-total-count");
        raw.to_str().unwrap().parse().unwrap()
    }
    pub fn message(&self) -> &str {
        self.body["message"].as_str().unwrap_or_default()
    }
    pub fn error(&self, field: &str) -> &str {
        self.body["errors"][field].as_str().unwrap_or_default()
    }
    #[track_caller]
    pub fn ok(&self) -> &Value {
        assert_eq!(self.status, StatusCode::OK, "expected 200, got {self:?}");
        assert_eq!(self.body["success"], true, "{self:?}");
        &self.body
    }
    #[track_caller]
    pub fn failed(&self, status: StatusCode) -> &Value {
        assert_eq!(self.status, status, "{self:?}");
        assert_eq!(self.body["success"], false, "{self:?}");
        &self.body
    }
}

impl TestApp {
    pub async fn new(pool: PgPool) -> Self {
        Self::with(pool, |_| {}).await
    }

    pub async fn with(pool: PgPool, tweak: impl FnOnce(&mut ApiSettings)) -> Self {
        Self::build(pool, tweak, None).await
    }

    /// An api with NATS: the order board is written as in production.
    pub async fn with_nats(pool: PgPool, nats: async_nats::Client) -> Self {
        Self::build(pool, |_| {}, Some(nats)).await
    }

    async fn build(
        pool: PgPool,
        tweak: impl FnOnce(&mut ApiSettings),
        nats: Option<async_nats::Client>,
    ) -> Self {
        if std::env::var_os("TEST_LOG").is_some() {
            let _ = tracing_subscriber::fmt()
                .with_env_filter("error")
                .try_init();
        }
        let data_dir =
            std::env::temp_dir().join(format!("batchline-test-{}", uuid::Uuid::new_v4()));
        std::fs::create_dir_all(&data_dir).unwrap();
        let mut config = ApiSettings::for_tests(data_dir.clone());
        config.superuser_email = Some(SUPER_EMAIL.into());
        config.superuser_password = Some(SUPER_PASSWORD.into());
        tweak(&mut config);
        let state = AppState::new(pool, config, nats).unwrap();
        api::bootstrap_super_user(&state).await.unwrap();
        let router = api::app(state.clone());
        TestApp {
            state,
            router,
            data_dir,
        }
    }

    pub async fn on_premise(pool: PgPool) -> Self {
        Self::with(pool, |c| c.system_type = SystemType::OnPremise).await
    }

    /// Sends a request; `body` of `None` sends none, a string is sent raw as JSON.
    pub async fn raw(
        &self,
        method: Method,
        path: &str,
        body: Option<String>,
        token: Option<&str>,
        lang: Option<&str>,
    ) -> Answer {
        let mut req = Request::builder().method(method).uri(path);
        if body.is_some() {
            req = req.header("content-type", "application/json");
        }
        if let Some(t) = token {
            req = req.header("authorization", format!("Bearer {t}"));
        }
        if let Some(l) = lang {
            req = req.header("accept-language", l);
        }
        let req = req
            .body(body.map(Body::from).unwrap_or_else(Body::empty))
            .unwrap();
        let res = self.router.clone().oneshot(req).await.unwrap();
        let (status, headers) = (res.status(), res.headers().clone());
        let bytes = res.into_body().collect().await.unwrap().to_bytes();
        let body = if bytes.is_empty() {
            Value::Null
        } else {
            serde_json::from_slice(&bytes)
                .unwrap_or_else(|_| Value::String(String::from_utf8_lossy(&bytes).into()))
        };
        Answer {
            status,
            body,
            headers,
        }
    }

    /// Posts `bytes` as the body (a file upload).
    pub async fn upload(&self, path: &str, bytes: Vec<u8>, token: &str) -> Answer {
        let req = Request::builder()
            .method(Method::POST)
            .uri(path)
            .header("content-type", "application/octet-stream")
            .header("authorization", format!("Bearer {token}"))
            .body(Body::from(bytes))
            .unwrap();
        let res = self.router.clone().oneshot(req).await.unwrap();
        let (status, headers) = (res.status(), res.headers().clone());
        let bytes = res.into_body().collect().await.unwrap().to_bytes();
        let body = serde_json::from_slice(&bytes).unwrap_or(Value::Null);
        Answer {
            status,
            body,
            headers,
        }
    }

    /// The raw bytes of a GET (a file download) with its content type.
    pub async fn download(&self, path: &str, token: &str) -> (StatusCode, String, Vec<u8>) {
        let req = Request::builder()
            .uri(path)
            .header("authorization", format!("Bearer {token}"))
            .body(Body::empty())
            .unwrap();
        self.bytes(req).await
    }

    /// The raw bytes of a POST with a JSON body (a generated document) and its content type.
    pub async fn download_post(
        &self,
        path: &str,
        body: Value,
        token: &str,
        lang: &str,
    ) -> (StatusCode, String, Vec<u8>) {
        let req = Request::builder()
            .method(Method::POST)
            .uri(path)
            .header("content-type", "application/json")
            .header("accept-language", lang)
            .header("authorization", format!("Bearer {token}"))
            .body(Body::from(body.to_string()))
            .unwrap();
        self.bytes(req).await
    }

    /// The status, content type and bytes of the answer to `req`.
    async fn bytes(&self, req: Request<Body>) -> (StatusCode, String, Vec<u8>) {
        let res = self.router.clone().oneshot(req).await.unwrap();
        let status = res.status();
        let kind = res
            .headers()
            .get("content-type")
            .and_then(|v| v.to_str().ok())
            .unwrap_or_default()
            .to_string();
        let bytes = res.into_body().collect().await.unwrap().to_bytes().to_vec();
        (status, kind, bytes)
    }

    pub async fn get(&self, path: &str, token: Option<&str>) -> Answer {
        self.raw(Method::GET, path, None, token, None).await
    }

    /// Posts `body` as a client at `address` would (the peer address the server sees).
    pub async fn post_from(&self, address: &str, path: &str, body: Value) -> Answer {
        let peer: std::net::SocketAddr = format!("{address}:40000").parse().unwrap();
        let mut req = Request::builder()
            .method(Method::POST)
            .uri(path)
            .header("content-type", "application/json")
            .body(Body::from(body.to_string()))
            .unwrap();
        req.extensions_mut()
            .insert(axum::extract::ConnectInfo(peer));
        let res = self.router.clone().oneshot(req).await.unwrap();
        let (status, headers) = (res.status(), res.headers().clone());
        let bytes = res.into_body().collect().await.unwrap().to_bytes();
        let body = serde_json::from_slice(&bytes).unwrap_or(Value::Null);
        Answer {
            status,
            body,
            headers,
        }
    }

    pub async fn post(&self, path: &str, body: Value, token: Option<&str>) -> Answer {
        self.raw(Method::POST, path, Some(body.to_string()), token, None)
            .await
    }

    pub async fn put(&self, path: &str, body: Value, token: Option<&str>) -> Answer {
        self.raw(Method::PUT, path, Some(body.to_string()), token, None)
            .await
    }

    pub async fn delete(&self, path: &str, token: Option<&str>) -> Answer {
        self.raw(Method::DELETE, path, None, token, None).await
    }

    pub async fn post_lang(&self, path: &str, body: Value, lang: &str) -> Answer {
        self.raw(Method::POST, path, Some(body.to_string()), None, Some(lang))
            .await
    }

    /// Signs in and returns the token.
    pub async fn login(&self, email: &str, password: &str) -> String {
        let a = self
            .post(
                "/auth/login",
                json!({"email": email, "password": password}),
                None,
            )
            .await;
        a.ok();
        a.body["token"]
            .as_str()
            .unwrap_or_else(|| panic!("no token in {a:?}"))
            .to_string()
    }

    pub async fn super_token(&self) -> String {
        let a = self
            .post(
                "/auth/superuserlogin",
                json!({"email": SUPER_EMAIL, "password": SUPER_PASSWORD}),
                None,
            )
            .await;
        a.ok();
        a.body["token"].as_str().unwrap().to_string()
    }

    /// Invites `email` as `role` and completes the sign-up through the mailed link; returns the
    /// user's id and a token.
    pub async fn user(
        &self,
        admin_token: &str,
        email: &str,
        role: &str,
        privileges: &[&str],
    ) -> (String, String) {
        let created = self
            .post(
                "/api/createuser",
                json!({"email": email, "role": role, "privileges": privileges}),
                Some(admin_token),
            )
            .await;
        let id = created.ok()["data"]["_id"].as_str().unwrap().to_string();
        let token = self.mailed_token(email, "/validatesignup/").await;
        let username: String = email
            .split('@')
            .next()
            .unwrap()
            .chars()
            .filter(|c| c.is_ascii_alphanumeric())
            .collect();
        self.post(
            "/auth/signup",
            json!({"username": username, "password": STRONG, "token": token, "email": email}),
            None,
        )
        .await
        .ok();
        (id, self.login(email, STRONG).await)
    }

    /// The token of the newest mail to `to` whose link contains `marker`.
    pub async fn mailed_token(&self, to: &str, marker: &str) -> String {
        let link = self.mailed_link(to, marker).await;
        link.rsplit('/').next().unwrap().to_string()
    }

    /// The link of the newest mail to `to` containing `marker`, waiting up to 10 s for it
    /// (reset mails are sent in the background).
    pub async fn mailed_link(&self, to: &str, marker: &str) -> String {
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
        loop {
            if let Some(link) = self.find_mail(to, marker) {
                return link;
            }
            assert!(
                std::time::Instant::now() < deadline,
                "no mail to {to} with {marker}"
            );
            tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        }
    }

    fn find_mail(&self, to: &str, marker: &str) -> Option<String> {
        let mut mails: Vec<_> = std::fs::read_dir(self.data_dir.join("outbox"))
            .map(|d| d.flatten().map(|e| e.path()).collect())
            .unwrap_or_default();
        mails.sort();
        mails
            .iter()
            .rev()
            .filter_map(|p| std::fs::read_to_string(p).ok())
            .filter(|text| text.contains(&format!("To: {to}")))
            .find_map(|text| {
                text.lines()
                    .find(|l| l.contains(marker))
                    .map(|l| l.trim().to_string())
            })
    }

    pub fn outbox_count(&self) -> usize {
        std::fs::read_dir(self.data_dir.join("outbox"))
            .map(|d| d.count())
            .unwrap_or(0)
    }
}

impl Drop for TestApp {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.data_dir);
    }
}

/// The text of a PDF, read back with `pdftotext -layout` (Debian's poppler-utils).
pub fn text_of(pdf: &[u8]) -> String {
    let path = std::env::temp_dir().join(format!("doc-{}.pdf", uuid::Uuid::now_v7()));
    std::fs::write(&path, pdf).unwrap();
    let out = std::process::Command::new("pdftotext")
        .args(["-layout", path.to_str().unwrap(), "-"])
        .output()
        .expect("pdftotext is needed (Debian poppler-utils; make test installs it)");
    let _ = std::fs::remove_file(&path);
    assert!(out.status.success(), "pdftotext failed: {out:?}");
    String::from_utf8(out.stdout).unwrap()
}

/// Waits until `ready` holds, checking every 20 ms; panics after `limit`.
pub async fn wait_until<F, Fut>(limit: std::time::Duration, mut ready: F)
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = bool>,
{
    let deadline = tokio::time::Instant::now() + limit;
    while !ready().await {
        assert!(
            tokio::time::Instant::now() < deadline,
            "condition not met within {limit:?}"
        );
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
}

/// A private nats-server with the production stream and ingest writing into `pool`: the plant's
/// side of a test whose data goes over the bus. Ingest stops when the returned task is dropped
/// with the test.
pub struct Bus {
    pub _nats: testkit::NatsServer,
    pub client: async_nats::Client,
    pub js: async_nats::jetstream::Context,
    pub ingest: tokio::task::JoinHandle<anyhow::Result<()>>,
}

impl Bus {
    pub async fn with_ingest(pool: &PgPool) -> Bus {
        let nats = testkit::NatsServer::start().await;
        let client = nats.client().await;
        let js = async_nats::jetstream::new(client.clone());
        let stream = ingest::StreamSettings::small();
        bus::plant::ensure_stream(&js, &stream).await.unwrap();
        let ingest = tokio::spawn(ingest::run(
            pool.clone(),
            js.clone(),
            ingest::Config {
                stream,
                ..Default::default()
            },
            std::future::pending(),
        ));
        Bus {
            _nats: nats,
            client,
            js,
            ingest,
        }
    }
}

impl Drop for Bus {
    fn drop(&mut self) {
        self.ingest.abort();
    }
}
