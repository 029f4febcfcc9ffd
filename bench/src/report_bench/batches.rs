//! (4), issue 13: the batch reports on the year of history. A summary page of 50 at pages 1,
//! 100, 1,000 and the last (each against page 1: no page may get slower as the offset grows),
//! a batch's details, an SPC chart over 30 days of one material, a compare of ten batches, each
//! next to a raw scan giving the same rows; and what the push of an SPC violation costs after a
//! batch ends (settle + tick + the judge on this database).

use std::time::Instant;

use chrono::{DateTime, Utc};
use sqlx::PgPool;

use super::calls::iso;
use super::http::{Http, spread};

/// p50 in ms of `runs` runs of `sql` with `binds` (text) — a raw scan's time.
async fn raw(pool: &PgPool, runs: usize, sql: &str, binds: &[String]) -> anyhow::Result<f64> {
    let mut ms = Vec::new();
    for _ in 0..runs.max(3) {
        let mut q = sqlx::query(sqlx::AssertSqlSafe(sql.to_string()));
        for b in binds {
            q = q.bind(b);
        }
        let t = Instant::now();
        q.fetch_all(pool).await?;
        ms.push(t.elapsed().as_secs_f64() * 1000.0);
    }
    Ok(spread(ms).0)
}

fn row(name: &str, p50: f64, p95: f64, base: f64, base_label: &str, goal: f64) {
    println!(
        "    {name:<58} {p50:>8.1} {p95:>8.1}   {:>6.2}× {base_label:<12} goal ≤ {goal:.0} ms",
        p95 / base.max(0.001)
    );
}

pub(super) async fn run(
    http: &mut Http,
    pool: &PgPool,
    runs: usize,
    line: &str,
    end: DateTime<Utc>,
) -> anyhow::Result<()> {
    println!(
        "  issue 13: batch records, SPC, compare (p50 / p95 ms, p95 against a baseline of the same run)"
    );
    let year = (end - chrono::Duration::days(365), end);
    let month = (end - chrono::Duration::days(30), end);
    let q = |from: DateTime<Utc>, to: DateTime<Utc>, line: &str| {
        format!(
            "lineId={line}&fromDateTime={}&toDateTime={}",
            iso(from),
            iso(to)
        )
    };

    // The summary, a page of 50 of a year of every line, at growing offsets.
    let base = format!(
        "/api/reports/batches/getdetailedbatchsummery?{}&limit=50",
        q(year.0, year.1, "ALL")
    );
    let (total,): (i64,) = sqlx::query_as(
        "select count(*) from production_batch
         where ended_at >= $1 and ended_at < $2 and line_id in (select id::text from line where deleted_at is null)",
    )
    .bind(year.0)
    .bind(year.1)
    .fetch_one(pool)
    .await?;
    let last = (total + 49) / 50;
    let (p1_50, p1_95) = http
        .time(runs, "GET", &format!("{base}&page=1"), None)
        .await?;
    println!("    batch summary, {total} batches of 365 days, every line:");
    row("page 1", p1_50, p1_95, p1_95, "page 1", 100.0);
    for page in [100, 1000, last] {
        if page < 2 || page > last {
            continue;
        }
        let (p50, p95) = http
            .time(runs, "GET", &format!("{base}&page={page}"), None)
            .await?;
        row(&format!("page {page}"), p50, p95, p1_95, "page 1", 100.0);
    }
    for kind in ["OUT_OF_TOLERANCE", "ABORTED", "EXCEEDED_PARAMETERS"] {
        let path = format!("{base}&page=2&reportFilterType={kind}");
        let (p50, p95) = http.time(runs, "GET", &path, None).await?;
        row(&format!("page 2, {kind}"), p50, p95, p1_95, "page 1", 100.0);
    }

    // A batch's details: the batch in the middle of the year on the first line.
    let (batch,): (String,) = sqlx::query_as(
        "select batch_id from production_batch where line_id = $1 and ended_at < $2
         order by ended_at desc limit 1",
    )
    .bind(line)
    .bind(end - chrono::Duration::days(180))
    .fetch_one(pool)
    .await?;
    let raw_doses = raw(
        pool,
        runs,
        "select * from weighing where line_id = $1 and batch_id = $2 order by time",
        &[line.to_string(), batch.clone()],
    )
    .await?;
    println!("    batch {batch}:");
    for call in [
        "getlinebatchdetails",
        "getbatchweighingdetails",
        "getbatchmixingdetails",
        "getbatchparameterdetails",
        "getbatchesalarms",
        "getbatchdiagnostics",
    ] {
        let path = format!("/api/reports/batches/{call}?lineId={line}&batchId={batch}");
        let (p50, p95) = http.time(runs, "GET", &path, None).await?;
        row(call, p50, p95, raw_doses, "raw doses", 50.0);
    }

    // SPC over 30 days of one material on one line, limits from the 30 days before.
    let raw_points = raw(
        pool,
        runs,
        "select b.batch_id, w.deviation_kg from production_batch b
         join weighing w on w.line_id = b.line_id and w.batch_id = b.batch_id
         where b.line_id = $1 and b.ended_at >= $2::timestamptz - interval '30 days' and b.ended_at < $2::timestamptz
           and b.status = 'COMPLETE' and w.material_id = 'CORN' order by b.ended_at",
        &[line.to_string(), end.to_rfc3339()],
    )
    .await?;
    for (label, extra) in [
        (
            "individuals, every rule",
            "&rules=WE1,WE2,WE3,WE4,N1,N2,N3,N4,N5,N6,N7,N8",
        ),
        (
            "X̄-R of 5, every rule",
            "&chart=XBAR_R&subgroup=5&rules=WE1,WE2,WE3,WE4,N1,N2,N3,N4,N5,N6,N7,N8",
        ),
    ] {
        let path = format!(
            "/api/reports/spc/batchgraph?{}&materialId=CORN{extra}",
            q(month.0, month.1, line)
        );
        let (p50, p95) = http.time(runs, "GET", &path, None).await?;
        row(
            &format!("SPC CORN 30 days, {label}"),
            p50,
            p95,
            raw_points,
            "raw points",
            150.0,
        );
    }

    // A compare of ten batches of one recipe.
    let ten: Vec<(String,)> = sqlx::query_as(
        "select batch_id from production_batch where line_id = $1 and ended_at < $2 and status = 'COMPLETE'
           and recipe_id = (select recipe_id from production_batch where line_id = $1 and batch_id = $3)
         order by ended_at desc limit 10",
    )
    .bind(line)
    .bind(end - chrono::Duration::days(180))
    .bind(&batch)
    .fetch_all(pool)
    .await?;
    let ids: Vec<String> = ten.into_iter().map(|t| t.0).collect();
    let raw_curves = raw(
        pool,
        runs,
        "select batch_id, parameter_code, time, value from process_sample
         where line_id = $1 and batch_id = any(string_to_array($2, ',')) order by batch_id, parameter_code, time",
        &[line.to_string(), ids.join(",")],
    )
    .await?;
    for call in [
        "getcomparemixingreportbatches",
        "getcomparereportparameters",
    ] {
        let path = format!(
            "/api/reports/batches/{call}?{}&batchIds={}",
            q(month.0, month.1, line),
            ids.join(",")
        );
        let (p50, p95) = http.time(runs, "GET", &path, None).await?;
        row(
            &format!("{call}, {} batches", ids.len()),
            p50,
            p95,
            raw_curves,
            "raw samples",
            150.0,
        );
    }
    spc_push(pool, line, end).await
}

/// The live judge on this database: a live set on the first line's CORN doses, a batch ending
/// now far out of control, the judge's own time (median of three), and the push's bound.
async fn spc_push(pool: &PgPool, line: &str, end: DateTime<Utc>) -> anyhow::Result<()> {
    let line_id: uuid::Uuid = line.parse()?;
    let now = Utc::now();
    let set = db::spc::Set {
        id: uuid::Uuid::new_v4(),
        kind: "BATCH".into(),
        line_id,
        name: format!("bench {}", now.timestamp_millis()),
        subject: "DOSING_ERROR".into(),
        material_code: Some("CORN".into()),
        scale_code: None,
        parameter_code: None,
        recipe_id: None,
        chart: model::spc::ChartKind::Individuals,
        subgroup: 5,
        baseline_from: end - chrono::Duration::days(30),
        baseline_to: end,
        rules: model::spc::Rule::ALL
            .iter()
            .map(|r| r.code().to_string())
            .collect(),
        live: true,
        created_at: now,
        created_by: None,
        updated_at: now,
        updated_by: None,
    };
    db::spc::save(pool, &set, "bench", true).await?;
    let mut judge = ingest::spc::Judge::default();
    // Whatever was pending before (a first run on an old history) is judged first.
    judge.pending(pool).await?;
    let mut ms = Vec::new();
    let mut found = 0;
    for i in 0..3 {
        let batch = format!("BENCH-SPC-{}-{i}", now.timestamp_millis());
        let t = Utc::now() - chrono::Duration::seconds(1);
        let mut rows = db::ingest::Rows::default();
        let ev = |kind, status, time| model::wire::BatchEvent {
            id: uuid::Uuid::now_v7(),
            time,
            event: kind,
            batch_id: batch.clone(),
            production_schedule_id: None,
            schedule_name: None,
            recipe_id: "BENCH".into(),
            recipe_code: None,
            recipe_name: None,
            recipe_version: 1,
            status,
            target_kg: 1000.0,
            actual_kg: Some(1000.0),
            shift_id: None,
        };
        use model::wire::{BatchEventKind, BatchStatus};
        rows.batch.push((
            line.into(),
            ev(BatchEventKind::Started, BatchStatus::Running, t),
        ));
        rows.weighing.push((
            line.into(),
            model::wire::Weighing {
                id: uuid::Uuid::now_v7(),
                time: t,
                batch_id: batch.clone(),
                scale_id: "S-MAJOR".into(),
                bin_id: None,
                material_id: "CORN".into(),
                lot: None,
                setpoint_kg: 600.0,
                actual_kg: 650.0,
                deviation_kg: 50.0,
                tolerance_kg: 3.0,
                in_tolerance: false,
                duration_s: 30.0,
                inflight_kg: 1.0,
            },
        ));
        rows.batch.push((
            line.into(),
            ev(BatchEventKind::Ended, BatchStatus::Complete, t),
        ));
        db::ingest::write::write(pool, &rows).await?;
        // Past the settle time, as the loop would find it.
        sqlx::query("update production_batch set updated_at = now() - interval '1 second' where batch_id = $1")
            .bind(&batch)
            .execute(pool)
            .await?;
        let started = Instant::now();
        found += judge.pending(pool).await?.len();
        ms.push(started.elapsed().as_secs_f64() * 1000.0);
    }
    let (p50, _) = spread(ms);
    let bound =
        ingest::spc::SETTLE.as_secs_f64() * 1000.0 + ingest::spc::TICK.as_secs_f64() * 1000.0 + p50;
    println!(
        "    SPC judge of a completed batch on this database: p50 {p50:.1} ms over 3 ({found} violations found); \
         push ≤ settle {} + tick {} + judge = {bound:.0} ms after the batch is stored (goal ≤ 2000 ms)",
        ingest::spc::SETTLE.as_millis(),
        ingest::spc::TICK.as_millis()
    );
    db::spc::delete(pool, set.id, "BATCH", "bench").await?;
    Ok(())
}
