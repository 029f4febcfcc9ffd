//! Live resume across stream processes (issue 36, item 3): two stream services on one NATS
//! and one database, as two `batchline stream` processes are. A client that saw the plant's
//! events up to a position on one of them, and reconnects to the other while events happened,
//! gets exactly the events it missed, then the new ones; a position the log no longer reaches
//! (or of another log) is answered `notRecoverable` and a snapshot.

use super::*;
use model::live::LiveEvent;
use model::wire::BatchEventKind;

/// A stream service on its own port, on `live`'s NATS and database.
struct Process {
    stream: Stream,
    addr: SocketAddr,
    shutdown: Option<tokio::sync::oneshot::Sender<()>>,
}

impl Process {
    async fn start(live: &Live) -> Process {
        let stream = Stream::start(
            &live.state.pool,
            live.nats.clone(),
            stream::Config::default(),
        )
        .await
        .unwrap();
        let router = stream.router(live.state.sessions());
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let (tx, rx) = tokio::sync::oneshot::channel::<()>();
        tokio::spawn(api::serve(
            live.state.clone(),
            router,
            listener,
            async move {
                let _ = rx.await;
            },
        ));
        Process {
            stream,
            addr,
            shutdown: Some(tx),
        }
    }

    /// Connects, authenticates and subscribes to `events` (from `since` when given).
    async fn client(&self, live: &Live, since: Option<Value>) -> Socket {
        let (token, _) = live.token().await;
        let (mut ws, _) = tokio_tungstenite::connect_async(format!("ws://{}/ws", self.addr))
            .await
            .unwrap();
        send(&mut ws, json!({"type": "auth", "token": token})).await;
        assert_eq!(next_json(&mut ws).await["type"], "authenticated");
        let mut subscribe = json!({"type": "subscribe", "topics": ["events"]});
        if let Some(s) = since {
            subscribe["since"] = s;
        }
        send(&mut ws, subscribe).await;
        ws
    }

    fn stop(mut self) {
        self.stream.stop();
        if let Some(s) = self.shutdown.take() {
            let _ = s.send(());
        }
    }
}

fn event(n: u32) -> LiveEvent {
    LiveEvent::Batch {
        line_id: "L1".into(),
        batch: batch(BatchEventKind::Started, &format!("B{n}"), 1000.0, None),
    }
}

async fn publish(log: &bus::events::EventLog, range: std::ops::RangeInclusive<u32>) {
    let events: Vec<_> = range.map(event).collect();
    log.publish(&events).await.unwrap();
}

/// The batch ids of `n` deltas of `events`, with the last position.
async fn deltas(ws: &mut Socket, n: usize) -> (Vec<String>, Value) {
    let mut ids = Vec::new();
    let mut last = Value::Null;
    while ids.len() < n {
        let f = next_json(ws).await;
        assert_eq!(f["topic"], "events", "{f}");
        assert_eq!(f["kind"], "delta", "{f}");
        ids.push(
            f["data"]["event"]["batch"]["batchId"]
                .as_str()
                .unwrap()
                .to_string(),
        );
        last = f["data"]["position"].clone();
    }
    (ids, last)
}

fn batch_ids(range: std::ops::RangeInclusive<u32>) -> Vec<String> {
    range.map(|n| format!("B{n}")).collect()
}

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn a_client_resumes_on_the_other_stream_process_with_exactly_the_events_it_missed(
    pool: PgPool,
) {
    let live = start(pool, |_| {}).await;
    let log = bus::events::EventLog::open(&async_nats::jetstream::new(live.nats.clone()))
        .await
        .unwrap();
    publish(&log, 1..=5).await;
    let a = Process::start(&live).await;
    let b = Process::start(&live).await;

    // On A: the snapshot (the five so far, and their last position), then the new ones.
    let mut ws = a.client(&live, None).await;
    let snap = next_json(&mut ws).await;
    assert_eq!(snap["kind"], "snapshot", "{snap}");
    let events = snap["data"]["events"].as_array().unwrap();
    assert_eq!(events.len(), 5);
    assert_eq!(snap["data"]["position"]["offset"], 5);
    publish(&log, 6..=8).await;
    let (ids, seen) = deltas(&mut ws, 3).await;
    assert_eq!(ids, batch_ids(6..=8));
    assert_eq!(seen["offset"], 8);

    // A goes; events happen while the client is away; it comes back on B from where it was.
    a.stop();
    drop(ws);
    publish(&log, 9..=12).await;
    let mut ws = b.client(&live, Some(seen.clone())).await;
    let (ids, _) = deltas(&mut ws, 4).await;
    assert_eq!(
        ids,
        batch_ids(9..=12),
        "exactly the missed ones, no snapshot"
    );
    publish(&log, 13..=13).await;
    let (ids, last) = deltas(&mut ws, 1).await;
    assert_eq!(ids, batch_ids(13..=13));
    assert_eq!(last["offset"], 13);

    // A position of another log: not recoverable, and a snapshot.
    let mut other = b
        .client(&live, Some(json!({"epoch": "1", "offset": 3})))
        .await;
    let error = next_json(&mut other).await;
    assert_eq!(error["type"], "error", "{error}");
    assert_eq!(error["code"], "notRecoverable", "{error}");
    assert_eq!(error["topics"], json!(["events"]));
    let snap = next_json(&mut other).await;
    assert_eq!(snap["kind"], "snapshot", "{snap}");
    assert_eq!(snap["data"]["position"]["offset"], 13);
    b.stop();
}
