//! The backfill's options and a backfill through ingest's storage.

use super::*;

#[test]
fn options() {
    let args = |s: &str| s.split_whitespace().map(String::from).collect::<Vec<_>>();
    assert_eq!(
        Plan::parse(&args("")).unwrap(),
        Plan {
            days: 30,
            lines: 2,
            seed: 1
        }
    );
    assert_eq!(
        Plan::parse(&args("--days 365 --lines 8 --seed 7")).unwrap(),
        Plan {
            days: 365,
            lines: 8,
            seed: 7
        }
    );
    for bad in ["--days", "--days 0", "--days 401", "--lines x", "--speed 2"] {
        assert!(Plan::parse(&args(bad)).is_err(), "{bad}");
    }
}

/// History has goods-in and deliveries (issue 33): weekly lots of every material the
/// recipes dose, refills that name them, doses attributed to them, and each order's batches
/// delivered to a customer, so a lot traces forward to customers.
#[sqlx::test(migrator = "db::MIGRATOR")]
async fn history_receives_lots_and_delivers_what_it_made(pool: PgPool) {
    let state = app::App::new(pool.clone(), None);
    demo::seed(&state, "en").await.unwrap();
    let to = Utc::now().duration_trunc(Duration::hours(1)).unwrap();
    let from = to - Duration::days(1);
    let mut plans = lines(&pool, 1, from).await.unwrap();
    let received = receive_lots(&pool, &mut plans, from, to).await.unwrap();
    assert!(received > 0);
    let (id, code) = (plans[0].id.clone(), plans[0].code.clone());
    let progress = Arc::new((AtomicU64::new(0), AtomicU64::new(0)));
    write(&pool, plans, from, to, 3, progress).await.unwrap();
    let delivered = db::deliveries::backfill(&pool, &id, &code, from, to)
        .await
        .unwrap();
    assert!(delivered > 0);
    // Written again: nothing doubles.
    assert_eq!(
        db::deliveries::backfill(&pool, &id, &code, from, to)
            .await
            .unwrap(),
        0
    );
    let (traced, lot): (i64, uuid::Uuid) = sqlx::query_as(
        "select count(distinct (line_id, batch_id)), lot_id from dose_lot where lot_id is not null
          group by lot_id order by 1 desc limit 1",
    )
    .fetch_one(&pool)
    .await
    .unwrap();
    assert!(traced > 50, "{traced} batches of the busiest lot");
    // The bins start empty and are filled with a received lot: no dose is of an unknown lot.
    let unknown: f64 =
        sqlx::query_scalar("select coalesce(sum(kg), 0) from dose_lot where lot_id is null")
            .fetch_one(&pool)
            .await
            .unwrap();
    assert_eq!(unknown, 0.0, "kg dosed from no known lot");
    // The day's alarms became occurrences, each acknowledged at the panel (issue 34): none is
    // left unacknowledged, and the alarm performance report has acknowledgement times.
    let (occurrences, unacked, returned): (i64, i64, i64) = sqlx::query_as(
        "select count(*), count(*) filter (where acked_at is null), count(returned_at)
         from alarm_occurrence",
    )
    .fetch_one(&pool)
    .await
    .unwrap();
    assert!(occurrences > 0);
    assert_eq!(unacked, 0, "of {occurrences} alarms");
    assert_eq!(returned, occurrences, "every history alarm returned");
    let trace = app::trace::lot(&state, &lot.to_string()).await.unwrap();
    assert_eq!(trace.batches.len() as i64, traced);
    assert!(!trace.deliveries.is_empty() && !trace.customers.is_empty());
    assert!(
        trace.balance.unaccounted_kg.abs() < 1.0,
        "{:?}",
        trace.balance
    );
}
