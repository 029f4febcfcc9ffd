-- The stops that began in [$2, $3) on lines $1: each STOPPED or FAULT state until the next state
-- of its line; the reason given afterwards (stop_assignment) wins over the reported code.
with s as (
    select ls.line_id, ls.time as started_at, ls.state, ls.stop_reason_id as reported_reason,
           (select min(n.time) from line_state n where n.line_id = ls.line_id and n.time > ls.time) as ended_at
    from line_state ls
    where ls.line_id = any($1) and ls.time >= $2 and ls.time < $3 and ls.state in ('STOPPED', 'FAULT')
)
select s.line_id, s.started_at, s.ended_at,
       extract(epoch from (coalesce(s.ended_at, greatest(now(), s.started_at)) - s.started_at))::float8 as duration_s,
       s.state, s.reported_reason, r.id::text as reason_id, r.code as reason_code, r.name as reason_name,
       g.id::text as group_id, g.code as group_code, g.name as group_name, r.planned,
       (r.id is not null or s.reported_reason is not null) as qualified, a.assigned_by, a.assigned_at
from s
left join stop_assignment a on a.line_id = s.line_id and a.started_at = s.started_at
left join lateral (
    select r.id, r.code, r.name, r.planned, r.stop_time_group_id from stop_reason r
    where (a.stop_reason_id is not null and r.id = a.stop_reason_id)
       or (a.stop_reason_id is null and r.line_id::text = s.line_id and lower(r.code) = lower(s.reported_reason)
           and r.deleted_at is null)
    limit 1) r on true
left join stop_time_group g on g.id = r.stop_time_group_id
order by s.started_at, s.line_id
