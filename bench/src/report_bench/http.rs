//! A keep-alive HTTP/1.1 client for the bench, timing requests.

use std::time::Instant;

use anyhow::Context;
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpStream;

use crate::pct;

/// A keep-alive HTTP/1.1 connection to the api.
pub(super) struct Http {
    pub(super) addr: std::net::SocketAddr,
    pub(super) stream: BufReader<TcpStream>,
    pub(super) token: String,
}

impl Http {
    /// Sends one request; the status and the body's length. The api closes a keep-alive
    /// connection idle for longer than its header timeout (10 s: the raw scans between calls can
    /// take that long), so a connection found closed before the answer began is opened again
    /// and the request sent once more.
    pub(super) async fn call(
        &mut self,
        method: &str,
        path: &str,
        body: Option<&str>,
    ) -> anyhow::Result<(u16, usize)> {
        match self.send(method, path, body).await {
            Ok(Some(answer)) => Ok(answer),
            Ok(None) | Err(_) => {
                self.stream = BufReader::new(TcpStream::connect(self.addr).await?);
                self.send(method, path, body)
                    .await?
                    .context("the api closed a new connection without an answer")
            }
        }
    }

    /// One request on the open connection; `None` when it was closed before the status line.
    async fn send(
        &mut self,
        method: &str,
        path: &str,
        body: Option<&str>,
    ) -> anyhow::Result<Option<(u16, usize)>> {
        let body = body.unwrap_or("");
        let req = format!(
            "{method} {path} HTTP/1.1\r\nHost: bench\r\nAuthorization: Bearer {}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
            self.token,
            body.len()
        );
        self.stream.get_mut().write_all(req.as_bytes()).await?;
        let mut line = String::new();
        if self.stream.read_line(&mut line).await? == 0 {
            return Ok(None);
        }
        let status: u16 = line
            .split_whitespace()
            .nth(1)
            .and_then(|s| s.parse().ok())
            .context("no status")?;
        let mut length = 0usize;
        loop {
            line.clear();
            self.stream.read_line(&mut line).await?;
            if line == "\r\n" || line.is_empty() {
                break;
            }
            if let Some(v) = line.to_ascii_lowercase().strip_prefix("content-length:") {
                length = v.trim().parse()?;
            }
        }
        let mut buf = vec![0u8; length];
        self.stream.read_exact(&mut buf).await?;
        Ok(Some((status, length)))
    }
}

/// p50 and p95 of timings in ms.
pub(super) fn spread(mut ms: Vec<f64>) -> (f64, f64) {
    ms.sort_by(f64::total_cmp);
    (pct(&ms, 0.5), pct(&ms, 0.95))
}

impl Http {
    /// p50 and p95 in ms of `runs` requests, each answered 200.
    pub(super) async fn time(
        &mut self,
        runs: usize,
        method: &str,
        path: &str,
        body: Option<&str>,
    ) -> anyhow::Result<(f64, f64)> {
        let mut ms = Vec::with_capacity(runs);
        for _ in 0..runs {
            let t = Instant::now();
            let (status, _) = self.call(method, path, body).await?;
            ms.push(t.elapsed().as_secs_f64() * 1000.0);
            anyhow::ensure!(status == 200, "{path}: {status}");
        }
        Ok(spread(ms))
    }
}
