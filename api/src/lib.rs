//! The REST server of Batchline: authentication, users and site (and, as features land,
//! configuration, recipes, schedules, reports). Each feature exposes an `OpenApiRouter`; [`app`]
//! merges them, documents them at `/api/openapi.json`, and serves the web app.

pub mod alarms;
pub mod audit;
pub mod audit_trail;
pub mod auth;
pub mod connections;
pub mod contract;
pub mod dashboard;
pub mod error;
pub mod extract;
pub mod gate;
pub mod i18n_layer;
pub mod locales;
pub mod lots;
pub mod numbers;
pub mod ops;
pub mod paging;
pub mod plant;
pub mod recall;
pub mod recipes;
pub mod reports;
pub mod schedules;
pub mod serve;
pub mod settings;
pub mod shift_log;
pub mod signatures;
pub mod site;
pub mod subscriptions;
pub mod trace;
pub use app::stale;
pub mod users;
pub mod web;

use std::future::Future;
use std::sync::{Arc, OnceLock};

use axum::extract::Request;
use axum::response::IntoResponse;
use axum::{Extension, Router, middleware};
use db::PgPool;
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::request_id::{MakeRequestUuid, PropagateRequestIdLayer, SetRequestIdLayer};
use tower_http::trace::TraceLayer;

pub use auth::bootstrap::bootstrap_super_user;
pub use contract::{api_router, openapi};
use error::{ApiError, ApiResult};
pub use settings::{ApiSettings, SystemType};

/// What every handler can reach: the application layer (`app::App`: the pool, NATS and the
/// commands' order board, reached through `Deref`) and the edge's own parts.
#[derive(Clone)]
pub struct AppState {
    pub settings: Arc<ApiSettings>,
    pub jwt: Arc<auth::jwt::JwtKeys>,
    pub mailer: Arc<auth::mail::Mailer>,
    /// The application layer: the commands the handlers call.
    pub app: app::App,
    pub locales: Arc<Vec<locales::ClientLocale>>,
    /// The sign-in calls' rate limits and the password hashing gate.
    pub flood: Arc<auth::flood::Flood>,
    /// Spreadsheet parsing and PDF rendering: off the async workers, a bounded number at once.
    pub heavy: Arc<gate::Gate>,
    /// Requests being answered; at `max_in_flight` a new one is answered 503 at once.
    pub in_flight: Arc<tokio::sync::Semaphore>,
    bound_url: Arc<OnceLock<String>>,
}

impl std::ops::Deref for AppState {
    type Target = app::App;

    fn deref(&self) -> &app::App {
        &self.app
    }
}

impl AppState {
    pub fn new(
        pool: PgPool,
        settings: ApiSettings,
        nats: Option<async_nats::Client>,
    ) -> anyhow::Result<Self> {
        Ok(AppState {
            jwt: Arc::new(auth::jwt::JwtKeys::new(
                &settings.jwt_secret,
                settings.jwt_ttl,
            )),
            mailer: Arc::new(auth::mail::Mailer::new(
                settings.smtp_url.as_deref(),
                &settings.mail_from,
                &settings.data_dir,
            )?),
            locales: Arc::new(locales::load(&settings.locales_dir)),
            flood: Arc::new(auth::flood::Flood::new(settings.flood)),
            in_flight: Arc::new(tokio::sync::Semaphore::new(settings.max_in_flight.max(1))),
            heavy: Arc::new(gate::Gate::per_core(
                "documents and imports",
                std::time::Duration::from_secs(10),
            )),
            settings: Arc::new(settings),
            app: app::App::new(pool, nats),
            bound_url: Arc::default(),
        })
    }

    /// The session check shared with the live WebSocket.
    pub fn sessions(&self) -> session::Verifier {
        session::Verifier::new(self.pool.clone(), self.jwt.clone())
    }

    /// The base of links in mails: `PUBLIC_URL`, else the address the server is bound to.
    pub fn public_url(&self) -> String {
        let url = self
            .settings
            .public_url
            .clone()
            .or_else(|| self.bound_url.get().cloned());
        url.unwrap_or_else(|| "http://127.0.0.1:8080".into())
            .trim_end_matches('/')
            .to_string()
    }
}

/// Runs `rules` with zxcvbn strength; `known` are the user's own words (email, name).
pub fn validate(
    rules: &[model::validation::Rule],
    fields: &[(&str, &str)],
    known: &[&str],
) -> ApiResult<()> {
    let errors = model::validation::validate(
        rules,
        |f| fields.iter().find(|(k, _)| *k == f).map(|(_, v)| *v),
        |p| auth::password::strength(p, known),
    );
    if errors.is_empty() {
        Ok(())
    } else {
        Err(ApiError::Validation(errors))
    }
}

/// The whole server: routes, error envelope in the request's language, metrics, request ids
/// and tracing, and the web app for everything else. `extra` routes (e.g. the WebSocket of the
/// stream service) join behind the same layers.
pub fn app_with(state: AppState, extra: Router) -> Router {
    // The metrics middleware below records into the global recorder: install it before the
    // first request, not lazily at the first scrape (counts before that would be lost).
    ops::prometheus();
    let web_dir = state.settings.web_dir.clone();
    let (router, _) = contract::api_router().split_for_parts();
    router
        .with_state(state.clone())
        .merge(extra)
        .fallback(move |req: Request| web::fallback(web_dir.clone(), req))
        .layer(Extension(state.clone()))
        .layer(middleware::from_fn_with_state(state.clone(), request_budget))
        // Outside the budget: a refused sign-in's pause holds no slot (decision 92).
        .layer(middleware::from_fn_with_state(state.clone(), auth::flood::guard))
        .layer(middleware::from_fn(ops::track))
        .layer(CatchPanicLayer::custom(|_| ApiError::Internal(anyhow::anyhow!("handler panicked")).into_response()))
        .layer(middleware::from_fn(i18n_layer::render_errors))
        .layer(PropagateRequestIdLayer::x_request_id())
        .layer(TraceLayer::new_for_http().make_span_with(|req: &Request| {
            let id = req.headers().get("x-request-id").and_then(|v| v.to_str().ok()).unwrap_or("-");
            tracing::info_span!("request", method = %req.method(), uri = %logged_path(req.uri().path()), request_id = %id)
        }))
        .layer(middleware::from_fn_with_state(state.clone(), security_headers))
        .layer(SetRequestIdLayer::x_request_id(MakeRequestUuid))
        .layer(compression())
}

/// A path as the request log shows it: the token of a sign-up or reset link (in the api's path
/// or the web page's) replaced by `…`, so the log never holds a usable link (decision 96).
pub fn logged_path(path: &str) -> std::borrow::Cow<'_, str> {
    const TOKEN_PATHS: [&str; 4] = [
        "/auth/resetpassword/",
        "/auth/validatesignup/",
        "/resetpassword/",
        "/validatesignup/",
    ];
    match TOKEN_PATHS
        .iter()
        .find(|p| path.len() > p.len() && path.starts_with(*p))
    {
        Some(p) => format!("{p}…").into(),
        None => path.into(),
    }
}

/// The page's own origin for everything but styles set inline (Mantine writes style attributes
/// and its CSS variables), images drawn as data and blob URLs (charts, PDFs saved), and the live
/// socket; no framing, no plugins, forms only to ourselves.
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; script-src 'self'; \
    style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self' data:; \
    connect-src 'self' ws: wss:; object-src 'none'; base-uri 'self'; form-action 'self'; \
    frame-ancestors 'none'";

/// Security headers on every answer (decision 96): the content security policy, no framing,
/// no type sniffing, no referrer; HSTS when the installation is served over https.
async fn security_headers(
    axum::extract::State(state): axum::extract::State<AppState>,
    request: Request,
    next: middleware::Next,
) -> axum::response::Response {
    use axum::http::{HeaderValue, header};
    let mut response = next.run(request).await;
    let h = response.headers_mut();
    h.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(CONTENT_SECURITY_POLICY),
    );
    h.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    h.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    h.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    if state
        .settings
        .public_url
        .as_deref()
        .is_some_and(|u| u.starts_with("https://"))
    {
        h.insert(
            header::STRICT_TRANSPORT_SECURITY,
            HeaderValue::from_static("max-age=31536000; includeSubDomains"),
        );
    }
    response
}

/// Brotli or gzip for every answer the client accepts it for and that is worth it: JSON, HTML,
/// text. Static files already compressed at build time, PDFs (compressed inside), bodies of 32
/// bytes or less and the WebSocket's upgrade pass as they are. Level 4 of either costs little
/// CPU on report-sized JSON for most of the gain of the highest levels.
fn compression()
-> tower_http::compression::CompressionLayer<impl tower_http::compression::Predicate> {
    use tower_http::compression::predicate::{DefaultPredicate, NotForContentType, Predicate};
    use tower_http::compression::{CompressionLayer, CompressionLevel};
    let predicate = DefaultPredicate::new()
        .and(NotForContentType::const_new("application/pdf"))
        .and(
            |status: axum::http::StatusCode,
             _: axum::http::Version,
             _: &axum::http::HeaderMap,
             _: &axum::http::Extensions| {
                status != axum::http::StatusCode::SWITCHING_PROTOCOLS
            },
        );
    CompressionLayer::new()
        .quality(CompressionLevel::Precise(4))
        .compress_when(predicate)
}

pub fn app(state: AppState) -> Router {
    app_with(state, Router::new())
}

/// Serves `router` on `listener` until `shutdown` resolves, within the settings' connection
/// limits (`serve::serve_router`).
pub async fn serve(
    state: AppState,
    router: Router,
    listener: tokio::net::TcpListener,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> anyhow::Result<()> {
    let addr = listener.local_addr()?;
    let _ = state.bound_url.set(format!("http://{addr}"));
    serve::serve_router(router, listener, state.settings.connections, shutdown).await
}

/// Every request but the WebSocket's upgrade within the budgets (decision 94): answered 503 at
/// once when `max_in_flight` are being answered, and 503 when it takes longer than
/// `request_timeout` (the work is dropped with the request).
async fn request_budget(
    axum::extract::State(state): axum::extract::State<AppState>,
    request: Request,
    next: middleware::Next,
) -> axum::response::Response {
    if request.uri().path() == "/ws" {
        return next.run(request).await;
    }
    let Ok(_turn) = state.in_flight.try_acquire() else {
        metrics::counter!("http_requests_shed_total").increment(1);
        return ApiError::Busy(model::Msg::new("server.busyRequests").arg("seconds", 2), 2)
            .into_response();
    };
    match tokio::time::timeout(state.settings.request_timeout, next.run(request)).await {
        Ok(response) => response,
        Err(_) => {
            metrics::counter!("http_requests_timed_out_total").increment(1);
            ApiError::Busy(model::Msg::new("server.timeout"), 5).into_response()
        }
    }
}

/// The envelope of answers that carry only a message (documentation type).
#[derive(utoipa::ToSchema)]
#[allow(dead_code)]
pub struct Ack {
    success: bool,
    message: Option<String>,
}
