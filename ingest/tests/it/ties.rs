//! A batch whose start and end carry the same time (a controller that stamps both at the end of
//! a very short batch, or a coarse clock) is complete, not running.

use model::wire::BatchEventKind;
use sqlx::PgPool;
use testkit::samples;

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn an_end_stamped_with_its_start_time_still_ends_the_batch(pool: PgPool) {
    let started = samples::batch(BatchEventKind::Started, "L1-TIE", 100.0, None);
    let mut ended = samples::batch(BatchEventKind::Ended, "L1-TIE", 100.0, Some(99.5));
    ended.time = started.time;
    // Either order within one write, and each in its own write.
    for (i, events) in [
        vec![started.clone(), ended.clone()],
        vec![ended.clone(), started.clone()],
    ]
    .into_iter()
    .enumerate()
    {
        let mut rows = db::ingest::Rows::default();
        for mut e in events {
            e.batch_id = format!("L1-TIE-{i}");
            e.id = uuid::Uuid::now_v7();
            rows.batch.push(("L1".into(), e));
        }
        db::ingest::write::write(&pool, &rows).await.unwrap();
    }
    let status: Vec<(String, String)> =
        sqlx::query_as("select batch_id, status from production_batch order by batch_id")
            .fetch_all(&pool)
            .await
            .unwrap();
    assert_eq!(
        status,
        [("L1-TIE-0", "COMPLETE"), ("L1-TIE-1", "COMPLETE")]
            .map(|(b, s)| (b.to_string(), s.to_string()))
    );
}
