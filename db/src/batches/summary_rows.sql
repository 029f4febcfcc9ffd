-- The rows of one page of the batch summary (`page`: production_batch rows), each with its
-- doses, the report parameters it went past (limits of the line's live report parameters) and
-- the alarms raised while it ran.
select b.line_id, b.batch_id, b.recipe_id, b.recipe_code, b.recipe_name, b.recipe_version, b.production_schedule_id,
       b.schedule_name, b.started_at, b.ended_at, b.status, b.target_kg, coalesce(s.setpoint_kg, 0) as setpoint_kg,
       coalesce(s.actual_kg, 0) as actual_kg, coalesce(s.doses, 0) as doses,
       coalesce(s.oot, 0) as out_of_tolerance, coalesce(x.codes, '{}') as exceeded, coalesce(a.n, 0) as alarms
from page b
left join lateral (
    select sum(w.setpoint_kg) as setpoint_kg, sum(w.actual_kg) as actual_kg, count(*) as doses,
           count(*) filter (where not w.in_tolerance) as oot
    from weighing w where w.line_id = b.line_id and w.batch_id = b.batch_id) s on true
left join lateral (
    select array_agg(p.parameter_code order by p.parameter_code) as codes
    from batch_parameter p
    join report_parameter r on r.line_id::text = p.line_id and r.code = p.parameter_code and r.deleted_at is null
    where p.line_id = b.line_id and p.batch_id = b.batch_id
      and (p.max_value > r.high_limit or p.min_value < r.low_limit)) x on true
left join lateral (
    select count(*) as n from alarm_event a
    where a.line_id = b.line_id and a.time >= b.started_at and a.time <= b.ended_at and a.state = 'RAISED') a on true
order by b.ended_at desc, b.line_id, b.batch_id
