//! The simulated controllers' side of alarm handling (issue 34): an alarm acknowledged in
//! Batchline reaches the line's controller on the alarm board (`bus::alarms`); the controller
//! applies it and says so with an ACKED event of the alarm, as a controller whose operator
//! acknowledged at its panel does. (Over OPC UA, the connector writes the acknowledgement to
//! the alarm's mapped node instead: `plc`.)

use std::collections::HashSet;
use std::sync::{Arc, Mutex};

use bus::Publisher;
use chrono::Utc;
use model::alarm::AlarmPoint;
use model::wire::{Alarm, AlarmState, Envelope};
use uuid::Uuid;

/// The lines this simulator plays, by id (a line seen later is added).
pub type Played = Arc<Mutex<HashSet<String>>>;

/// The ACKED event a controller sends for point `p` it applied the acknowledgement of.
pub fn acked(p: &AlarmPoint) -> Alarm {
    Alarm {
        id: Uuid::now_v7(),
        time: Utc::now(),
        batch_id: p.batch_id.clone(),
        code: p.code.clone(),
        severity: p.severity,
        message: p.message.clone(),
        state: AlarmState::Acked,
        cleared_at: None,
    }
}

/// Follows the alarm board until the task is dropped: each acknowledgement made in Batchline
/// on a line in `played` is applied once and answered with an ACKED event.
pub async fn apply_acks(js: async_nats::jetstream::Context, played: Played) {
    let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel::<AlarmPoint>();
    let mut publisher = Publisher::new(js.clone(), 16);
    let send = async move {
        while let Some(p) = rx.recv().await {
            tracing::info!(
                line = p.line_id,
                code = p.code,
                "the controller applies an acknowledgement"
            );
            publisher
                .send(&Envelope::new(&p.line_id, vec![acked(&p)]))
                .await;
            publisher.flush().await;
        }
    };
    // Occurrences applied already (kept while their point is on the board).
    let mut applied: HashSet<Uuid> = HashSet::new();
    let follow = bus::alarms::follow(js, move |points| {
        let on: HashSet<Uuid> = points.values().map(|p| p.id).collect();
        applied.retain(|id| on.contains(id));
        let played = played.lock().map(|p| p.clone()).unwrap_or_default();
        for p in points.values() {
            if played.contains(&p.line_id) && p.ack_for_controller() && applied.insert(p.id) {
                let _ = tx.send(p.clone());
            }
        }
    });
    tokio::join!(send, follow);
}
