//! One subscription of a session: a monitored item per tag, and each publishing cycle's
//! values collected as the tags read them.

use super::*;
use model::connect::{Tag, TagKind};

/// Monitored items created per call (servers limit it; 1,000 is common).
const ITEMS_PER_CALL: usize = 500;
/// Monitored items per subscription: servers limit it (async-opcua and many PLCs to 1,000), so
/// a connection with more tags has several subscriptions.
const ITEMS_PER_SUBSCRIPTION: usize = 1_000;

/// The value of a variant as a tag reads it; `None` for a type no tag reads.
pub(super) fn value(v: &Variant) -> Option<Value> {
    Some(match v {
        Variant::Boolean(b) => Value::Bool(*b),
        Variant::SByte(x) => Value::Number(f64::from(*x)),
        Variant::Byte(x) => Value::Number(f64::from(*x)),
        Variant::Int16(x) => Value::Number(f64::from(*x)),
        Variant::UInt16(x) => Value::Number(f64::from(*x)),
        Variant::Int32(x) => Value::Number(f64::from(*x)),
        Variant::UInt32(x) => Value::Number(f64::from(*x)),
        Variant::Int64(x) => Value::Number(*x as f64),
        Variant::UInt64(x) => Value::Number(*x as f64),
        Variant::Float(x) => Value::Number(f64::from(*x)),
        Variant::Double(x) => Value::Number(*x),
        Variant::String(s) => Value::Text(s.as_ref().to_string()),
        _ => return None,
    })
}

/// Hands each publishing cycle's values to the connection's task.
struct Collector {
    tx: mpsc::Sender<Vec<(usize, DataValue)>>,
    index: Arc<HashMap<NodeId, usize>>,
    dropped: Arc<AtomicU64>,
}

impl OnSubscriptionNotificationCore for Collector {
    fn on_subscription_notification(
        &mut self,
        notification: NotificationMessage,
        items: MonitoredItemMap<'_>,
    ) {
        let mut values = Vec::new();
        for obj in notification.notification_data.into_iter().flatten() {
            if let Some(change) = obj.inner_as::<DataChangeNotification>() {
                for n in change.monitored_items.iter().flatten() {
                    let Some(item) = items.get(n.client_handle) else {
                        continue;
                    };
                    if let Some(i) = self.index.get(&item.item_to_monitor().node_id) {
                        values.push((*i, n.value.clone()));
                    }
                }
            }
        }
        if values.is_empty() {
            return;
        }
        let n = values.len() as u64;
        if self.tx.try_send(values).is_err() {
            self.dropped.fetch_add(n, Ordering::Relaxed);
        }
    }
}

/// The monitored item of a tag. The subscription publishes every `sampling_ms`; its items
/// sample at half that, so a change waits at most half an interval for its sample and one for
/// the publish (at 100 ms: a change is on the bus within 150 ms, where sampling at the
/// publishing interval would allow 200). A number keeps the two samples an interval holds
/// (nothing the server sampled is dropped, and a noisy signal sends at most two values per
/// interval; its deadband keeps it quieter); an alarm or a state keeps up to ten changes (a
/// short alarm is not lost between two publishes).
fn item(node: NodeId, sampling_ms: i64, t: &Tag) -> MonitoredItemCreateRequest {
    let filter = t.deadband.filter(|d| *d > 0.0).map(|d| {
        ExtensionObject::from_message(DataChangeFilter {
            trigger: DataChangeTrigger::StatusValue,
            deadband_type: DeadbandType::Absolute as u32,
            deadband_value: d,
        })
    });
    let queue_size = match t.kind {
        TagKind::Process | TagKind::Pressure => 2,
        TagKind::Alarm | TagKind::State => 10,
    };
    MonitoredItemCreateRequest::new(
        ReadValueId::from(node),
        MonitoringMode::Reporting,
        MonitoringParameters {
            client_handle: 0,
            sampling_interval: sampling_ms as f64 / 2.0,
            filter: filter.unwrap_or_default(),
            queue_size,
            discard_oldest: true,
        },
    )
}

/// Subscribes to every tag of `s`; each tag's status as the server answered it.
pub(super) async fn subscribe(
    session: &Session,
    s: &Settings,
    tx: mpsc::Sender<Vec<(usize, DataValue)>>,
    dropped: Arc<AtomicU64>,
) -> Result<Vec<String>, StatusCode> {
    let mut statuses = vec![String::new(); s.connection.tags.len()];
    let mut index = HashMap::new();
    let mut items = Vec::new();
    for (i, t) in s.connection.tags.iter().enumerate() {
        match NodeId::from_str(&t.node_id) {
            Ok(node) => {
                index.insert(node.clone(), i);
                items.push((i, item(node, s.connection.sampling_ms, t)));
            }
            Err(_) => statuses[i] = "BadNodeIdInvalid".into(),
        }
    }
    let index = Arc::new(index);
    let interval = Duration::from_millis(s.connection.sampling_ms as u64);
    // A keep-alive after 20 empty publishing cycles, a lifetime of 3 keep-alives.
    let keep_alive = 20;
    for subscription in items.chunks(ITEMS_PER_SUBSCRIPTION) {
        let collector = Collector {
            tx: tx.clone(),
            index: index.clone(),
            dropped: dropped.clone(),
        };
        let id = session
            .create_subscription(interval, keep_alive * 3, keep_alive, 0, 0, true, collector)
            .await
            .map_err(|e| e.status())?;
        for chunk in subscription.chunks(ITEMS_PER_CALL) {
            let requests = chunk.iter().map(|(_, r)| r.clone()).collect();
            let created = session
                .create_monitored_items(id, TimestampsToReturn::Both, requests)
                .await
                .map_err(|e| e.status())?;
            for ((i, _), c) in chunk.iter().zip(created) {
                statuses[*i] = if c.result.status_code.is_good() {
                    "Good".into()
                } else {
                    c.result.status_code.to_string()
                };
            }
        }
    }
    Ok(statuses)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn items_sample_at_half_the_publishing_interval_and_keep_what_they_sampled() {
        let node = NodeId::new(2, "L1.Value");
        let request = |kind| item(node.clone(), 100, &Tag::new(kind, "ns=2;s=L1.Value", "X"));
        for (kind, queue) in [
            (TagKind::Process, 2),
            (TagKind::Pressure, 2),
            (TagKind::Alarm, 10),
            (TagKind::State, 10),
        ] {
            let p = request(kind).requested_parameters;
            assert_eq!(p.sampling_interval, 50.0, "{kind:?}");
            assert_eq!(p.queue_size, queue, "{kind:?}");
            assert!(p.discard_oldest);
        }
    }
}
