//! The alarm board (`bus::alarms`): every point active, unacknowledged or shelved, written after
//! each commit that touched it, and the sweep that ends shelves at their time and repairs what a
//! crash between commit and write left behind. Without NATS (some tests) there is no board.

use std::time::Duration;

use bus::alarms::AlarmBoard;
use db::alarms::handling as store;

use super::moves::{Move, audit};
use crate::{App, Result};

/// How often a shelf's end is looked for.
pub const EXPIRE_EVERY: Duration = Duration::from_secs(5);

/// The alarm board, opened on first use (again after a failure).
async fn board(app: &App) -> Option<AlarmBoard> {
    crate::opened(
        app,
        &app.alarm_board,
        "the alarm board is",
        |js| async move { AlarmBoard::open(&js).await },
    )
    .await
}

/// Shows points `touched` on the alarm board as committed.
pub async fn publish(app: &App, touched: &[(String, String)]) {
    if touched.is_empty() {
        return;
    }
    if let Some(b) = board(app).await {
        b.publish(touched, store::on_board(&app.pool, touched))
            .await;
    }
}

/// Ends the shelves whose time came (each audited once, whichever process sweeps) and shows
/// their points again; answers how many ended.
pub async fn expire(app: &App) -> Result<usize> {
    let mut tx = app.pool.begin().await?;
    let ended = store::expire_shelves(&mut tx).await?;
    for s in &ended {
        let m = Move {
            actor: None,
            action: "alarmShelfEnded",
            id: s.occurrence_id,
            line: &s.line_id,
            code: &s.code,
            before: serde_json::to_value(s).ok(),
            after: None,
        };
        audit(&mut tx, m).await?;
    }
    tx.commit().await?;
    let touched: Vec<(String, String)> = ended.into_iter().map(|s| (s.line_id, s.code)).collect();
    publish(app, &touched).await;
    Ok(touched.len())
}

/// Brings the alarm board in step with the database.
pub async fn sync(app: &App) -> anyhow::Result<()> {
    let Some(b) = board(app).await else {
        return Ok(());
    };
    let points = store::points(&app.pool, store::Which::default()).await?;
    let repaired = b.reconcile(&points).await?;
    if repaired > 0 {
        metrics::counter!("alarm_board_repaired_total").increment(repaired as u64);
        tracing::info!(repaired, "alarm board: the sweep repaired points");
    }
    Ok(())
}

/// Ends shelves at their time (looked for every [`EXPIRE_EVERY`]) and syncs the alarm board
/// every `sync_every`, until `shutdown` resolves.
pub async fn keep_current(
    app: App,
    sync_every: Duration,
    shutdown: impl std::future::Future<Output = ()> + Send,
) {
    let mut shutdown = std::pin::pin!(shutdown);
    let mut synced: Option<tokio::time::Instant> = None;
    loop {
        if let Err(e) = expire(&app).await {
            tracing::warn!("ending alarm shelves failed: {e}");
        }
        if synced.is_none_or(|t| t.elapsed() >= sync_every) {
            if let Err(e) = sync(&app).await {
                tracing::warn!("alarm board sync failed: {e:#}");
            }
            synced = Some(tokio::time::Instant::now());
        }
        tokio::select! {
            _ = tokio::time::sleep(EXPIRE_EVERY) => {},
            _ = &mut shutdown => return,
        }
    }
}
