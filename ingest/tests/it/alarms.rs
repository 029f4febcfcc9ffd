//! The plant's alarm events folded into occurrences (issue 34) in the transaction that stores
//! them: in time order within a write, once however often they are delivered.

use chrono::{Duration, Utc};
use model::wire::{Alarm, AlarmState, Severity};
use sqlx::PgPool;
use uuid::Uuid;

fn event(code: &str, state: AlarmState, seconds: i64) -> (String, Alarm) {
    let base = Utc::now() - Duration::minutes(10);
    (
        "L1".into(),
        Alarm {
            id: Uuid::now_v7(),
            time: base + Duration::seconds(seconds),
            batch_id: None,
            code: code.into(),
            severity: Severity::Warning,
            message: format!("{code} text"),
            state,
            cleared_at: None,
        },
    )
}

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn alarm_events_become_occurrences_once_in_time_order(pool: PgPool) {
    // Out of order within one write: a chattering point raised, cleared, raised again, a
    // repeat of the raise while active, then acknowledged at the controller.
    let mut rows = db::ingest::Rows::default();
    rows.alarm = vec![
        event("CHATTER", AlarmState::Acked, 40),
        event("CHATTER", AlarmState::Raised, 30),
        event("CHATTER", AlarmState::Cleared, 20),
        event("CHATTER", AlarmState::Raised, 0),
        event("CHATTER", AlarmState::Raised, 35),
    ];
    let first = db::ingest::write::write(&pool, &rows).await.unwrap();
    assert_eq!(first.alarms, [("L1".to_string(), "CHATTER".to_string())]);
    // Delivered again: nothing stored, nothing folded.
    let again = db::ingest::write::write(&pool, &rows).await.unwrap();
    assert!(again.alarms.is_empty());

    let occ: Vec<(bool, bool, bool)> = sqlx::query_as(
        "select returned_at is not null, acked_at is not null and acked_by is null,
                controller_acked_at is not null
         from alarm_occurrence order by raised_at",
    )
    .fetch_all(&pool)
    .await
    .unwrap();
    // Two activations: the first returned, both acknowledged at the controller.
    assert_eq!(occ, [(true, true, true), (false, true, true)]);
    let points = db::alarms::handling::points(&pool, Default::default())
        .await
        .unwrap();
    assert_eq!(points.len(), 1, "active: on the board");
    assert!(points[0].acknowledged && points[0].active());
    assert_eq!(points[0].unacknowledged, 0);
}
