//! Plain HTTP/1.1 over loopback for the cluster run: the super user's sign-in and the NATS
//! nodes' monitoring (`/jsz`). Enough for those two calls; no client library needed.

use std::time::Duration;

use anyhow::Context;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// `method path` on `addr` (`127.0.0.1:port`) with an optional JSON body; the answer's body.
pub async fn call(
    addr: &str,
    method: &str,
    path: &str,
    body: Option<&serde_json::Value>,
) -> anyhow::Result<String> {
    let exchange = async {
        let mut tcp = tokio::net::TcpStream::connect(addr).await?;
        let body = body.map(|b| b.to_string()).unwrap_or_default();
        let request = format!(
            "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\
             Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
            body.len()
        );
        tcp.write_all(request.as_bytes()).await?;
        let mut answer = Vec::new();
        tcp.read_to_end(&mut answer).await?;
        anyhow::Ok(String::from_utf8_lossy(&answer).into_owned())
    };
    let answer = tokio::time::timeout(Duration::from_secs(10), exchange)
        .await
        .with_context(|| format!("{method} {addr}{path}: no answer within 10 s"))??;
    let (head, rest) = answer
        .split_once("\r\n\r\n")
        .with_context(|| format!("{method} {addr}{path}: not an HTTP answer"))?;
    anyhow::ensure!(
        head.starts_with("HTTP/1.1 2"),
        "{method} {addr}{path}: {}",
        head.lines().next().unwrap_or_default()
    );
    // A chunked body (axum's, for JSON of unknown length): the chunks joined.
    if head
        .to_ascii_lowercase()
        .contains("transfer-encoding: chunked")
    {
        let mut out = String::new();
        let mut rest = rest;
        while let Some((size, after)) = rest.split_once("\r\n") {
            let n = usize::from_str_radix(size.trim(), 16).unwrap_or(0);
            if n == 0 || after.len() < n {
                break;
            }
            out.push_str(&after[..n]);
            rest = after[n..].trim_start_matches("\r\n");
        }
        return Ok(out);
    }
    Ok(rest.to_string())
}
