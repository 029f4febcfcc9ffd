//! The batch events of a write, and the batch table assembled from them: one row per batch
//! with its recipe, order, times, status and kilograms, the names of the recipe versions and
//! orders it meets (`report_name`), and a late start's batch time (`crate::rollup`).

use model::wire;
use sqlx::PgConnection;

use crate::ingest::rollup::batch_rollups;
use crate::ingest::write::col;

/// Batch events, and the batch table assembled from them (several events of one batch in one
/// write are folded first: an upsert may touch a row only once).
pub(crate) async fn batch(
    tx: &mut PgConnection,
    r: &[(String, wire::BatchEvent)],
) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar(concat!(
        "with ins as (
            insert into batch_event (id, time, line_id, event, batch_id, production_schedule_id, schedule_name, recipe_id,
                                     recipe_code, recipe_name, recipe_version, status, target_kg, actual_kg, shift_id)
            select * from unnest($1::uuid[], $2::timestamptz[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[],
                                 $8::text[], $9::text[], $10::text[], $11::int4[], $12::text[], $13::float8[],
                                 $14::float8[], $15::text[])
            on conflict do nothing returning *),
         folded as (
            select line_id, batch_id,
                   (array_agg(production_schedule_id order by time desc))[1] as production_schedule_id,
                   (array_agg(schedule_name order by time desc))[1] as schedule_name,
                   (array_agg(recipe_id order by time desc))[1] as recipe_id,
                   (array_agg(recipe_code order by time desc))[1] as recipe_code,
                   (array_agg(recipe_name order by time desc))[1] as recipe_name,
                   (array_agg(recipe_version order by time desc))[1] as recipe_version,
                   min(time) filter (where event = 'STARTED') as started_at,
                   max(time) filter (where event = 'ENDED') as ended_at,
                   (array_agg(status order by time desc, event = 'ENDED' desc))[1] as status,
                   (array_agg(target_kg order by time desc))[1] as target_kg,
                   max(actual_kg) filter (where event = 'ENDED') as actual_kg,
                   (array_agg(shift_id order by time desc))[1] as shift_id
            from ins group by line_id, batch_id order by line_id, batch_id),
         up as (
            insert into production_batch as b (line_id, batch_id, production_schedule_id, schedule_name, recipe_id,
                   recipe_code, recipe_name, recipe_version, started_at, ended_at, status, target_kg, actual_kg, shift_id)
            select line_id, batch_id, production_schedule_id, schedule_name, recipe_id, recipe_code, recipe_name,
                   recipe_version, started_at, ended_at, status, target_kg, actual_kg, shift_id from folded
            on conflict (line_id, batch_id) do update set
                started_at = coalesce(b.started_at, excluded.started_at),
                ended_at = coalesce(excluded.ended_at, b.ended_at),
                status = case when excluded.ended_at is not null then excluded.status else b.status end,
                actual_kg = coalesce(excluded.actual_kg, b.actual_kg),
                shift_id = coalesce(b.shift_id, excluded.shift_id),
                updated_at = now()
            returning 1),
         -- A start that arrives after its batch was rolled adds the batch's time (the rollups'
         -- mean batch time); this statement still sees the batch without its start.
         pb as (
            select b.line_id, b.ended_at, b.recipe_id, coalesce(b.production_schedule_id, '') as schedule_id,
                   0 as batches, 0 as aborted, 0::float8 as target_kg, 0::float8 as setpoint_kg,
                   0::float8 as actual_kg, 0 as doses, 0 as out_of_tolerance, 0 as oot_batches,
                   1 as timed_batches, extract(epoch from b.ended_at - f.started_at)::float8 as duration_s,
                   0::float8 as good_kg, 0::float8 as ideal_s, 0::float8 as rated_kg
            from folded f join production_batch b on b.line_id = f.line_id and b.batch_id = f.batch_id
            where b.rolled_at is not null and b.started_at is null and f.started_at is not null),",
        batch_rollups!(),
        ",
         -- The names of recipe versions and orders met for the first time (report_name).
         names as (
            insert into report_name (kind, id, code, name, version)
            select * from (
                select distinct on (recipe_id) 'recipe', recipe_id, recipe_code, recipe_name, recipe_version
                from folded order by recipe_id) r
            union all
            select * from (
                select distinct on (production_schedule_id) 'order', production_schedule_id, null, schedule_name,
                       null::int4
                from folded where production_schedule_id is not null order by production_schedule_id) o
            order by 1, 2
            on conflict do nothing
            returning 1)
         select count(*) from ins"
    ))
    .bind(col(r, |_, s| s.id))
    .bind(col(r, |_, s| s.time))
    .bind(col(r, |l, _| l.to_string()))
    .bind(col(r, |_, s| s.event.as_str()))
    .bind(col(r, |_, s| s.batch_id.clone()))
    .bind(col(r, |_, s| s.production_schedule_id.clone()))
    .bind(col(r, |_, s| s.schedule_name.clone()))
    .bind(col(r, |_, s| s.recipe_id.clone()))
    .bind(col(r, |_, s| s.recipe_code.clone()))
    .bind(col(r, |_, s| s.recipe_name.clone()))
    .bind(col(r, |_, s| s.recipe_version))
    .bind(col(r, |_, s| s.status.as_str()))
    .bind(col(r, |_, s| s.target_kg))
    .bind(col(r, |_, s| s.actual_kg))
    .bind(col(r, |_, s| s.shift_id.clone()))
    .fetch_one(tx)
    .await
}
