//! The order board (`model::schedule::board`): the released, running and held orders of every
//! line in the JetStream key-value bucket `ORDERS`, which the line controllers watch. Written
//! after every release and status change, and brought in step with the database every few
//! seconds ([`keep_synced`]), which also carries the plant's own changes (RUNNING, progress,
//! COMPLETED) to the board. Without NATS (some tests) there is no board.

use std::collections::HashSet;
use std::time::Duration;

use async_nats::jetstream::{self, kv};
use db::schedules::Order;
use futures::StreamExt;
use model::schedule::Status;
use model::schedule::board::{BUCKET, BoardEntry, key};
use uuid::Uuid;

use crate::AppState;

/// The bucket, created when missing. Its stream is made by hand, as `create_key_value` would
/// make it with history 1: that call first asks for the account's limits, a reply async-nats
/// 0.51 cannot read from Debian's nats-server 2.9. The simulator makes the same
/// (`sim::board::stream_config`); the plant test runs both.
pub async fn open(js: &jetstream::Context) -> anyhow::Result<kv::Store> {
    if let Ok(store) = js.get_key_value(BUCKET).await {
        return Ok(store);
    }
    js.get_or_create_stream(jetstream::stream::Config {
        name: format!("KV_{BUCKET}"),
        subjects: vec![format!("$KV.{BUCKET}.>")],
        max_messages_per_subject: 1,
        allow_rollup: true,
        deny_delete: true,
        allow_direct: true,
        discard: jetstream::stream::DiscardPolicy::New,
        num_replicas: 1,
        ..Default::default()
    })
    .await?;
    Ok(js.get_key_value(BUCKET).await?)
}

async fn store(state: &AppState) -> Option<kv::Store> {
    let nats = state.nats.clone()?;
    match open(&jetstream::new(nats)).await {
        Ok(s) => Some(s),
        Err(e) => {
            tracing::warn!("the order board is unreachable: {e:#}");
            None
        }
    }
}

/// The board entry of `o`, when it is on the board.
pub fn entry(o: &Order) -> Option<BoardEntry> {
    let status = Status::parse(&o.status)?;
    Some(BoardEntry {
        order_id: o.id,
        line_id: o.line_id.to_string(),
        line_code: o.line_code.clone(),
        kind: model::schedule::Kind::parse(&o.kind)?,
        order_number: o.order_number.clone(),
        name: o.name.clone(),
        sequence: o.sequence,
        status,
        batches: o.batches,
        batches_done: o.batches_done,
        control_recipe: o.control_recipe.as_ref()?.0.clone(),
        updated_at: o.updated_at,
    })
}

fn bytes(e: &BoardEntry) -> bytes::Bytes {
    serde_json::to_vec(e).unwrap_or_default().into()
}

/// Writes the orders `ids` to the board: an order on it is put, any other removed (an aborted
/// order's final entry is put first, so its controller stops the running batch). Failures are
/// logged; [`keep_synced`] repairs them.
pub async fn publish(state: &AppState, ids: &[Uuid]) {
    let Some(kv) = store(state).await else {
        return;
    };
    for id in ids {
        let order = match db::schedules::get(&state.pool, *id).await {
            Ok(o) => o,
            Err(e) => {
                tracing::warn!(%id, "order board: cannot read the order: {e}");
                continue;
            }
        };
        if let Err(e) = write(&kv, *id, order.as_ref()).await {
            tracing::warn!(%id, "order board: cannot write the order: {e:#}");
        }
    }
}

async fn write(kv: &kv::Store, id: Uuid, order: Option<&Order>) -> anyhow::Result<()> {
    let Some(o) = order else {
        // Deleted: the key is found by its suffix (the line is not known any more).
        let mut keys = kv.keys().await?;
        while let Some(k) = keys.next().await {
            let k = k?;
            if k.ends_with(&id.to_string()) {
                kv.delete(&k).await?;
            }
        }
        return Ok(());
    };
    let k = key(&o.line_id.to_string(), o.id);
    match (entry(o), Status::parse(&o.status)) {
        (Some(e), Some(s)) if s.on_board() => {
            kv.put(&k, bytes(&e)).await?;
        }
        (e, s) => {
            if let (Some(e), Some(Status::Aborted)) = (e, s) {
                kv.put(&k, bytes(&e)).await?;
            }
            kv.delete(&k).await?;
        }
    }
    Ok(())
}

/// Brings the board in step with the database: every order on it put when its entry differs,
/// every other key removed.
pub async fn sync(state: &AppState) -> anyhow::Result<()> {
    let Some(kv) = store(state).await else {
        return Ok(());
    };
    let orders = db::schedules::on_board(&state.pool, None).await?;
    let mut wanted = HashSet::new();
    for o in &orders {
        let Some(e) = entry(o) else { continue };
        let k = key(&e.line_id, e.order_id);
        let b = bytes(&e);
        if kv.get(&k).await?.as_ref() != Some(&b) {
            kv.put(&k, b).await?;
        }
        wanted.insert(k);
    }
    let mut keys = kv.keys().await?;
    let mut stale = Vec::new();
    while let Some(k) = keys.next().await {
        let k = k?;
        if !wanted.contains(&k) {
            stale.push(k);
        }
    }
    for k in stale {
        kv.delete(&k).await?;
    }
    Ok(())
}

/// Syncs the board every `every` until `shutdown` resolves.
pub async fn keep_synced(
    state: AppState,
    every: Duration,
    shutdown: impl std::future::Future<Output = ()> + Send,
) {
    let mut shutdown = std::pin::pin!(shutdown);
    loop {
        if let Err(e) = sync(&state).await {
            tracing::warn!("order board sync failed: {e:#}");
        }
        tokio::select! {
            _ = tokio::time::sleep(every) => {},
            _ = &mut shutdown => return,
        }
    }
}
