-- The stops that began in [$2, $3) on lines $1: each STOPPED or FAULT state until the next state
-- of its line; the reason given afterwards (stop_assignment) wins over the reported code.
with x as (
    select line_id, time, state, stop_reason_id, lead(time) over (partition by line_id order by time) as next
    from line_state
    where line_id = any($1) and time >= $2 and time < $3
), s as (
    select x.line_id, x.time as started_at, x.state, x.stop_reason_id as reported_reason,
           -- The last state of the range ends at the line's first state after it, if any.
           coalesce(x.next, (select min(n.time) from line_state n where n.line_id = x.line_id and n.time >= $3)) as ended_at
    from x
    where x.state in ('STOPPED', 'FAULT')
), reasons as (
    select r.id, r.line_id::text as line_id, lower(r.code) as key, r.code, r.name, r.planned, r.stop_time_group_id,
           r.deleted_at
    from stop_reason r
    where r.line_id::text = any($1)
)
select s.line_id, s.started_at, s.ended_at,
       extract(epoch from (coalesce(s.ended_at, greatest(now(), s.started_at)) - s.started_at))::float8 as duration_s,
       s.state, s.reported_reason, r.id::text as reason_id, r.code as reason_code, r.name as reason_name,
       g.id::text as group_id, g.code as group_code, g.name as group_name, r.planned,
       (r.id is not null or s.reported_reason is not null) as qualified, a.assigned_by, a.assigned_at
from s
left join stop_assignment a on a.line_id = s.line_id and a.started_at = s.started_at
left join reasons given on given.id = a.stop_reason_id
left join reasons reported on a.stop_reason_id is null and reported.line_id = s.line_id
    and reported.key = lower(s.reported_reason) and reported.deleted_at is null
cross join lateral (select coalesce(given.id, reported.id) as id) pick
left join reasons r on r.id = pick.id
left join stop_time_group g on g.id = r.stop_time_group_id
order by s.started_at, s.line_id
