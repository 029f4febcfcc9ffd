//! Publishing a connection's messages with store and forward (issue 32, item 7). While NATS
//! takes them, messages go out with their `Nats-Msg-Id` and a window of acknowledgements in
//! flight; when a publish or an acknowledgement fails, every unacknowledged message and all
//! that follow go to the connection's [`Outbox`] on disk, in order, and [`Forwarder::pump`]
//! sends them from there (oldest first) once NATS acknowledges again. Samples are counted as
//! published when the stream acknowledged them, as refused when the outbox was full.
//!
//! The forwarder runs in a task of its own ([`spawn`]), fed through a channel: waiting for NATS
//! never holds up the connection's session with its server.

use std::collections::VecDeque;
use std::time::Duration;

use async_nats::connection::State;
use async_nats::jetstream::{self, context::PublishAckFuture};
use tokio::sync::{mpsc, oneshot};
use tokio_util::sync::CancellationToken;

use crate::outbox::{Outbox, Record};
use crate::status::Tracker;

/// Acknowledgements waited for at once.
const WINDOW: usize = 256;
/// How long one publish may take to be handed to the client.
const PUBLISH_TIMEOUT: Duration = Duration::from_secs(1);
/// How long an acknowledgement may take before NATS counts as unreachable.
const ACK_TIMEOUT: Duration = Duration::from_secs(5);
/// Messages sent from the outbox per pump.
const DRAIN_BATCH: usize = 512;

/// A message for the forwarder, and who waits to hear it is safe: acknowledged by the stream
/// or kept on disk (a batching-interface record, acknowledged to its controller only then).
/// The sender is dropped unanswered when the message could not be kept (the outbox full).
#[derive(Debug)]
pub struct Outgoing {
    pub record: Record,
    pub settled: Option<oneshot::Sender<()>>,
}

impl From<Record> for Outgoing {
    fn from(record: Record) -> Outgoing {
        Outgoing {
            record,
            settled: None,
        }
    }
}

/// Where a connection's messages are handed to its forwarder.
pub type Publisher = mpsc::Sender<Outgoing>;

fn settle(settled: Option<oneshot::Sender<()>>) {
    if let Some(s) = settled {
        let _ = s.send(());
    }
}

pub struct Forwarder {
    client: async_nats::Client,
    js: jetstream::Context,
    outbox: Outbox,
    inflight: VecDeque<(Outgoing, PublishAckFuture)>,
    published: u64,
    refused: u64,
}

async fn publish(js: &jetstream::Context, r: &Record) -> Option<PublishAckFuture> {
    let mut headers = async_nats::HeaderMap::new();
    headers.insert("Nats-Msg-Id", r.id.as_str());
    let sent = js.publish_with_headers(r.subject.clone(), headers, r.payload.clone());
    match tokio::time::timeout(PUBLISH_TIMEOUT, sent).await {
        Ok(Ok(ack)) => Some(ack),
        _ => None,
    }
}

impl Forwarder {
    pub fn new(client: async_nats::Client, outbox: Outbox) -> Forwarder {
        Forwarder {
            js: jetstream::new(client.clone()),
            client,
            outbox,
            inflight: VecDeque::new(),
            published: 0,
            refused: 0,
        }
    }

    /// Samples acknowledged since the last call.
    pub fn take_published(&mut self) -> u64 {
        std::mem::take(&mut self.published)
    }

    /// Samples refused (the outbox full) since the last call.
    pub fn take_refused(&mut self) -> u64 {
        std::mem::take(&mut self.refused)
    }

    /// Samples kept on disk now.
    pub fn buffered(&self) -> u64 {
        self.outbox.samples()
    }

    fn keep(&mut self, o: Outgoing) {
        let r = o.record;
        match self.outbox.push(&r) {
            Ok(true) => settle(o.settled),
            Ok(false) => {
                metrics::counter!("connect_samples_refused_total").increment(u64::from(r.samples));
                self.refused += u64::from(r.samples);
            }
            Err(e) => {
                tracing::error!("connector: cannot keep a message on disk: {e}");
                self.refused += u64::from(r.samples);
            }
        }
    }

    /// Every message still in flight goes to the outbox, oldest first (they precede anything
    /// kept: nothing is published while the outbox holds messages).
    fn spill(&mut self) {
        for (r, _) in std::mem::take(&mut self.inflight) {
            self.keep(r);
        }
    }

    /// Waits for the oldest acknowledgement; `false` (and everything in flight kept) when it
    /// does not come.
    async fn settle_one(&mut self) -> bool {
        let Some((o, ack)) = self.inflight.pop_front() else {
            return true;
        };
        match tokio::time::timeout(ACK_TIMEOUT, ack).await {
            Ok(Ok(_)) => {
                self.published += u64::from(o.record.samples);
                settle(o.settled);
                true
            }
            _ => {
                // The oldest first, then the rest in flight.
                self.keep(o);
                self.spill();
                false
            }
        }
    }

    fn connected(&self) -> bool {
        self.client.connection_state() == State::Connected
    }

    /// Sends `r`, or keeps it when NATS is not taking messages (or older ones wait on disk).
    pub async fn send(&mut self, o: impl Into<Outgoing>) {
        let o = o.into();
        if !self.outbox.is_empty() {
            return self.keep(o);
        }
        if !self.connected() {
            self.spill();
            return self.keep(o);
        }
        if self.inflight.len() >= WINDOW && !self.settle_one().await {
            return self.keep(o);
        }
        let waited_for = o.settled.is_some();
        match publish(&self.js, &o.record).await {
            Some(ack) => {
                self.inflight.push_back((o, ack));
                // Someone waits for this one (a controller for its acknowledgement): settle
                // now rather than at the next pump.
                if waited_for {
                    while !self.inflight.is_empty() && self.settle_one().await {}
                }
            }
            None => {
                self.spill();
                self.keep(o);
            }
        }
    }

    /// Settles the acknowledgements in flight, then sends what the outbox kept, oldest first,
    /// while NATS acknowledges. Call it now and then (the connection's tick).
    pub async fn pump(&mut self) {
        while !self.inflight.is_empty() {
            if !self.settle_one().await {
                return;
            }
        }
        while !self.outbox.is_empty() && self.connected() {
            let batch = match self.outbox.peek(DRAIN_BATCH) {
                Ok(b) => b,
                Err(e) => {
                    tracing::error!("connector: cannot read the outbox: {e}");
                    return;
                }
            };
            let mut acks = Vec::with_capacity(batch.len());
            for r in &batch {
                match publish(&self.js, r).await {
                    Some(ack) => acks.push(ack),
                    None => break,
                }
            }
            let mut sent = 0;
            for (ack, r) in acks.into_iter().zip(&batch) {
                match tokio::time::timeout(ACK_TIMEOUT, ack).await {
                    Ok(Ok(_)) => {
                        sent += 1;
                        self.published += u64::from(r.samples);
                    }
                    _ => break,
                }
            }
            if let Err(e) = self.outbox.advance(sent) {
                tracing::error!("connector: cannot advance the outbox: {e}");
                return;
            }
            if sent < batch.len() {
                return;
            }
        }
    }
}

/// How often messages kept on disk are tried again (and acknowledgements settled).
const PUMP_EVERY: Duration = Duration::from_millis(500);
/// Messages waiting for the forwarder before new ones are refused (counted).
pub const QUEUED: usize = 10_000;

/// Runs `f` in a task of its own until `stop`; messages come through the answered channel.
/// The counts go to `tracker`'s status.
pub fn spawn(
    mut f: Forwarder,
    tracker: Tracker,
    stop: CancellationToken,
) -> (Publisher, tokio::task::JoinHandle<()>) {
    let (tx, mut rx) = mpsc::channel::<Outgoing>(QUEUED);
    let task = tokio::spawn(async move {
        let mut tick = tokio::time::interval(PUMP_EVERY);
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            tokio::select! {
                r = rx.recv() => match r {
                    Some(r) => f.send(r).await,
                    None => return,
                },
                _ = tick.tick() => f.pump().await,
                _ = stop.cancelled() => {
                    // What is still queued is kept, not lost.
                    while let Ok(r) = rx.try_recv() {
                        f.keep(r);
                    }
                    f.spill();
                    return;
                }
            }
            tracker.published(f.take_published());
            let refused = f.take_refused();
            if refused > 0 {
                tracker.refused(refused);
            }
            tracker.buffered(f.buffered());
        }
    });
    (tx, task)
}
