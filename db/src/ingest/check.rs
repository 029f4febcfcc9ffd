//! Whether the derived tables agree with the raw samples: the report rollups hold exactly the
//! weighings and batches of the rolled (ended) batches, the batch summaries exactly their
//! process samples, the bin rollups exactly the movements. The ingest tests and `make chaos`
//! (after killing ingest, NATS and Postgres many times) ask it; any difference is a sample
//! counted twice or not at all.

use sqlx::PgPool;

/// Each check that fails, as `"<rollup query> = <n>, <raw query> = <m>"`; empty when all agree.
pub async fn rollup_mismatches(pool: &PgPool) -> Result<Vec<String>, sqlx::Error> {
    let rolled = "from weighing w join production_batch b using (line_id, batch_id) where b.rolled_at is not null";
    let mut failed = Vec::new();
    for (rollup, raw) in [
        (
            "select coalesce(sum(doses), 0)::int8 from report_material_hour",
            format!("select count(*) {rolled}"),
        ),
        (
            "select coalesce(sum(doses), 0)::int8 from report_material_day",
            format!("select count(*) {rolled}"),
        ),
        (
            "select coalesce(sum(doses), 0)::int8 from report_batch_hour",
            format!("select count(*) {rolled}"),
        ),
        (
            "select coalesce(sum(batches), 0)::int8 from report_batch_hour",
            "select count(*) from production_batch where rolled_at is not null".into(),
        ),
        (
            "select coalesce(sum(batches), 0)::int8 from report_line_hour",
            "select count(*) from production_batch where rolled_at is not null".into(),
        ),
        (
            "select coalesce(sum(doses), 0)::int8 from report_line_hour",
            format!("select count(*) {rolled}"),
        ),
        (
            "select coalesce(sum(batches), 0)::int8 from report_batch_day",
            "select count(*) from production_batch where rolled_at is not null".into(),
        ),
        (
            "select coalesce(sum(doses), 0)::int8 from report_batch_day",
            format!("select count(*) {rolled}"),
        ),
        // Every recipe version and order of the batches is named.
        (
            "select count(*) from report_name",
            "select (select count(distinct recipe_id) from production_batch)
                  + (select count(distinct production_schedule_id) from production_batch)".into(),
        ),
        // The line rollup is the batch rollup summed over recipes and orders, hour by hour.
        (
            "select count(*) from (select line_id, at, sum(batches) as b, sum(actual_kg) as kg
                from report_batch_hour group by 1, 2) h full join report_line_hour l using (line_id, at)
                where h.b is distinct from l.batches or abs(h.kg - l.actual_kg) > 1e-6 or l.actual_kg is null",
            "select 0::int8".into(),
        ),
        (
            "select count(*) from production_batch where ended_at is not null and rolled_at is null",
            "select 0::int8".into(),
        ),
        // Batches with a dose out of tolerance, in every batch rollup.
        (
            "select coalesce(sum(oot_batches), 0)::int8 from report_batch_hour",
            format!("select count(distinct (w.line_id, w.batch_id)) {rolled} and not w.in_tolerance"),
        ),
        (
            "select coalesce(sum(oot_batches), 0)::int8 from report_batch_day",
            format!("select count(distinct (w.line_id, w.batch_id)) {rolled} and not w.in_tolerance"),
        ),
        (
            "select coalesce(sum(oot_batches), 0)::int8 from report_line_hour",
            format!("select count(distinct (w.line_id, w.batch_id)) {rolled} and not w.in_tolerance"),
        ),
        // Batch times: every rolled batch whose start was known when it ended.
        (
            "select count(*) from (select line_id, at, sum(timed_batches) as n, sum(duration_s) as s
                from report_batch_day group by 1, 2) d
             full join (select line_id, date_trunc('day', ended_at, 'UTC') as at, count(*) as n,
                               sum(extract(epoch from ended_at - started_at)) as s
                        from production_batch where rolled_at is not null and started_at is not null
                        group by 1, 2) b using (line_id, at)
             where coalesce(d.n, 0) <> coalesce(b.n, 0) or abs(coalesce(d.s, 0) - coalesce(b.s, 0)) > 1e-6",
            "select 0::int8".into(),
        ),
        // The alarm rollups (decision 114): every occurrence in its 10-minute period, and each
        // point's alarms and chattering per UTC day as counted from the occurrences.
        (
            "select coalesce(sum(n), 0)::int8 from alarm_bin",
            "select count(*) from alarm_occurrence".into(),
        ),
        (
            "select count(*) from (
                select line_id, date_trunc('day', raised_at, 'UTC') as day, code, count(*) as n,
                       count(*) filter (where m >= 3) as c
                from (select line_id, code, raised_at,
                             count(*) over (partition by line_id, code order by raised_at
                                            range between interval '60 seconds' preceding and current row) as m
                      from alarm_occurrence) o group by 1, 2, 3) r
             full join alarm_point_day d using (line_id, day, code)
             where r.n is distinct from d.alarms::int8 or r.c is distinct from d.chattering::int8",
            "select 0::int8".into(),
        ),
        // A day's rate is its periods' (decision 116).
        (
            "select count(*) from (
                select line_id, date_trunc('day', at, 'UTC') as day, count(*) filter (where n > 1) as o,
                       count(*) filter (where n > 10) as t, max(n) as p
                from alarm_bin group by 1, 2) b
             full join alarm_rate_day d using (line_id, day)
             where b.o is distinct from d.over_one::int8 or b.t is distinct from d.over_ten::int8
                or b.p is distinct from d.peak",
            "select 0::int8".into(),
        ),
        // The local-day rollups: every rolled batch and dose in the day of its line's zone.
        (
            "select coalesce(sum(batches), 0)::int8 from report_batch_lday",
            "select count(*) from production_batch where rolled_at is not null".into(),
        ),
        (
            "select coalesce(sum(doses), 0)::int8 from report_material_lday",
            format!("select count(*) {rolled}"),
        ),
        // A local month is its local days.
        (
            "select count(*) from (
                select d.line_id, date_trunc('month', d.at, coalesce(z.zone, 'UTC')) as at, sum(d.batches) as b,
                       sum(d.doses) as n, sum(d.timed_batches) as t
                from report_batch_lday d left join report_zone z using (line_id) group by 1, 2) d
             full join (select line_id, at, sum(batches) as b, sum(doses) as n, sum(timed_batches) as t
                        from report_batch_lmonth group by 1, 2) m using (line_id, at)
             where d.b is distinct from m.b or d.n is distinct from m.n or d.t is distinct from m.t",
            "select 0::int8".into(),
        ),
        (
            "select coalesce(sum(doses), 0)::int8 from report_material_lmonth",
            format!("select count(*) {rolled}"),
        ),
        (
            "select count(*) from (
                select b.line_id, date_trunc('day', b.ended_at, coalesce(z.zone, 'UTC')) as at,
                       count(distinct b.batch_id) as n, count(w.batch_id) as doses,
                       count(distinct b.batch_id) filter (where b.started_at is not null) as timed
                from production_batch b left join report_zone z using (line_id)
                left join weighing w using (line_id, batch_id)
                where b.rolled_at is not null group by 1, 2) r
             full join report_line_lday l using (line_id, at)
             where r.n is distinct from l.batches or r.doses is distinct from l.doses
                or r.timed is distinct from l.timed_batches",
            "select 0::int8".into(),
        ),
        (
            "select count(*) from (select line_id, at, sum(batches) as b, sum(doses) as d
                from report_batch_lday group by 1, 2) h full join report_line_lday l using (line_id, at)
                where h.b is distinct from l.batches or h.d is distinct from l.doses",
            "select 0::int8".into(),
        ),
        // Each batch's process values summed up, exactly once.
        (
            "select count(*) from (
                select line_id, batch_id, parameter_code, count(*) as n, min(value) as lo, max(value) as hi,
                       sum(value) as total
                from process_sample where batch_id is not null and strpos(parameter_code, '.') = 0
                group by 1, 2, 3) r
             full join batch_parameter p using (line_id, batch_id, parameter_code)
             where p.samples is distinct from r.n or p.min_value is distinct from r.lo
                or p.max_value is distinct from r.hi or abs(p.sum_value - r.total) > 1e-6",
            "select 0::int8".into(),
        ),
        (
            "select coalesce(sum(movements), 0)::int8 from report_bin_day",
            "select count(*) from bin_movement".into(),
        ),
        (
            "select coalesce(sum(movements), 0)::int8 from report_bin_month",
            "select count(*) from bin_movement".into(),
        ),
        // Every stop whose end is known, once, in its day and in its month.
        (
            "select coalesce(sum(stops), 0)::int8 from report_stop_lday",
            "select count(*) from line_state s where state in ('STOPPED', 'FAULT')
                and exists (select 1 from line_state n where n.line_id = s.line_id and n.time > s.time)"
                .into(),
        ),
        (
            "select coalesce(sum(stops), 0)::int8 from report_stop_lmonth",
            "select coalesce(sum(stops), 0)::int8 from report_stop_lday".into(),
        ),
        // Each month's last level is the last level of its latest day.
        (
            "select count(*) from report_bin_month m where last_level_kg is distinct from (
                select last_level_kg from report_bin_day d where d.line_id = m.line_id and d.bin_id = m.bin_id
                   and d.material_id = m.material_id and d.kind = m.kind
                   and date_trunc('month', d.at, 'UTC') = m.at order by last_at desc, last_id desc limit 1)",
            "select 0::int8".into(),
        ),
        // Each day's last level is the level of its latest movement.
        (
            "select count(*) from report_bin_day d where last_level_kg is distinct from (
                select level_kg from bin_movement m where m.line_id = d.line_id and m.bin_id = d.bin_id
                   and m.material_id = d.material_id and m.kind = d.kind
                   and date_trunc('day', m.time, 'UTC') = d.at order by time desc, id desc limit 1)",
            "select 0::int8".into(),
        ),
    ] {
        let (got, want) = (count(pool, rollup).await?, count(pool, &raw).await?);
        if got != want {
            failed.push(format!("{rollup} = {got}, {raw} = {want}"));
        }
    }
    let kg: (f64, f64, f64, f64, f64, f64) = sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "select (select coalesce(sum(actual_kg), 0) from report_material_hour),
                (select coalesce(sum(actual_kg), 0) from report_batch_hour),
                (select coalesce(sum(w.actual_kg), 0) {rolled}),
                (select coalesce(sum(actual_kg), 0) from report_material_lday),
                (select coalesce(sum(actual_kg), 0) from report_line_lday),
                (select coalesce(sum(actual_kg), 0) from report_material_lmonth)"
    )))
    .fetch_one(pool)
    .await?;
    let off = |x: f64| (x - kg.2).abs() > 1e-6 * kg.2.abs().max(1.0);
    if off(kg.0) || off(kg.1) || off(kg.3) || off(kg.4) || off(kg.5) {
        failed.push(format!(
            "kg in material, batch rollups and raw weighings: {kg:?}"
        ));
    }
    // Good kilograms (decision 112): the batches not aborted with every dose in tolerance; and the
    // time of every state whose end is known, which is each line's first state to its last.
    let good: (f64, f64, f64, f64, f64, f64, f64) = sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "select (select coalesce(sum(good_kg), 0) from report_batch_hour),
                (select coalesce(sum(good_kg), 0) from report_line_hour),
                (select coalesce(sum(good_kg), 0) from report_line_lday),
                (select coalesce(sum(w.actual_kg), 0) {rolled} and b.status <> 'ABORTED' and not exists (
                    select 1 from weighing x where x.line_id = b.line_id and x.batch_id = b.batch_id
                       and not x.in_tolerance)),
                (select coalesce(sum(seconds), 0) from report_state_hour),
                (select coalesce(sum(seconds), 0) from report_state_lday),
                (select coalesce(sum(extract(epoch from s.last - s.first)), 0)::float8
                 from (select max(time) as last, min(time) as first from line_state group by line_id) s)"
    )))
    .fetch_one(pool)
    .await?;
    let off = |x: f64, want: f64| (x - want).abs() > 1e-6 * want.abs().max(1.0);
    if off(good.0, good.3) || off(good.1, good.3) || off(good.2, good.3) {
        failed.push(format!(
            "good kg in batch, line, local-day rollups and raw weighings: {good:?}"
        ));
    }
    if off(good.4, good.6) || off(good.5, good.6) {
        failed.push(format!(
            "state seconds in hour and local-day rollups and the states: {good:?}"
        ));
    }
    Ok(failed)
}

async fn count(pool: &PgPool, sql: &str) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar(sqlx::AssertSqlSafe(sql.to_string()))
        .fetch_one(pool)
        .await
}

/// Published sample ids against the stored series (`make chaos`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Tally {
    /// Ids published (acknowledged by JetStream), and how many distinct.
    pub published: i64,
    pub distinct: i64,
    /// Rows in the nine series.
    pub stored: i64,
    /// Published ids stored nowhere.
    pub lost: i64,
    /// Ids stored more than once.
    pub doubled: i64,
    /// Ids stored that the publisher never saw acknowledged (in flight when it stopped).
    pub extra: i64,
}

/// Counts `ids` (the publisher's log: one id per line, as `COPY` text) against the series in
/// every table of `timescale::SERIES`, waiting up to `wait` for the missing ones to arrive
/// (redeliveries come after the consumer's ack wait). The series are read as one `union all`
/// of their tables, put together from that list, so the statement is built at run time.
pub async fn tally(
    pool: &PgPool,
    ids: Vec<u8>,
    wait: std::time::Duration,
) -> Result<Tally, sqlx::Error> {
    let mut conn = pool.acquire().await?;
    sqlx::query!("create temp table published (id uuid not null)")
        .execute(&mut *conn)
        .await?;
    let mut copy = conn.copy_in_raw("copy published (id) from stdin").await?;
    copy.send(ids).await?;
    copy.finish().await?;
    let stored = crate::timescale::SERIES
        .iter()
        .map(|t| format!("select id from {t}"))
        .collect::<Vec<_>>()
        .join(" union all ");
    let missing = format!(
        "select count(*) from (select distinct id from published) p
          where not exists (select 1 from ({stored}) s where s.id = p.id)"
    );
    let deadline = std::time::Instant::now() + wait;
    loop {
        let lost: i64 = sqlx::query_scalar(sqlx::AssertSqlSafe(missing.clone()))
            .fetch_one(&mut *conn)
            .await?;
        if lost == 0 || std::time::Instant::now() > deadline {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_secs(2)).await;
    }
    // The temporary table exists only on this connection: no statement on it can be checked
    // against the schema at build time.
    let (published, distinct): (i64, i64) =
        sqlx::query_as("select count(*), count(distinct id) from published")
            .fetch_one(&mut *conn)
            .await?;
    let (stored_n, lost, doubled, extra): (i64, i64, i64, i64) =
        sqlx::query_as(sqlx::AssertSqlSafe(format!(
            "with stored as ({stored}),
                  ids as (select id, count(*) as n from stored group by id)
             select (select count(*) from stored),
                    (select count(*) from (select distinct id from published) p
                      where not exists (select 1 from ids where ids.id = p.id)),
                    (select count(*) from ids where n > 1),
                    (select count(*) from ids where not exists (select 1 from published p where p.id = ids.id))"
        )))
        .fetch_one(&mut *conn)
        .await?;
    sqlx::query("drop table published")
        .execute(&mut *conn)
        .await?;
    Ok(Tally {
        published,
        distinct,
        stored: stored_n,
        lost,
        doubled,
        extra,
    })
}

/// The newest stored process sample's time of line `line`, in seconds since the epoch (how far
/// behind ingest is, for `make chaos`'s recovery times).
pub async fn newest_process_time(pool: &PgPool, line: &str) -> Result<Option<f64>, sqlx::Error> {
    sqlx::query_scalar!(
        "select extract(epoch from max(time))::float8 from process_sample where line_id = $1",
        line
    )
    .fetch_one(pool)
    .await
}
