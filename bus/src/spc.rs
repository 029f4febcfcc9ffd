//! The SPC violations ingest judges (`model::spc::KeptViolation`), announced on the core subject
//! `spc.<lineId>` once committed; the stream service relays them to the line's viewers. Core
//! NATS: a violation missed while the stream service was away is read from the database when
//! it starts again.

use futures::{Stream, StreamExt};
use model::spc::KeptViolation;

use crate::subjects;

/// Announces `v` (failures are logged: the violation is kept in the database either way).
pub async fn announce(client: &async_nats::Client, v: &KeptViolation) {
    let subject = subjects::spc(&v.line_id);
    match serde_json::to_vec(v) {
        Ok(body) => {
            if let Err(e) = client.publish(subject, body.into()).await {
                tracing::warn!("publishing an SPC violation failed (it is kept): {e}");
            }
        }
        Err(e) => tracing::warn!("encoding an SPC violation failed: {e}"),
    }
}

/// Every line's violations as they are announced; a malformed one is logged and skipped.
pub async fn listen(
    client: &async_nats::Client,
) -> anyhow::Result<impl Stream<Item = KeptViolation> + use<>> {
    let sub = client.subscribe(subjects::SPC_ALL).await?;
    Ok(sub.filter_map(|m| async move {
        match serde_json::from_slice::<KeptViolation>(&m.payload) {
            Ok(v) => Some(v),
            Err(e) => {
                tracing::debug!(subject = %m.subject, "ignoring a malformed SPC violation: {e}");
                None
            }
        }
    }))
}
