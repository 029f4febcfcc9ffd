//! Writes one batch in one transaction: each kind with a single `insert … select from unnest(…)
//! on conflict do nothing`, the report rollups and the batch table updated from the rows that
//! insert *returned* (so a redelivered sample changes nothing), the progress of the production
//! orders the batches belong to, and the quarantined messages.
//! The report rollups are kept by `rollup`, the batch table by `batch`, the
//! high-rate series (process samples, pressure readings) by `series`.

use model::wire::{self, Kind};
use sqlx::{PgConnection, PgPool};
use uuid::Uuid;

use crate::ingest::batch::batch;
use crate::ingest::rollup::{lock_batches, roll, rollups};
use crate::ingest::rows::Rows;
use crate::ingest::series::{pressure, process};
use crate::ingest::trace;

/// Rows really inserted per kind, quarantined messages, and the orders whose progress or
/// status changed (their board entries are shown after the commit).
#[derive(Debug, Default, Clone)]
pub struct Written {
    pub inserted: Vec<(Kind, u64)>,
    pub quarantined: u64,
    pub orders: Vec<uuid::Uuid>,
    /// Lines whose bins were filled or emptied: their board entries are shown again (a bin
    /// holding a lot not released marks its doses).
    pub refilled: Vec<String>,
    /// Alarm points (line, code) whose occurrences changed: shown again on the alarm board.
    pub alarms: Vec<(String, String)>,
}

impl Written {
    /// Adds what another write stored.
    pub fn absorb(&mut self, other: Written) {
        for (kind, n) in other.inserted {
            match self.inserted.iter_mut().find(|(k, _)| *k == kind) {
                Some((_, m)) => *m += n,
                None => self.inserted.push((kind, n)),
            }
        }
        self.quarantined += other.quarantined;
        self.orders.extend(other.orders);
        self.refilled.extend(other.refilled);
        self.alarms.extend(other.alarms);
    }
}

/// The database error of a `db` call made while writing (the write answers sqlx's errors).
fn sqlx_error(e: crate::DbError) -> sqlx::Error {
    match e {
        crate::DbError::Sqlx(e) => e,
        other => sqlx::Error::Protocol(other.to_string()),
    }
}

pub(crate) fn col<T, U>(rows: &[(String, T)], f: impl Fn(&str, &T) -> U) -> Vec<U> {
    rows.iter().map(|(line, s)| f(line, s)).collect()
}

/// Writes everything of `rows` in one transaction.
pub async fn write(pool: &PgPool, rows: &Rows) -> Result<Written, sqlx::Error> {
    let mut tx = pool.begin().await?;
    lock_batches(&mut tx, rows).await?;
    let mut w = Written::default();
    macro_rules! kind {
        ($field:ident, $kind:ident, $f:ident) => {
            if !rows.$field.is_empty() {
                let n = $f(&mut tx, &rows.$field).await?;
                w.inserted.push((Kind::$kind, n as u64));
            }
        };
    }
    // The doses and bin movements really inserted go on to the bins' lot portions (`trace`).
    let mut doses = Vec::new();
    if !rows.weighing.is_empty() {
        doses = weighing(&mut tx, &rows.weighing).await?;
        w.inserted.push((Kind::Weighing, doses.len() as u64));
    }
    kind!(mixing, Mixing, mixing);
    kind!(process, Process, process);
    kind!(pressure, Pressure, pressure);
    if !rows.alarm.is_empty() {
        let (n, points) = alarm(&mut tx, &rows.alarm).await?;
        w.inserted.push((Kind::Alarm, n as u64));
        w.alarms = points;
    }
    kind!(state, State, state);
    kind!(batch, Batch, batch);
    if !rows.batch.is_empty() {
        roll(&mut tx, &rows.batch).await?;
        // The orders' progress and RUNNING / COMPLETED status, from the batches just stored.
        let mut orders: Vec<String> = rows
            .batch
            .iter()
            .filter_map(|(_, b)| b.production_schedule_id.clone())
            .collect();
        orders.sort();
        orders.dedup();
        w.orders = crate::schedules::refresh_progress(&mut tx, &orders)
            .await
            .map_err(sqlx_error)?;
    }
    let mut moves = Vec::new();
    if !rows.bin.is_empty() {
        moves = bin(&mut tx, &rows.bin).await?;
        w.inserted.push((Kind::Bin, moves.len() as u64));
    }
    w.refilled = trace::apply(&mut tx, rows, &doses, &moves).await?;
    kind!(calibration, Calibration, calibration);
    if !rows.quarantine.is_empty() {
        let q = &rows.quarantine;
        // Once per message however often it is delivered (see the unique index).
        let quarantined = sqlx::query!(
            "insert into ingest_quarantine (subject, stream_sequence, raw, reason)
             select * from unnest($1::text[], $2::int8[], $3::bytea[], $4::text[])
             on conflict (stream_sequence, subject, md5(raw)) where stream_sequence is not null
             do nothing",
            &q.iter().map(|m| m.subject.clone()).collect::<Vec<_>>(),
            &q.iter()
                .map(|m| m.stream_sequence)
                .collect::<Vec<Option<i64>>>() as _,
            &q.iter().map(|m| m.raw.clone()).collect::<Vec<_>>(),
            &q.iter().map(|m| m.reason.clone()).collect::<Vec<_>>(),
        )
        .execute(&mut *tx)
        .await?;
        w.quarantined = quarantined.rows_affected();
    }
    tx.commit().await?;
    Ok(w)
}

/// Stores weighings; answers the ids of those really inserted.
async fn weighing(
    tx: &mut PgConnection,
    r: &[(String, wire::Weighing)],
) -> Result<Vec<Uuid>, sqlx::Error> {
    sqlx::query_scalar(concat!(
        "with ins as (
            insert into weighing (id, time, line_id, batch_id, scale_id, bin_id, material_id, lot, setpoint_kg,
                                  actual_kg, deviation_kg, tolerance_kg, in_tolerance, duration_s, inflight_kg)
            select * from unnest($1::uuid[], $2::timestamptz[], $3::text[], $4::text[], $5::text[], $6::text[],
                                 $7::text[], $8::text[], $9::float8[], $10::float8[], $11::float8[], $12::float8[],
                                 $13::bool[], $14::float8[], $15::float8[])
            on conflict do nothing
            returning id, line_id, batch_id, material_id, scale_id, bin_id, setpoint_kg, actual_kg, deviation_kg,
                      in_tolerance),
         -- Weighings of batches already rolled add themselves.
         w as (
            select ins.line_id, ins.batch_id, b.ended_at, b.recipe_id, coalesce(b.production_schedule_id, '') as schedule_id,
                   b.status, b.ideal_rate_kg_h as rate, ins.material_id, ins.scale_id, coalesce(ins.bin_id, '') as bin_id, ins.setpoint_kg,
                   ins.actual_kg, ins.deviation_kg, ins.in_tolerance
            from ins join production_batch b on b.line_id = ins.line_id and b.batch_id = ins.batch_id
            where b.rolled_at is not null),
         pb as (
            select line_id, ended_at, recipe_id, schedule_id, 0 as batches, 0 as aborted, 0::float8 as target_kg,
                   sum(setpoint_kg) as setpoint_kg, sum(actual_kg) as actual_kg, count(*) as doses,
                   count(*) filter (where not in_tolerance) as out_of_tolerance,
                   -- The batch's first dose out of tolerance makes it an out-of-tolerance batch
                   -- (this statement does not see the rows it inserts).
                   (count(*) filter (where not in_tolerance) > 0 and not exists (
                       select 1 from weighing x
                       where x.line_id = w.line_id and x.batch_id = w.batch_id and not x.in_tolerance))::int
                       as oot_batches,
                   0 as timed_batches, 0::float8 as duration_s,
                   -- A good batch stays good with doses in tolerance; its first dose out of
                   -- tolerance takes back the kilograms it had (decision 112).
                   case when status = 'ABORTED' or exists (
                            select 1 from weighing x
                            where x.line_id = w.line_id and x.batch_id = w.batch_id and not x.in_tolerance) then 0
                        when bool_and(in_tolerance) then sum(actual_kg)
                        else -coalesce((select sum(x.actual_kg) from weighing x
                                        where x.line_id = w.line_id and x.batch_id = w.batch_id), 0)
                   end::float8 as good_kg,
                   coalesce(sum(actual_kg) / rate * 3600, 0)::float8 as ideal_s,
                   case when rate is not null then sum(actual_kg) else 0 end::float8 as rated_kg
            from w group by line_id, batch_id, ended_at, recipe_id, schedule_id, status, rate),",
        rollups!(),
        " select coalesce(array_agg(id), '{}') from ins"
    ))
    .bind(col(r, |_, s| s.id))
    .bind(col(r, |_, s| s.time))
    .bind(col(r, |l, _| l.to_string()))
    .bind(col(r, |_, s| s.batch_id.clone()))
    .bind(col(r, |_, s| s.scale_id.clone()))
    .bind(col(r, |_, s| s.bin_id.clone()))
    .bind(col(r, |_, s| s.material_id.clone()))
    .bind(col(r, |_, s| s.lot.clone()))
    .bind(col(r, |_, s| s.setpoint_kg))
    .bind(col(r, |_, s| s.actual_kg))
    .bind(col(r, |_, s| s.deviation_kg))
    .bind(col(r, |_, s| s.tolerance_kg))
    .bind(col(r, |_, s| s.in_tolerance))
    .bind(col(r, |_, s| s.duration_s))
    .bind(col(r, |_, s| s.inflight_kg))
    .fetch_one(tx)
    .await
}

async fn mixing(tx: &mut PgConnection, r: &[(String, wire::Mixing)]) -> Result<i64, sqlx::Error> {
    sqlx::query(
        "insert into mixing (id, time, line_id, batch_id, mixing_action_id, planned_s, actual_s, energy_kwh, peak_power_kw)
            select * from unnest($1::uuid[], $2::timestamptz[], $3::text[], $4::text[], $5::text[], $6::float8[],
                                 $7::float8[], $8::float8[], $9::float8[]) on conflict do nothing",
    )
    .bind(col(r, |_, s| s.id))
    .bind(col(r, |_, s| s.time))
    .bind(col(r, |l, _| l.to_string()))
    .bind(col(r, |_, s| s.batch_id.clone()))
    .bind(col(r, |_, s| s.mixing_action_id.clone()))
    .bind(col(r, |_, s| s.planned_s))
    .bind(col(r, |_, s| s.actual_s))
    .bind(col(r, |_, s| s.energy_kwh))
    .bind(col(r, |_, s| s.peak_power_kw))
    .execute(tx)
    .await
    .map(|r| r.rows_affected() as i64)
}

/// Stores alarm events and folds those really inserted into occurrences (`alarm_apply`);
/// answers how many were inserted and the points they touched.
async fn alarm(
    tx: &mut PgConnection,
    r: &[(String, wire::Alarm)],
) -> Result<(i64, Vec<(String, String)>), sqlx::Error> {
    let inserted: serde_json::Value = sqlx::query_scalar(
        "with ins as (
            insert into alarm_event (id, time, line_id, batch_id, code, severity, message, state, cleared_at)
            select * from unnest($1::uuid[], $2::timestamptz[], $3::text[], $4::text[], $5::text[], $6::text[],
                                 $7::text[], $8::text[], $9::timestamptz[]) on conflict do nothing
            returning id, time, line_id, batch_id, code, severity, message, state),
         -- A code raised for the first time becomes configurable (sql/20261130000200_alarm_config.sql).
         config as (
            insert into alarm_config (code, severity, texts)
            select distinct on (code) code, severity, jsonb_build_object('en', message) from ins order by code
            on conflict do nothing
            returning 1)
         select coalesce(jsonb_agg(to_jsonb(ins)), '[]') from ins",
    )
    .bind(col(r, |_, s| s.id))
    .bind(col(r, |_, s| s.time))
    .bind(col(r, |l, _| l.to_string()))
    .bind(col(r, |_, s| s.batch_id.clone()))
    .bind(col(r, |_, s| s.code.clone()))
    .bind(col(r, |_, s| s.severity.as_str()))
    .bind(col(r, |_, s| s.message.clone()))
    .bind(col(r, |_, s| s.state.as_str()))
    .bind(col(r, |_, s| s.cleared_at))
    .fetch_one(&mut *tx)
    .await?;
    let n = inserted.as_array().map_or(0, Vec::len) as i64;
    if n == 0 {
        return Ok((0, Vec::new()));
    }
    let points = sqlx::query!(
        r#"select point_line as "line!", point_code as "code!" from alarm_apply($1)"#,
        inserted
    )
    .fetch_all(tx)
    .await?
    .into_iter()
    .map(|p| (p.line, p.code))
    .collect();
    Ok((n, points))
}

/// Stores line states and rolls the stops of their days again (`crate::stops::roll`).
async fn state(tx: &mut PgConnection, r: &[(String, wire::LineState)]) -> Result<i64, sqlx::Error> {
    let (lines, times) = (col(r, |l, _| l.to_string()), col(r, |_, s| s.time));
    let n = sqlx::query(
        "insert into line_state (id, time, line_id, state, stop_reason_id)
            select * from unnest($1::uuid[], $2::timestamptz[], $3::text[], $4::text[], $5::text[]) on conflict do nothing",
    )
    .bind(col(r, |_, s| s.id))
    .bind(&times)
    .bind(&lines)
    .bind(col(r, |_, s| s.state.as_str()))
    .bind(col(r, |_, s| s.stop_reason_id.clone()))
    .execute(&mut *tx)
    .await?
    .rows_affected() as i64;
    crate::stops::roll(tx, &lines, &times)
        .await
        .map_err(sqlx_error)?;
    Ok(n)
}

/// The upsert of bin rollup `$table` by UTC `$unit` from the movements just inserted (`ins`).
macro_rules! bin_rollup {
    ($table:literal, $unit:literal) => {
        concat!(
            "insert into ", $table, " as t
            select line_id, date_trunc('", $unit, "', time, 'UTC'), bin_id, material_id, kind, count(*), sum(delta_kg),
                   min(level_kg), max(level_kg), max(time), (array_agg(id order by time desc, id desc))[1],
                   (array_agg(level_kg order by time desc, id desc))[1]
            from ins group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5
            on conflict (line_id, at, bin_id, material_id, kind) do update set
                movements = t.movements + excluded.movements, delta_kg = t.delta_kg + excluded.delta_kg,
                min_level_kg = least(t.min_level_kg, excluded.min_level_kg),
                max_level_kg = greatest(t.max_level_kg, excluded.max_level_kg),
                last_level_kg = case when (excluded.last_at, excluded.last_id) > (t.last_at, t.last_id)
                                     then excluded.last_level_kg else t.last_level_kg end,
                last_id = case when (excluded.last_at, excluded.last_id) > (t.last_at, t.last_id)
                               then excluded.last_id else t.last_id end,
                last_at = greatest(t.last_at, excluded.last_at)
            returning 1"
        )
    };
}

/// Stores bin movements; answers the ids of those really inserted.
async fn bin(
    tx: &mut PgConnection,
    r: &[(String, wire::BinMovement)],
) -> Result<Vec<Uuid>, sqlx::Error> {
    sqlx::query_scalar(concat!(
        "with ins as (
            insert into bin_movement (id, time, line_id, bin_id, material_id, lot, delta_kg, level_kg, kind)
            select * from unnest($1::uuid[], $2::timestamptz[], $3::text[], $4::text[], $5::text[], $6::text[],
                                 $7::float8[], $8::float8[], $9::text[]) on conflict do nothing
            returning id, time, line_id, bin_id, material_id, kind, delta_kg, level_kg),
         day as (", bin_rollup!("report_bin_day", "day"), "),
         month as (", bin_rollup!("report_bin_month", "month"), ")
         select coalesce(array_agg(id), '{}') from ins",
    ))
    .bind(col(r, |_, s| s.id))
    .bind(col(r, |_, s| s.time))
    .bind(col(r, |l, _| l.to_string()))
    .bind(col(r, |_, s| s.bin_id.clone()))
    .bind(col(r, |_, s| s.material_id.clone()))
    .bind(col(r, |_, s| s.lot.clone()))
    .bind(col(r, |_, s| s.delta_kg))
    .bind(col(r, |_, s| s.level_kg))
    .bind(col(r, |_, s| s.kind.as_str()))
    .fetch_one(tx)
    .await
}

async fn calibration(
    tx: &mut PgConnection,
    r: &[(String, wire::Calibration)],
) -> Result<i64, sqlx::Error> {
    sqlx::query(
        "insert into calibration_check (id, time, line_id, scale_id, test_weight_kg, reading_kg, error_kg, passed, checked_by)
            select * from unnest($1::uuid[], $2::timestamptz[], $3::text[], $4::text[], $5::float8[], $6::float8[],
                                 $7::float8[], $8::bool[], $9::text[]) on conflict do nothing",
    )
    .bind(col(r, |_, s| s.id))
    .bind(col(r, |_, s| s.time))
    .bind(col(r, |l, _| l.to_string()))
    .bind(col(r, |_, s| s.scale_id.clone()))
    .bind(col(r, |_, s| s.test_weight_kg))
    .bind(col(r, |_, s| s.reading_kg))
    .bind(col(r, |_, s| s.error_kg))
    .bind(col(r, |_, s| s.passed))
    .bind(col(r, |_, s| s.by.clone()))
    .execute(tx)
    .await
    .map(|r| r.rows_affected() as i64)
}
