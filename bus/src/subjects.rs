//! The subjects, stream, consumer and bucket names of Batchline on NATS (docs/architecture.md,
//! "NATS").
//!
//! | subject | what | who writes, who reads |
//! |---|---|---|
//! | `plant.<lineId>.<kind>` | production data, one wire message (`model::wire`) | the plant (sim, a gateway) → stream `PLANT` → ingest; the stream service listens live |
//! | `spc.<lineId>` | an SPC violation just judged (`model::spc::KeptViolation`), core NATS | ingest → the stream service |
//! | `$KV.ORDERS.<lineId>.<orderId>` | the order board (`model::schedule::board::BoardEntry`) | the api and ingest → the line controllers, the stream service |
//! | `$KV.ALARMS.<lineId>.<codeKey>` | an alarm point that is active, unacknowledged or shelved (`model::alarm::AlarmPoint`) | ingest and the api → the stream service, the line controllers |
//! | `$KV.CONNECTIONS.<connectionId>` | a plant connection's settings (`model::connect::Settings`) | the api → the connector |
//! | `$KV.CONNECTION_STATUS.<connectionId>` | a plant connection's status (`model::connect::ConnectionStatus`) | the connector → the api, the stream service |
//! | `$KV.CONNECTION_TRUST.<thumbprint>` | a trusted OPC UA server certificate (DER) | the api → the connector |

use model::wire;
use uuid::Uuid;

/// The JetStream stream of production data.
pub const PLANT_STREAM: &str = "PLANT";
/// Every line's production data: `plant.>`.
pub const PLANT_ALL: &str = "plant.>";
/// The durable pull consumer ingest reads `PLANT` with.
pub const INGEST_CONSUMER: &str = "ingest";
/// The key-value bucket of the order board.
pub const BOARD_BUCKET: &str = "ORDERS";
/// The key-value bucket of the plant connections' settings.
pub const CONNECTIONS_BUCKET: &str = "CONNECTIONS";
/// The key-value bucket of the plant connections' statuses.
pub const CONNECTION_STATUS_BUCKET: &str = "CONNECTION_STATUS";
/// The key-value bucket of the trusted OPC UA server certificates.
pub const CONNECTION_TRUST_BUCKET: &str = "CONNECTION_TRUST";
/// The key-value bucket of the alarm board.
pub const ALARMS_BUCKET: &str = "ALARMS";
/// Every line's SPC violations.
pub const SPC_ALL: &str = "spc.>";

/// The subject of `line_id`'s production data of `kind` (the format is part of the wire
/// format: `model::wire::subject`, which the wire check compares a message with).
pub fn plant(line_id: &str, kind: wire::Kind) -> String {
    wire::subject(line_id, kind)
}

/// The core NATS subject (not in a stream) of `line_id`'s SPC violations.
pub fn spc(line_id: &str) -> String {
    format!("spc.{line_id}")
}

/// The board key of `order` on `line`.
pub fn board_key(line: &str, order: Uuid) -> String {
    format!("{line}.{order}")
}

/// The line and order of a board key, unless it is not one.
pub fn parse_board_key(key: &str) -> Option<(&str, Uuid)> {
    let (line, order) = key.split_once('.')?;
    Some((line, Uuid::parse_str(order).ok()?))
}

/// The alarm board key of `code` on `line`: the code as a name-based UUID (an alarm code may
/// hold characters a key may not).
pub fn alarm_key(line: &str, code: &str) -> String {
    format!("{line}.{}", alarm_code_key(code))
}

/// The UUID standing for alarm `code` in keys.
pub fn alarm_code_key(code: &str) -> Uuid {
    Uuid::new_v5(
        &Uuid::NAMESPACE_OID,
        format!("batchline.alarm.{code}").as_bytes(),
    )
}

/// The line and code key of an alarm board key, unless it is not one.
pub fn parse_alarm_key(key: &str) -> Option<(&str, Uuid)> {
    parse_board_key(key)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn board_keys_round_trip_and_subjects_match_their_wildcards() {
        let id = Uuid::now_v7();
        let k = board_key("L1", id);
        assert_eq!(parse_board_key(&k), Some(("L1", id)));
        assert_eq!(parse_board_key("L1"), None);
        assert_eq!(parse_board_key("L1.not-an-id"), None);
        assert!(plant("L1", wire::Kind::Process).starts_with(PLANT_ALL.trim_end_matches('>')));
        let k = alarm_key("L1", "MOTOR OVERLOAD > 1");
        assert_eq!(
            parse_alarm_key(&k),
            Some(("L1", alarm_code_key("MOTOR OVERLOAD > 1")))
        );
        assert!(!k.contains(' ') && !k.contains('>'));
        assert!(spc("L1").starts_with(SPC_ALL.trim_end_matches('>')));
    }
}
