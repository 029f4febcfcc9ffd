//! Records from the controller: read when its `Sequence` moves past `Ack`, published, then
//! acknowledged by writing the sequence back.

use model::connect::interface::{self as layout, Channel, FieldValue};
use opcua::types::{DataValue, Variant};
use tokio::sync::oneshot;

use super::{Interface, SETTLE_TIMEOUT, int_like};
use crate::forward::Outgoing;
use crate::outbox::Record;

impl Interface {
    /// Publishes record `sequence` of `c`, then acknowledges it to the controller.
    pub(super) async fn take_record(
        &self,
        c: &Channel,
        epoch: u32,
        sequence: u32,
        ack_node: Option<&DataValue>,
    ) -> Result<(), String> {
        let mut paths = vec![format!("{}.{}", c.name, layout::TIME)];
        paths.extend(c.fields.iter().map(|f| format!("{}.{}", c.name, f.node)));
        let v = self.read(&paths).await?;
        let time = match v[0].value.as_ref() {
            Some(Variant::DateTime(t)) => Some(t.as_chrono()),
            _ => None,
        };
        let values: Vec<FieldValue> = v[1..].iter().map(field_value).collect();
        match layout::record(c, &self.line, epoch, sequence, time, &values) {
            Ok(m) => {
                let (tx, rx) = oneshot::channel();
                let out = Outgoing {
                    record: Record {
                        subject: m.subject,
                        id: m.id.to_string(),
                        samples: 1,
                        payload: m.payload.into(),
                    },
                    settled: Some(tx),
                };
                self.publisher
                    .send(out)
                    .await
                    .map_err(|_| "the forwarder stopped".to_string())?;
                match tokio::time::timeout(SETTLE_TIMEOUT, rx).await {
                    Ok(Ok(())) => {}
                    // Neither published nor kept (the outbox full): the controller keeps it.
                    _ => return Err(format!("{} record {sequence} could not be kept", c.name)),
                }
            }
            Err(reason) => {
                tracing::warn!(line = %self.line, channel = c.name, sequence, "a record refused: {reason}");
                self.tracker.refused(1);
                self.tracker.error(Some(format!(
                    "{} record {sequence} refused: {reason}",
                    c.name
                )));
            }
        }
        self.write(vec![(
            format!("{}.{}", c.name, layout::ACK),
            int_like(ack_node, sequence),
        )])
        .await
    }
}

/// A field node's value as a record reads it.
fn field_value(v: &DataValue) -> FieldValue {
    match v.value.as_ref() {
        Some(Variant::String(s)) => FieldValue::Text(s.as_ref().to_string()),
        Some(Variant::Double(x)) => FieldValue::Number(*x),
        Some(Variant::Float(x)) => FieldValue::Number(f64::from(*x)),
        Some(Variant::Int32(x)) => FieldValue::Integer(i64::from(*x)),
        Some(Variant::UInt32(x)) => FieldValue::Integer(i64::from(*x)),
        Some(Variant::Int16(x)) => FieldValue::Integer(i64::from(*x)),
        Some(Variant::Int64(x)) => FieldValue::Integer(*x),
        Some(Variant::Boolean(b)) => FieldValue::Bool(*b),
        Some(Variant::DateTime(t)) => FieldValue::Time(t.as_chrono()),
        _ => FieldValue::Empty,
    }
}
