//! Rebuilds the live state from the database at start-up, so a fresh stream process serves a
//! correct snapshot at once: each line's last state, today's batches (running batch, tonnes
//! today), the running batch's weighings, mixing steps and recent process values, and open alarms. Postgres
//! turns the rows back into wire samples (JSON with the wire's field names, decoded by the
//! wire types' own serde), which are folded in time order with the same code as the feed.

use std::collections::HashMap;

use chrono::{DateTime, Utc};
use model::wire::*;
use sqlx::PgPool;
use sqlx::types::Json;

use crate::hub::Hub;
use crate::live::RunningOrder;

/// One message per row of `sql`, which answers `(line_id, sample as JSON)`.
async fn replay<T: Sample + Send + Unpin + 'static>(
    pool: &PgPool,
    sql: &'static str,
    wrap: fn(Envelope<T>) -> Message,
    into: &mut Vec<(DateTime<Utc>, Message)>,
) -> Result<(), sqlx::Error> {
    let rows: Vec<(String, Json<T>)> = sqlx::query_as(sql).fetch_all(pool).await?;
    into.extend(
        rows.into_iter()
            .map(|(line, Json(s))| (s.time(), wrap(Envelope::new(&line, vec![s])))),
    );
    Ok(())
}

const STATES: &str = "select distinct on (line_id) line_id, \
     json_build_object('id', id, 'time', time, 'state', state, 'stopReasonId', stop_reason_id) \
     from line_state where time > now() - interval '7 days' order by line_id, time desc";

/// The last two days' batches as their STARTED and (when ended) ENDED events: folded in time
/// order, those of the line's local day are the ones counted in tonnes today.
const BATCHES: &str = "with b as (select * from production_batch \
       where started_at > now() - interval '1 day' or ended_at >= now() - interval '2 days') \
     select line_id, json_build_object('id', gen_random_uuid(), 'time', started_at, 'event', 'STARTED', \
       'batchId', batch_id, 'productionScheduleId', production_schedule_id, 'scheduleName', schedule_name, \
       'recipeId', recipe_id, 'recipeCode', recipe_code, 'recipeName', recipe_name, 'recipeVersion', recipe_version, \
       'status', 'RUNNING', 'targetKg', target_kg, 'actualKg', null, 'shiftId', shift_id) \
     from b where started_at is not null \
     union all \
     select line_id, json_build_object('id', gen_random_uuid(), 'time', ended_at, 'event', 'ENDED', \
       'batchId', batch_id, 'productionScheduleId', production_schedule_id, 'scheduleName', schedule_name, \
       'recipeId', recipe_id, 'recipeCode', recipe_code, 'recipeName', recipe_name, 'recipeVersion', recipe_version, \
       'status', status, 'targetKg', target_kg, 'actualKg', actual_kg, 'shiftId', shift_id) \
     from b where ended_at is not null";

const WEIGHINGS: &str = "select w.line_id, json_build_object('id', w.id, 'time', w.time, 'batchId', w.batch_id, \
       'scaleId', w.scale_id, 'binId', w.bin_id, 'materialId', w.material_id, 'lot', w.lot, \
       'setpointKg', w.setpoint_kg, 'actualKg', w.actual_kg, 'deviationKg', w.deviation_kg, \
       'toleranceKg', w.tolerance_kg, 'inTolerance', w.in_tolerance, 'durationS', w.duration_s, \
       'inflightKg', w.inflight_kg) \
     from weighing w join production_batch b on b.line_id = w.line_id and b.batch_id = w.batch_id \
     where b.status = 'RUNNING' and b.started_at > now() - interval '1 day' and w.time >= b.started_at";

const MIXING: &str = "select m.line_id, json_build_object('id', m.id, 'time', m.time, 'batchId', m.batch_id, \
       'mixingActionId', m.mixing_action_id, 'plannedS', m.planned_s, 'actualS', m.actual_s, \
       'energyKwh', m.energy_kwh, 'peakPowerKw', m.peak_power_kw) \
     from mixing m join production_batch b on b.line_id = m.line_id and b.batch_id = m.batch_id \
     where b.status = 'RUNNING' and b.started_at > now() - interval '1 day' and m.time >= b.started_at";

const PROCESS: &str = "select p.line_id, json_build_object('id', p.id, 'time', p.time, 'batchId', p.batch_id, \
       'parameterCode', p.parameter_code, 'value', p.value) \
     from process_sample p join production_batch b on b.line_id = p.line_id and b.batch_id = p.batch_id \
     where b.status = 'RUNNING' and b.started_at > now() - interval '1 day' and p.time > now() - interval '1 hour' \
     order by p.time desc limit 50000";

const ALARMS: &str = "select distinct on (line_id, code) line_id, json_build_object('id', id, 'time', time, \
       'batchId', batch_id, 'code', code, 'severity', severity, 'message', message, 'state', state, \
       'clearedAt', cleared_at) \
     from alarm_event where time > now() - interval '7 days' order by line_id, code, time desc";

/// Each configured line's local day starts from yesterday's to the day after tomorrow's, in the
/// line's zone by Postgres' zone rules (as the reports cut days).
pub async fn days(pool: &PgPool) -> Result<HashMap<String, Vec<DateTime<Utc>>>, sqlx::Error> {
    let rows: Vec<(String, Vec<DateTime<Utc>>)> = sqlx::query_as(
        "select id::text, array(
            select (date_trunc('day', now() at time zone timezone) + make_interval(days => d)) at time zone timezone
            from generate_series(-1, 2) d order by d)
         from line where deleted_at is null",
    )
    .fetch_all(pool)
    .await?;
    Ok(rows.into_iter().collect())
}

/// The orders the board has RUNNING, by line, in each line's queue order.
pub async fn orders(pool: &PgPool) -> Result<HashMap<String, Vec<RunningOrder>>, sqlx::Error> {
    let rows: Vec<(String, String, String, String, i32, i32)> = sqlx::query_as(
        "select line_id::text, id::text, order_number, name, batches, batches_done
         from production_schedule where status = 'RUNNING' and deleted_at is null
         order by line_id, sequence, planned_start",
    )
    .fetch_all(pool)
    .await?;
    let mut by_line: HashMap<String, Vec<RunningOrder>> = HashMap::new();
    for (line, id, order_number, name, batches, batches_done) in rows {
        by_line.entry(line).or_default().push(RunningOrder {
            id,
            order_number,
            name,
            batches,
            batches_done,
        });
    }
    Ok(by_line)
}

/// Folds the database's view of today into `hub`; returns the number of samples replayed.
pub async fn rebuild(pool: &PgPool, hub: &Hub) -> Result<usize, sqlx::Error> {
    let mut msgs = Vec::new();
    replay(pool, STATES, Message::State, &mut msgs).await?;
    replay(pool, BATCHES, Message::Batch, &mut msgs).await?;
    replay(pool, WEIGHINGS, Message::Weighing, &mut msgs).await?;
    replay(pool, MIXING, Message::Mixing, &mut msgs).await?;
    replay(pool, PROCESS, Message::Process, &mut msgs).await?;
    replay(pool, ALARMS, Message::Alarm, &mut msgs).await?;
    msgs.sort_by_key(|(t, _)| *t);
    for (_, m) in &msgs {
        hub.apply(m);
    }
    // The day's newest SPC violations, oldest first, so each line keeps its newest.
    let since = chrono::Utc::now() - chrono::Duration::days(1);
    let kept = db::spc::recent(pool, since, crate::live::SPC_KEPT as i64)
        .await
        .map_err(|e| match e {
            db::DbError::Sqlx(e) => e,
            e => sqlx::Error::Protocol(e.to_string()),
        })?;
    for v in kept.into_iter().rev().filter_map(db::spc::Violation::kept) {
        hub.apply_spc(v);
    }
    Ok(msgs.len())
}
