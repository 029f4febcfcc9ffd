-- Each line of $1 now, in the order given: its last state and since when (with the reason
-- reported), the batch it is running, its last ended batch, and the batches it ended in its day
-- [$2, $3) (one bound per line).
select l.line_id as "line_id!", s.state as "state?: LineStateKind", s.time as "since?", s.stop_reason_id as "reason?",
       r.batch_id as "batch_id?", r.recipe_code as "recipe_code?", r.recipe_name as "recipe_name?",
       r.schedule_name as "schedule_name?", r.started_at as "batch_started_at?",
       r.target_kg as "batch_target_kg?", e.ended_at as "last_batch_ended_at?", e.status as "last_batch_status?: BatchStatus",
       d.n as "batches_today!"
from unnest($1::text[], $2::timestamptz[], $3::timestamptz[]) with ordinality as l(line_id, f, t, k)
left join lateral (
    select time, state, stop_reason_id from line_state where line_id = l.line_id order by time desc limit 1) s on true
left join lateral (
    select batch_id, recipe_code, recipe_name, schedule_name, started_at, target_kg from production_batch
    where line_id = l.line_id and status = 'RUNNING' order by started_at desc nulls last limit 1) r on true
left join lateral (
    select ended_at, status from production_batch
    where line_id = l.line_id and ended_at is not null order by ended_at desc limit 1) e on true
cross join lateral (
    select count(*) as n from production_batch
    where line_id = l.line_id and ended_at >= l.f and ended_at < l.t) d
order by l.k
