//! Operations endpoints: liveness and readiness (database and NATS reachable) on the api's
//! port; Prometheus metrics only on `METRICS_ADDR` (decision 96: they name routes, counts and
//! failures, which are nobody's business outside the plant's monitoring); the request-metrics
//! middleware.

use std::sync::OnceLock;
use std::time::{Duration, Instant};

use axum::Json;
use axum::extract::{MatchedPath, Request, State};
use axum::http::{StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use metrics_exporter_prometheus::{PrometheusBuilder, PrometheusHandle};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(healthz))
        .routes(routes!(readyz))
}

/// The process-wide Prometheus recorder (installed once; every service records into it).
pub fn prometheus() -> &'static PrometheusHandle {
    static HANDLE: OnceLock<PrometheusHandle> = OnceLock::new();
    HANDLE.get_or_init(|| {
        let recorder = PrometheusBuilder::new()
            .set_buckets(&[
                0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0,
            ])
            .map(|b| b.build_recorder())
            .unwrap_or_else(|_| PrometheusBuilder::new().build_recorder());
        let handle = recorder.handle();
        if metrics::set_global_recorder(recorder).is_err() {
            tracing::warn!("a metrics recorder was already installed");
        }
        handle
    })
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Health {
    pub success: bool,
    pub database: bool,
    pub nats: bool,
    /// Where reports read: `primary` (no standby configured), `standby`, or `fallback` (a
    /// standby is configured but down, promoted or too far behind: the primary serves them).
    pub reads: ReadsFrom,
    /// How far behind the primary the standby was at its last look (none without a standby
    /// or while it does not answer).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub read_lag_seconds: Option<f64>,
}

/// Where reports, dashboards and exports read (decision 120).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum ReadsFrom {
    Primary,
    Standby,
    Fallback,
}

#[utoipa::path(get, path = "/healthz", tag = "ops",
    responses((status = 200, description = "the process is alive", content_type = "text/plain", body = String, example = "ok")))]
async fn healthz() -> &'static str {
    "ok"
}

#[utoipa::path(get, path = "/readyz", tag = "ops",
    responses((status = 200, body = Health), (status = 503, body = Health)))]
async fn readyz(State(state): State<AppState>) -> (StatusCode, Json<Health>) {
    let database = tokio::time::timeout(Duration::from_secs(2), db::ping(&state.pool))
        .await
        .is_ok_and(|r| r.is_ok());
    let nats = state
        .nats
        .as_ref()
        .is_some_and(|c| c.connection_state() == async_nats::connection::State::Connected);
    let ready = database && nats;
    let (target, lag) = state.app.reads.target();
    let reads = match target {
        db::replica::ReadTarget::Primary => ReadsFrom::Primary,
        db::replica::ReadTarget::Standby => ReadsFrom::Standby,
        db::replica::ReadTarget::Fallback => ReadsFrom::Fallback,
    };
    let status = if ready {
        StatusCode::OK
    } else {
        StatusCode::SERVICE_UNAVAILABLE
    };
    (
        status,
        Json(Health {
            success: ready,
            database,
            nats,
            reads,
            read_lag_seconds: lag.map(|l| l.as_secs_f64()),
        }),
    )
}

/// The Prometheus text of every metric of this process (served on `METRICS_ADDR`).
pub async fn metrics() -> Response {
    (
        [(header::CONTENT_TYPE, "text/plain; version=0.0.4")],
        prometheus().render(),
    )
        .into_response()
}

/// Counts requests and their latency by route template and status.
pub async fn track(request: Request, next: Next) -> Response {
    let route = request
        .extensions()
        .get::<MatchedPath>()
        .map_or_else(|| "unmatched".to_string(), |p| p.as_str().to_string());
    let method = request.method().to_string();
    let started = Instant::now();
    let response = next.run(request).await;
    let labels = [
        ("method", method),
        ("route", route),
        ("status", response.status().as_u16().to_string()),
    ];
    metrics::counter!("http_requests_total", &labels).increment(1);
    metrics::histogram!("http_request_duration_seconds", &labels)
        .record(started.elapsed().as_secs_f64());
    response
}
