//! The alarm board (issue 34, decision 111): one [`AlarmPoint`] per alarm point that is active,
//! unacknowledged or shelved, in the key-value bucket `ALARMS` under `<lineId>.<codeKey>`.
//! Whoever commits a change to a point (ingest for the plant's raises, returns and
//! acknowledgements; the api for a user's acknowledgement, shelve, unshelve or comment, and for
//! a shelf that ended) writes it right after the commit ([`AlarmBoard::publish`]); a reconciling
//! sweep repairs what a crash between commit and write left behind. The stream service follows
//! it for the consoles and wall displays, the line controllers for the acknowledgements made in
//! Batchline ([`follow`]).

use std::collections::HashMap;
use std::future::Future;
use std::sync::Arc;

use async_nats::jetstream::{self, kv};
use model::alarm::AlarmPoint;
use tokio::sync::Mutex;
use uuid::Uuid;

use crate::subjects::{ALARMS_BUCKET, alarm_key, parse_alarm_key};

/// Every point on the board, by line and code key.
pub type Points = HashMap<(String, Uuid), AlarmPoint>;

/// The alarm board's bucket.
#[derive(Clone)]
pub struct AlarmBoard {
    kv: kv::Store,
    /// Held from reading the points to writing them, so two writers of one process cannot put
    /// an older read after a newer one.
    order: Arc<Mutex<()>>,
}

fn bytes(p: &AlarmPoint) -> bytes::Bytes {
    serde_json::to_vec(p).unwrap_or_default().into()
}

impl AlarmBoard {
    /// The bucket, created when missing.
    pub async fn open(js: &jetstream::Context) -> anyhow::Result<AlarmBoard> {
        Ok(AlarmBoard {
            kv: crate::open_bucket(js, ALARMS_BUCKET).await?,
            order: Arc::default(),
        })
    }

    /// Shows points `asked` (line, code) as committed: `read` answers those of them on the
    /// board now (active, unacknowledged or shelved); each is put, every other asked point
    /// removed. Reading and writing happen under one lock; a failure is logged and left to the
    /// sweep.
    pub async fn publish<F, E>(&self, asked: &[(String, String)], read: F)
    where
        F: Future<Output = Result<Vec<AlarmPoint>, E>>,
        E: std::fmt::Display,
    {
        let _in_turn = self.order.lock().await;
        let points = match read.await {
            Ok(p) => p,
            Err(e) => {
                metrics::counter!("alarm_board_write_errors_total").increment(1);
                tracing::warn!("alarm board: cannot read the points: {e}");
                return;
            }
        };
        for (line, code) in asked {
            let key = alarm_key(line, code);
            let shown = points
                .iter()
                .find(|p| &p.line_id == line && &p.code == code);
            let written: anyhow::Result<()> = match shown {
                Some(p) => self
                    .kv
                    .put(&key, bytes(p))
                    .await
                    .map(|_| ())
                    .map_err(Into::into),
                None => self.kv.delete(&key).await.map_err(Into::into),
            };
            if let Err(e) = written {
                metrics::counter!("alarm_board_write_errors_total").increment(1);
                tracing::warn!(line, code, "alarm board: cannot write the point: {e}");
            }
        }
    }

    /// Brings the board in step with `points`, every point that should be on it; returns how
    /// many keys it changed.
    pub async fn reconcile(&self, points: &[AlarmPoint]) -> anyhow::Result<usize> {
        let _in_turn = self.order.lock().await;
        let wanted: Vec<_> = points
            .iter()
            .map(|p| (alarm_key(&p.line_id, &p.code), bytes(p)))
            .collect();
        crate::reconcile(&self.kv, wanted).await
    }
}

/// Follows the board until the task is dropped: `apply` is given the whole board each time it
/// changes, and only a whole board (a lost watch is opened again and read afresh; until it is
/// read through, the last whole board stands).
pub async fn follow(js: jetstream::Context, apply: impl FnMut(&Points) + Send) {
    let key = |k: &str| parse_alarm_key(k).map(|(line, code)| (line.to_string(), code));
    crate::follow_whole(
        || async { Ok(AlarmBoard::open(&js).await?.kv) },
        key,
        "alarm point",
        apply,
    )
    .await;
}
