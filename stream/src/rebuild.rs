//! Rebuilds the live state from the database at start-up, so a fresh stream process serves a
//! correct snapshot at once: each line's last state, today's batches (running batch, tonnes
//! today), the running batch's weighings, mixing steps and recent process values; and the
//! alarm points as the alarm board shows them. Postgres turns the rows back into wire samples
//! (`db::live`), which are folded in time order with the same code as the feed.

use std::collections::HashMap;

use chrono::{DateTime, Utc};
use db::DbResult;
use db::live::Replay;
use model::wire::*;
use sqlx::PgPool;

use crate::hub::Hub;
use crate::live::RunningOrder;

/// One message per stored row of `kind`.
async fn replay<T: Sample>(
    pool: &PgPool,
    kind: Replay,
    wrap: fn(Envelope<T>) -> Message,
    into: &mut Vec<(DateTime<Utc>, Message)>,
) -> DbResult<()> {
    for r in db::live::replay(pool, kind).await? {
        let s: T =
            serde_json::from_value(r.sample).map_err(|e| sqlx::Error::Decode(Box::new(e)))?;
        into.push((s.time(), wrap(Envelope::new(&r.line_id, vec![s]))));
    }
    Ok(())
}

/// The orders the board has RUNNING, by line, in each line's queue order.
pub async fn orders(pool: &PgPool) -> DbResult<HashMap<String, Vec<RunningOrder>>> {
    let mut by_line: HashMap<String, Vec<RunningOrder>> = HashMap::new();
    for o in db::live::running_orders(pool).await? {
        by_line.entry(o.line_id).or_default().push(RunningOrder {
            id: o.id,
            order_number: o.order_number,
            name: o.name,
            batches: o.batches,
            batches_done: o.batches_done,
        });
    }
    Ok(by_line)
}

/// Folds the database's view of today into `hub`; returns the number of samples replayed.
pub async fn rebuild(pool: &PgPool, hub: &Hub) -> DbResult<usize> {
    let mut msgs = Vec::new();
    replay(pool, Replay::States, Message::State, &mut msgs).await?;
    replay(pool, Replay::Batches, Message::Batch, &mut msgs).await?;
    replay(pool, Replay::Weighings, Message::Weighing, &mut msgs).await?;
    replay(pool, Replay::Mixing, Message::Mixing, &mut msgs).await?;
    replay(pool, Replay::Process, Message::Process, &mut msgs).await?;
    msgs.sort_by_key(|(t, _)| *t);
    for (_, m) in &msgs {
        hub.apply(m);
    }
    // The alarm points active, unacknowledged or shelved, as the alarm board shows them.
    let points = db::alarms::handling::points(pool, Default::default()).await?;
    hub.set_alarm_points(&points);
    // The day's newest SPC violations, oldest first, so each line keeps its newest.
    let since = chrono::Utc::now() - chrono::Duration::days(1);
    let kept = db::spc::recent(pool, since, crate::live::SPC_KEPT as i64).await?;
    for v in kept.into_iter().rev().filter_map(db::spc::Violation::kept) {
        hub.apply_spc(v);
    }
    Ok(msgs.len())
}
