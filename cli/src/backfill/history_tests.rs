//! History on the demo plant with extra lines, written through ingest: a batch every five
//! minutes or so, rollups equal to the raw rows, and a second run inserts nothing.

use super::*;

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn two_days_of_three_lines_through_ingest(pool: PgPool) {
    let state = app::App::new(pool.clone(), None);
    demo::seed(&state, "en").await.unwrap();
    assert_eq!(demo::add_lines(&state, "en", 3).await.unwrap(), 1);
    let to = DateTime::parse_from_rfc3339("2026-11-20T00:00:00Z")
        .unwrap()
        .with_timezone(&Utc);
    let from = to - Duration::days(2);
    let plans = lines(&pool, 3, from).await.unwrap();
    assert_eq!(
        plans.iter().map(|l| l.code.as_str()).collect::<Vec<_>>(),
        ["L1", "L2", "L3"]
    );
    assert!(
        plans[2].recipes.len() >= 2,
        "the new line runs the demo recipes of its orders"
    );
    let progress = Arc::new((AtomicU64::new(0), AtomicU64::new(0)));
    let first = write(
        &pool,
        lines(&pool, 3, from).await.unwrap(),
        from,
        to,
        7,
        progress.clone(),
    )
    .await
    .unwrap();
    assert_eq!(progress.0.load(Ordering::Relaxed), first.batches);
    let per_line_day = first.batches as f64 / 6.0;
    assert!(
        (200.0..=300.0).contains(&per_line_day),
        "{per_line_day} batches a line and day"
    );
    let counts = |pool: PgPool| async move {
        let q = "select (select count(*) from production_batch) + (select count(*) from weighing)
                    + (select count(*) from process_sample) + (select count(*) from line_state)
                    + (select count(*) from bin_movement) + (select count(*) from calibration_check)";
        sqlx::query_scalar::<_, i64>(q)
            .fetch_one(&pool)
            .await
            .unwrap()
    };
    let before = counts(pool.clone()).await;
    let batches: i64 =
        sqlx::query_scalar("select count(*) from production_batch where ended_at is not null")
            .fetch_one(&pool)
            .await
            .unwrap();
    assert_eq!(
        batches as u64, first.batches,
        "every batch stored and ended"
    );
    // The report rollups hold every weighed kilogram of the ended batches.
    let (raw, rolled): (f64, f64) = sqlx::query_as(
        "select (select sum(w.actual_kg) from weighing w join production_batch b using (line_id, batch_id)
                 where b.ended_at is not null),
                (select sum(actual_kg) from report_material_day)",
    )
    .fetch_one(&pool)
    .await
    .unwrap();
    assert!((raw - rolled).abs() < 1e-6 * raw, "{raw} vs {rolled}");
    let (by_line, by_line_hour): (f64, f64) = sqlx::query_as(
        "select (select sum(actual_kg) from report_batch_day), (select sum(actual_kg) from report_line_hour)",
    )
    .fetch_one(&pool)
    .await
    .unwrap();
    assert!((raw - by_line).abs() < 1e-6 * raw, "{raw} vs {by_line}");
    assert!(
        (raw - by_line_hour).abs() < 1e-6 * raw,
        "{raw} vs {by_line_hour}"
    );
    let (moved, days, wrong): (i64, i64, i64) = sqlx::query_as(
        "select (select count(*) from bin_movement), (select sum(movements)::int8 from report_bin_day),
                (select count(*) from report_bin_day d where last_level_kg is distinct from (
                    select level_kg from bin_movement m where m.line_id = d.line_id and m.bin_id = d.bin_id
                       and m.material_id = d.material_id and m.kind = d.kind
                       and date_trunc('day', m.time, 'UTC') = d.at order by time desc, id desc limit 1))",
    )
    .fetch_one(&pool)
    .await
    .unwrap();
    assert_eq!((days, wrong), (moved, 0), "the bins' day rollup");
    // Every level is the one before plus the movement, within the bin's capacity: the bin
    // history reconciles.
    let (checked, unreconciled, over): (i64, i64, i64) = sqlx::query_as(
        "with m as (
             select line_id, bin_id, level_kg, delta_kg,
                    lag(level_kg) over (partition by line_id, bin_id order by time, id) as before
             from bin_movement)
         select count(*), count(*) filter (where before is not null and abs(before + delta_kg - level_kg) > 0.5),
                count(*) filter (where level_kg > b.capacity_kg + 0.5 or level_kg < -0.5)
         from m join bin b on b.line_id::text = m.line_id and b.code = m.bin_id",
    )
    .fetch_one(&pool)
    .await
    .unwrap();
    assert!(checked > 1000, "{checked} movements of configured bins");
    assert_eq!((unreconciled, over), (0, 0), "bin levels");
    let stops: i64 =
        sqlx::query_scalar("select count(*) from line_state where state in ('STOPPED', 'FAULT')")
            .fetch_one(&pool)
            .await
            .unwrap();
    assert!(stops > 0);
    // The audit entries such a history leaves, each on its line: three sign-ins a day, every
    // alarm acknowledged, each order created, released and completed, recipes changed weekly.
    let shipped: Vec<(String, String)> = plans
        .iter()
        .map(|l| (l.id.clone(), l.code.clone()))
        .collect();
    let audited = audit_history(&pool, &shipped, from, to).await.unwrap();
    let (sign_ins, acks, alarms, orders, completed, unlined, outside): (i64, i64, i64, i64, i64, i64, i64) =
        sqlx::query_as(
            "select count(*) filter (where action = 'login'),
                    count(*) filter (where action = 'alarmAcknowledged'),
                    (select count(*) from alarm_occurrence where raised_at >= $1 and raised_at < $2),
                    count(*) filter (where entity = 'productionSchedule' and action = 'created'),
                    count(*) filter (where detail->>'to' = 'COMPLETED'),
                    count(*) filter (where line_id is null),
                    count(*) filter (where at < $1 or at >= $2)
             from audit_log where detail->>'source' = 'history'",
        )
        .bind(from)
        .bind(to)
        .fetch_one(&pool)
        .await
        .unwrap();
    assert_eq!(
        sign_ins,
        3 * 2 * 3,
        "three shifts a day, two days, three lines"
    );
    assert!(alarms > 0);
    assert_eq!(acks, alarms, "every alarm of the history acknowledged");
    // Each order whose creation (three hours before its first batch) and completion (after its
    // last) fall in the range.
    let (created, ended): (i64, i64) = sqlx::query_as(
        "select count(*) filter (where first - interval '3 hours' >= $1),
                count(*) filter (where last + interval '2 minutes' < $2)
         from (select min(started_at) as first, max(ended_at) as last from production_batch
               where started_at >= $1 and started_at < $2 group by line_id, production_schedule_id) o",
    )
    .bind(from)
    .bind(to)
    .fetch_one(&pool)
    .await
    .unwrap();
    assert!(created > 0);
    assert_eq!((orders, completed), (created, ended));
    assert_eq!((unlined, outside), (0, 0));
    assert!(audited as i64 >= sign_ins + acks + orders + completed);
    assert_eq!(
        audit_history(&pool, &shipped, from, to).await.unwrap(),
        0,
        "a second run writes no audit entry twice"
    );
    // Again: the same ids, nothing new.
    write(
        &pool,
        lines(&pool, 3, from).await.unwrap(),
        from,
        to,
        7,
        progress,
    )
    .await
    .unwrap();
    assert_eq!(counts(pool.clone()).await, before);
}
