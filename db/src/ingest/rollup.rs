//! Report rollups count a batch at its end (decision 59): the transaction storing a batch's
//! ENDED event "rolls" it (adds its stored weighings, marks it `rolled_at`); a weighing stored
//! later adds itself to its rolled batch (`write`). Both first lock (line, batch) for the
//! transaction, in one sorted statement, so each sees the other's committed rows and neither is
//! counted twice.

use model::wire;
use sqlx::PgConnection;

use crate::ingest::rows::Rows;

/// The upsert of one material rollup `$table` from `w`, by `$unit` of the batch's end in UTC, or
/// `"local day"` / `"local month"`: the day or month of the line's zone (`report_zone`; UTC for
/// a line without one).
macro_rules! material_rollup {
    ($table:literal, $unit:tt) => {
        concat!(
            "insert into ", $table, " as t
            select line_id, ", $crate::ingest::rollup::bucket!($unit), ", recipe_id, material_id, scale_id, bin_id,
                   count(*), sum(setpoint_kg), sum(actual_kg), sum(deviation_kg), sum(deviation_kg * deviation_kg),
                   count(*) filter (where not in_tolerance)
            from w", $crate::ingest::rollup::zone_join!($unit), " group by 1, 2, 3, 4, 5, 6 order by 1, 2, 3, 4, 5, 6
            on conflict (line_id, at, recipe_id, material_id, scale_id, bin_id) do update set
                doses = t.doses + excluded.doses, setpoint_kg = t.setpoint_kg + excluded.setpoint_kg,
                actual_kg = t.actual_kg + excluded.actual_kg, deviation_kg = t.deviation_kg + excluded.deviation_kg,
                deviation_sq = t.deviation_sq + excluded.deviation_sq,
                out_of_tolerance = t.out_of_tolerance + excluded.out_of_tolerance
            returning 1"
        )
    };
}
pub(crate) use material_rollup;

/// The bucket of a batch's end for a rollup by `$unit` (see [`material_rollup`]). The rollup
/// macros pass `$unit` on as a token tree: a `literal` fragment passed on is opaque and would
/// never match `"local day"` here.
macro_rules! bucket {
    ("local day") => {
        "date_trunc('day', ended_at, coalesce(z.zone, 'UTC'))"
    };
    ("local month") => {
        "date_trunc('month', ended_at, coalesce(z.zone, 'UTC'))"
    };
    ($unit:literal) => {
        concat!("date_trunc('", $unit, "', ended_at, 'UTC')")
    };
}

/// What a rollup by `$unit` joins to its rows: the line's zone for local days.
macro_rules! zone_join {
    ("local day") => {
        " left join report_zone z using (line_id)"
    };
    ("local month") => {
        " left join report_zone z using (line_id)"
    };
    ($unit:literal) => {
        ""
    };
}
pub(crate) use {bucket, zone_join};

/// The upsert of one batch rollup `$table` from `pb`, by `$unit` of the batch's end (as
/// [`material_rollup`]), keyed by the line, the `$unit` and `$keys` (with their trailing comma).
macro_rules! batch_rollup {
    ($table:literal, $unit:tt, $keys:literal, $group:literal) => {
        concat!(
            "insert into ", $table, " as t
            select line_id, ", $crate::ingest::rollup::bucket!($unit), ", ", $keys, " sum(batches), sum(aborted),
                   sum(target_kg), sum(setpoint_kg), sum(actual_kg), sum(doses), sum(out_of_tolerance),
                   sum(oot_batches), sum(timed_batches), sum(duration_s), sum(good_kg), sum(ideal_s), sum(rated_kg)
            from pb", $crate::ingest::rollup::zone_join!($unit), " group by ", $group, " order by ", $group, "
            on conflict on constraint ", $table, "_pkey do update set
                batches = t.batches + excluded.batches, aborted = t.aborted + excluded.aborted,
                target_kg = t.target_kg + excluded.target_kg, setpoint_kg = t.setpoint_kg + excluded.setpoint_kg,
                actual_kg = t.actual_kg + excluded.actual_kg, doses = t.doses + excluded.doses,
                out_of_tolerance = t.out_of_tolerance + excluded.out_of_tolerance,
                oot_batches = t.oot_batches + excluded.oot_batches,
                timed_batches = t.timed_batches + excluded.timed_batches, duration_s = t.duration_s + excluded.duration_s,
                good_kg = t.good_kg + excluded.good_kg, ideal_s = t.ideal_s + excluded.ideal_s,
                rated_kg = t.rated_kg + excluded.rated_kg
            returning 1"
        )
    };
}
pub(crate) use batch_rollup;

/// The report rollups of `w` (one row per weighing: line_id, ended_at, recipe_id, material_id,
/// scale_id, bin_id, setpoint_kg, actual_kg, deviation_kg, in_tolerance) and `pb` (one row per
/// batch: line_id, ended_at, recipe_id, schedule_id, batches, aborted, target_kg, setpoint_kg,
/// actual_kg, doses, out_of_tolerance, oot_batches, timed_batches, duration_s, good_kg, ideal_s,
/// rated_kg), as CTEs `mh`,
/// `md`, `ml`, `mm`, `bh`, `bd`, `bl`, `bm`, `lh` and `ll` (`*l`: by the line's local day, `*m`
/// by its local month). Rows are upserted in key order, so concurrent writers cannot deadlock on them.
macro_rules! rollups {
    () => {
        concat!(
            "mh as (",
            $crate::ingest::rollup::material_rollup!("report_material_hour", "hour"),
            "),
         md as (",
            $crate::ingest::rollup::material_rollup!("report_material_day", "day"),
            "),
         ml as (",
            $crate::ingest::rollup::material_rollup!("report_material_lday", "local day"),
            "),
         mm as (",
            $crate::ingest::rollup::material_rollup!("report_material_lmonth", "local month"),
            "),",
            $crate::ingest::rollup::batch_rollups!()
        )
    };
}

/// The batch rollups of `pb` alone (see [`rollups`]), as CTEs `bh`, `bd`, `bl`, `bm`, `lh` and
/// `ll`.
macro_rules! batch_rollups {
    () => {
        concat!(
            "bh as (",
            $crate::ingest::rollup::batch_rollup!(
                "report_batch_hour",
                "hour",
                "recipe_id, schedule_id,",
                "1, 2, 3, 4"
            ),
            "),
         bd as (",
            $crate::ingest::rollup::batch_rollup!(
                "report_batch_day",
                "day",
                "recipe_id, schedule_id,",
                "1, 2, 3, 4"
            ),
            "),
         bl as (",
            $crate::ingest::rollup::batch_rollup!(
                "report_batch_lday",
                "local day",
                "recipe_id, schedule_id,",
                "1, 2, 3, 4"
            ),
            "),
         bm as (",
            $crate::ingest::rollup::batch_rollup!(
                "report_batch_lmonth",
                "local month",
                "recipe_id, schedule_id,",
                "1, 2, 3, 4"
            ),
            "),
         lh as (",
            $crate::ingest::rollup::batch_rollup!("report_line_hour", "hour", "", "1, 2"),
            "),
         ll as (",
            $crate::ingest::rollup::batch_rollup!("report_line_lday", "local day", "", "1, 2"),
            ")"
        )
    };
}
pub(crate) use {batch_rollups, rollups};

/// Locks (line, batch) of every weighing and batch event of `rows` until the transaction ends,
/// in one sorted statement (module docs).
pub(crate) async fn lock_batches(tx: &mut PgConnection, rows: &Rows) -> Result<(), sqlx::Error> {
    let mut keys: Vec<String> = rows
        .weighing
        .iter()
        .map(|(l, w)| format!("{l}/{}", w.batch_id))
        .chain(
            rows.batch
                .iter()
                .map(|(l, b)| format!("{l}/{}", b.batch_id)),
        )
        .collect();
    if keys.is_empty() {
        return Ok(());
    }
    keys.sort();
    keys.dedup();
    sqlx::query(
        "select pg_advisory_xact_lock(k) from (
            select distinct hashtextextended(k, 0) as k from unnest($1::text[]) k order by 1) s",
    )
    .bind(keys)
    .execute(tx)
    .await
    .map(drop)
}

/// Rolls the batches of `events` that have ended and are not rolled yet (module docs).
pub(crate) async fn roll(
    tx: &mut PgConnection,
    events: &[(String, wire::BatchEvent)],
) -> Result<(), sqlx::Error> {
    let (lines, batches): (Vec<String>, Vec<String>) = events
        .iter()
        .filter(|(_, b)| b.event == wire::BatchEventKind::Ended)
        .map(|(l, b)| (l.clone(), b.batch_id.clone()))
        .unzip();
    if lines.is_empty() {
        return Ok(());
    }
    sqlx::query(concat!(
        "with r as (
            -- The batch is rated at the ideal rate in force as it is rolled (decision 112).
            update production_batch b set rolled_at = now(), ideal_rate_kg_h = ideal_rate_kg_h(b.line_id, b.recipe_code)
            from (select distinct * from unnest($1::text[], $2::text[]) as k(line_id, batch_id)) k
            where b.line_id = k.line_id and b.batch_id = k.batch_id and b.ended_at is not null and b.rolled_at is null
            returning b.line_id, b.batch_id, b.started_at, b.ended_at, b.recipe_id,
                      coalesce(b.production_schedule_id, '') as schedule_id, b.status, b.target_kg,
                      b.ideal_rate_kg_h as rate),
         w as (
            select r.line_id, r.batch_id, r.ended_at, r.recipe_id, x.material_id, x.scale_id,
                   coalesce(x.bin_id, '') as bin_id, x.setpoint_kg, x.actual_kg, x.deviation_kg, x.in_tolerance
            from r join weighing x on x.line_id = r.line_id and x.batch_id = r.batch_id),
         pb as (
            select r.line_id, r.ended_at, r.recipe_id, r.schedule_id, 1 as batches,
                   (r.status = 'ABORTED')::int as aborted, r.target_kg, coalesce(s.setpoint_kg, 0) as setpoint_kg,
                   coalesce(s.actual_kg, 0) as actual_kg, coalesce(s.doses, 0) as doses,
                   coalesce(s.out_of_tolerance, 0) as out_of_tolerance,
                   (coalesce(s.out_of_tolerance, 0) > 0)::int as oot_batches,
                   (r.started_at is not null)::int as timed_batches,
                   coalesce(extract(epoch from r.ended_at - r.started_at), 0)::float8 as duration_s,
                   -- Good: not aborted, every dose in tolerance.
                   case when r.status <> 'ABORTED' and coalesce(s.out_of_tolerance, 0) = 0
                        then coalesce(s.actual_kg, 0) else 0 end::float8 as good_kg,
                   coalesce(s.actual_kg / r.rate * 3600, 0)::float8 as ideal_s,
                   case when r.rate is not null then coalesce(s.actual_kg, 0) else 0 end::float8 as rated_kg
            from r left join (
                select line_id, batch_id, sum(setpoint_kg) as setpoint_kg, sum(actual_kg) as actual_kg,
                       count(*) as doses, count(*) filter (where not in_tolerance) as out_of_tolerance
                from w group by 1, 2) s on s.line_id = r.line_id and s.batch_id = r.batch_id),",
        rollups!(),
        " select count(*) from r"
    ))
    .bind(lines)
    .bind(batches)
    .execute(tx)
    .await
    .map(drop)
}
