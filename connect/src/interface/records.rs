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
        // A node of another type is the program's fault, not the record's: it waits (not
        // acknowledged) with the reason shown, rather than being refused and lost.
        if let Some(why) = c
            .fields
            .iter()
            .zip(&values)
            .find_map(|(f, v)| layout::misfit(f, v))
        {
            return Err(format!("{}.{why}", c.name));
        }
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

/// A field node's value as a record reads it: any integer type a PLC may use (SINT to LINT,
/// signed or not) as an integer, REAL and LREAL as numbers.
fn field_value(v: &DataValue) -> FieldValue {
    let Some(x) = v.value.as_ref() else {
        return FieldValue::Empty;
    };
    match x {
        Variant::Empty => FieldValue::Empty,
        Variant::String(s) => FieldValue::Text(s.as_ref().to_string()),
        Variant::Double(x) => FieldValue::Number(*x),
        Variant::Float(x) => FieldValue::Number(f64::from(*x)),
        Variant::SByte(x) => FieldValue::Integer(i64::from(*x)),
        Variant::Byte(x) => FieldValue::Integer(i64::from(*x)),
        Variant::Int16(x) => FieldValue::Integer(i64::from(*x)),
        Variant::UInt16(x) => FieldValue::Integer(i64::from(*x)),
        Variant::Int32(x) => FieldValue::Integer(i64::from(*x)),
        Variant::UInt32(x) => FieldValue::Integer(i64::from(*x)),
        Variant::Int64(x) => FieldValue::Integer(*x),
        Variant::UInt64(x) => {
            i64::try_from(*x).map_or_else(|_| FieldValue::Number(*x as f64), FieldValue::Integer)
        }
        Variant::Boolean(b) => FieldValue::Bool(*b),
        other => FieldValue::Other(
            other
                .scalar_type_id()
                .map_or_else(|| "array".to_string(), |t| format!("{t:?}")),
        ),
    }
}
