//! The order board (`bus::board`): the released, running and held orders of every line, which
//! the line controllers watch. Every call that changes an order shows it there right after its
//! commit ([`publish`], [`publish_line`] when places in the line's queue moved); ingest does the
//! same for the plant's progress. A slow reconciling sweep ([`keep_synced`]) repairs what a
//! failed write or a crash between commit and write left behind. Without NATS (some tests)
//! there is no board.

use std::time::Duration;

use bus::board::Board;
use uuid::Uuid;

use crate::App;

/// How often the reconciling sweep runs: a repair, not the way changes travel.
pub const SWEEP_EVERY: Duration = Duration::from_secs(30);

/// The board, opened on first use (again after a failure).
async fn board(app: &App) -> Option<Board> {
    crate::opened(app, &app.board, "the order board is", |js| async move {
        Board::open(&js).await
    })
    .await
}

/// Shows the orders `ids` on the board as committed.
pub async fn publish(app: &App, ids: &[Uuid]) {
    if let Some(board) = board(app).await {
        board
            .publish(db::schedules::board_entries(&app.pool, ids))
            .await;
    }
}

/// Shows every order of `line` on the board, and the orders `also` (which may have left it):
/// after a change that moved places in the line's queue.
pub async fn publish_line(app: &App, line: Uuid, also: &[Uuid]) {
    let Some(board) = board(app).await else {
        return;
    };
    let read = async {
        let mut entries = db::schedules::board_entries(&app.pool, also).await?;
        for e in db::schedules::entries_on_board(&app.pool, Some(line)).await? {
            if !also.contains(&e.order_id) {
                entries.push((e.order_id, Some(e)));
            }
        }
        db::DbResult::Ok(entries)
    };
    board.publish(read).await;
}

/// Brings the board in step with the database: every order on it put when its entry differs,
/// every other key removed.
pub async fn sync(app: &App) -> anyhow::Result<()> {
    let Some(board) = board(app).await else {
        return Ok(());
    };
    let wanted = db::schedules::entries_on_board(&app.pool, None).await?;
    let repaired = board.reconcile(&wanted).await?;
    if repaired > 0 {
        metrics::counter!("board_repaired_total").increment(repaired as u64);
        tracing::info!(repaired, "order board: the sweep repaired entries");
    }
    Ok(())
}

/// Syncs the board every `every` until `shutdown` resolves.
pub async fn keep_synced(
    app: App,
    every: Duration,
    shutdown: impl std::future::Future<Output = ()> + Send,
) {
    let mut shutdown = std::pin::pin!(shutdown);
    loop {
        if let Err(e) = sync(&app).await {
            tracing::warn!("order board sync failed: {e:#}");
        }
        if let Err(e) = crate::connections::sync(&app).await {
            tracing::warn!("connection settings sync failed: {e:#}");
        }
        tokio::select! {
            _ = tokio::time::sleep(every) => {},
            _ = &mut shutdown => return,
        }
    }
}
