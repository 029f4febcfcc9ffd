//! Serving the router on a listener (decision 94): our own accept loop instead of
//! `axum::serve`, for what it cannot set — a connection cap (a connection past it is closed at
//! once, counted in `http_connections_refused_total`) and hyper's header-read timeout (a client
//! that sends its headers slowly, or holds an idle keep-alive connection, is cut off after
//! `header_read_timeout`). Each request carries its peer address (`ConnectInfo`), TCP_NODELAY is
//! set (live frames are small), WebSocket upgrades are served, and shutdown is graceful:
//! connections finish their requests, then close.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::extract::ConnectInfo;
use hyper::body::Incoming;
use hyper_util::rt::{TokioExecutor, TokioIo, TokioTimer};
use hyper_util::server::conn::auto::Builder;
use tokio::sync::{Semaphore, watch};
use tower::ServiceExt;

/// What one listener accepts.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Connections {
    /// Open connections at most (wall displays hold one each).
    pub max: usize,
    /// Longest a client may take to send a request's headers, idle keep-alive included.
    pub header_read_timeout: Duration,
}

impl Default for Connections {
    fn default() -> Self {
        Connections {
            max: 10_000,
            header_read_timeout: Duration::from_secs(10),
        }
    }
}

/// Serves `router` on `listener` until `shutdown` resolves, then lets open connections finish.
pub async fn serve_router(
    router: Router,
    listener: tokio::net::TcpListener,
    limits: Connections,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> anyhow::Result<()> {
    let open = Arc::new(Semaphore::new(limits.max.max(1)));
    let (closing, closed) = watch::channel(false);
    let mut shutdown = std::pin::pin!(shutdown);
    loop {
        let (tcp, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(a) => a,
                Err(e) => {
                    // Out of file descriptors and the like: wait a moment, keep serving.
                    tracing::warn!("accepting a connection failed: {e}");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            _ = &mut shutdown => break,
        };
        let Ok(permit) = open.clone().try_acquire_owned() else {
            metrics::counter!("http_connections_refused_total").increment(1);
            drop(tcp);
            continue;
        };
        if let Err(e) = tcp.set_nodelay(true) {
            tracing::debug!(error = %e, "TCP_NODELAY not set");
        }
        let router = router.clone();
        let mut closed = closed.clone();
        tokio::spawn(async move {
            let _permit = permit;
            let service = hyper::service::service_fn(move |mut req: hyper::Request<Incoming>| {
                req.extensions_mut().insert(ConnectInfo::<SocketAddr>(peer));
                router.clone().oneshot(req.map(axum::body::Body::new))
            });
            let mut builder = Builder::new(TokioExecutor::new());
            builder
                .http1()
                .timer(TokioTimer::new())
                .header_read_timeout(limits.header_read_timeout);
            builder.http2().enable_connect_protocol();
            let connection = builder.serve_connection_with_upgrades(TokioIo::new(tcp), service);
            let mut connection = std::pin::pin!(connection);
            tokio::select! {
                result = connection.as_mut() => {
                    if let Err(e) = result {
                        tracing::trace!("connection from {peer} ended: {e:#}");
                    }
                }
                _ = async { let _ = closed.wait_for(|c| *c).await; } => {
                    connection.as_mut().graceful_shutdown();
                    let _ = connection.await;
                }
            }
        });
    }
    drop(closed);
    let _ = closing.send(true);
    // Every connection task holds a receiver until it has finished.
    closing.closed().await;
    Ok(())
}
