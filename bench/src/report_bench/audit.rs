//! The audit trail on the year of history (issue 35, item 1; goal p95 ≤ 200 ms): the entries
//! `batchline backfill` leaves (each shift's sign-ins, every alarm acknowledged, each order's
//! moves, weekly recipe changes; written here with the backfill's own function when a history
//! loaded by an older build has none), read the way an auditor reads them — the newest page of
//! the year, by line, by user, by action, by record, a deep page, the filters' values — each
//! with its total (`x-total-count`). Beside them the baseline of the same run: counting the
//! year's entries straight from the table.

use std::time::Instant;

use chrono::{DateTime, Utc};

use super::calls::iso;
use super::http::{Http, spread};

pub(super) async fn run(
    http: &mut Http,
    pool: &sqlx::PgPool,
    runs: usize,
    line: &str,
    end: DateTime<Utc>,
) -> anyhow::Result<()> {
    let from = end - chrono::Duration::days(365);
    let history: i64 =
        sqlx::query_scalar("select count(*) from audit_log where detail->>'source' = 'history'")
            .fetch_one(pool)
            .await?;
    if history == 0 {
        let t = Instant::now();
        let lines: Vec<(uuid::Uuid, String, String)> = sqlx::query_as(
            "select id, code, timezone from line where deleted_at is null order by lower(code)",
        )
        .fetch_all(pool)
        .await?;
        let (start, stop): (DateTime<Utc>, DateTime<Utc>) = sqlx::query_as(
            "select date_trunc('hour', min(started_at)), date_trunc('hour', max(started_at)) + interval '1 hour'
               from production_batch",
        )
        .fetch_one(pool)
        .await?;
        let mut written = 0;
        for (id, code, zone) in &lines {
            let mut tx = pool.begin().await?;
            sqlx::query("set local statement_timeout = 0")
                .execute(&mut *tx)
                .await?;
            written += db::audit::history(&mut *tx, *id, code, zone, start, stop).await?;
            tx.commit().await?;
        }
        sqlx::query("analyze audit_log").execute(pool).await?;
        println!(
            "    audit: the history's entries written ({written} in {:.0} s)",
            t.elapsed().as_secs_f64()
        );
    }
    let (total, year): (i64, i64) = sqlx::query_as(
        "select count(*), count(*) filter (where at >= $1 and at < $2) from audit_log",
    )
    .bind(from)
    .bind(end)
    .fetch_one(pool)
    .await?;
    let mut raw = Vec::with_capacity(runs);
    for _ in 0..runs {
        let t = Instant::now();
        let _: i64 =
            sqlx::query_scalar("select count(*) from audit_log where at >= $1 and at < $2")
                .bind(from)
                .bind(end)
                .fetch_one(pool)
                .await?;
        raw.push(t.elapsed().as_secs_f64() * 1000.0);
    }
    let (raw50, _) = spread(raw);
    println!(
        "    audit trail ({year} entries in the year, {total} in all; baseline: counting the year's entries raw, p50 {raw50:.1} ms)"
    );
    let operator: Option<String> = sqlx::query_scalar(
        "select actor from audit_log where line_id = $1::uuid and action = 'login' limit 1",
    )
    .bind(line)
    .fetch_optional(pool)
    .await?;
    let order: Option<String> = sqlx::query_scalar(
        "select entity_id from audit_log where entity = 'productionSchedule' and line_id = $1::uuid
          order by at desc limit 1",
    )
    .bind(line)
    .fetch_optional(pool)
    .await?;
    let year = format!("fromDateTime={}&toDateTime={}", iso(from), iso(end));
    let week = format!(
        "fromDateTime={}&toDateTime={}",
        iso(end - chrono::Duration::days(7)),
        iso(end)
    );
    let mut calls = vec![
        ("a year, every line", format!("/api/audit?{year}")),
        (
            "a year, one line",
            format!("/api/audit?{year}&lineId={line}"),
        ),
        (
            "a year, alarm acknowledgements",
            format!("/api/audit?{year}&action=alarmAcknowledged"),
        ),
        (
            "a year, one line's order moves",
            format!("/api/audit?{year}&lineId={line}&entity=productionSchedule&action=status"),
        ),
        ("a year, page 50", format!("/api/audit?{year}&page=50")),
        ("a week, every line", format!("/api/audit?{week}")),
        ("everything, no range", "/api/audit".to_string()),
        ("the filters' values", "/api/audit/facets".to_string()),
    ];
    if let Some(user) = operator {
        calls.push(("a year, one user", format!("/api/audit?{year}&user={user}")));
    }
    if let Some(id) = order {
        calls.push((
            "one order's history",
            format!("/api/audit?entity=productionSchedule&entityId={id}"),
        ));
    }
    let mut worst: f64 = 0.0;
    for (label, path) in calls {
        let (status, _) = http.call("GET", &path, None).await?;
        anyhow::ensure!(status == 200, "{path}: {status}");
        let (p50, p95) = http.time(runs, "GET", &path, None).await?;
        worst = worst.max(p95);
        println!(
            "    audit: {label:<42} {p50:>9.1} {p95:>9.1} ms  ({:.1}× the raw count)",
            p95 / raw50.max(0.001)
        );
    }
    println!("    slowest audit trail p95: {worst:.1} ms (goal ≤ 200 ms)");
    Ok(())
}
