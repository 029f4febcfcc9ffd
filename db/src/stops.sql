-- The stops that began in windows ($1 line, $2 from, $3 to, half-open): each STOPPED or FAULT
-- state until the next state of its line; the reason given afterwards (stop_assignment) wins
-- over the reported code. Each window's states are read in the order of the covering
-- (line_id, time) index, so lead() needs no sort; reasons are named per group of stops, not
-- per stop.
with w as (
    select * from unnest($1::text[], $2::timestamptz[], $3::timestamptz[]) as w(line_id, f, t)
), x as (
    select w.line_id, x.time, x.state, x.stop_reason_id,
           -- The last state of a window ends at the line's first state after it, if any.
           coalesce(x.next, (select min(n.time) from line_state n where n.line_id = w.line_id and n.time >= w.t)) as next
    from w cross join lateral (
        select s.time, s.state, s.stop_reason_id, lead(s.time) over (order by s.time) as next
        from line_state s where s.line_id = w.line_id and s.time >= w.f and s.time < w.t
        order by s.time offset 0) x
), a as (
    select x.line_id, x.time as started_at, x.next as ended_at, x.state, coalesce(x.stop_reason_id, '') as reported,
           extract(epoch from (coalesce(x.next, greatest(now(), x.time)) - x.time))::float8 as duration_s,
           coalesce(a.stop_reason_id::text, '') as given, a.assigned_by, a.assigned_at
    from x left join stop_assignment a on a.line_id = x.line_id and a.started_at = x.time
    where x.state in ('STOPPED', 'FAULT')
), g as (
    select line_id, reported, given, count(*) as stops, sum(duration_s) as duration_s from a group by 1, 2, 3
), reasons as (
    select r.id, r.line_id::text as line_id, lower(r.code) as key, r.code, r.name, r.planned, r.stop_time_group_id,
           r.deleted_at
    from stop_reason r
    where r.line_id::text in (select line_id from w)
), named as (
    select g.*, r.id::text as reason_id, r.code as reason_code, r.name as reason_name, r.planned,
           grp.id::text as group_id, grp.code as group_code, grp.name as group_name
    from g
    left join reasons given on given.id::text = g.given
    left join reasons reported on g.given = '' and reported.line_id = g.line_id and reported.key = lower(g.reported)
        and reported.deleted_at is null
    left join reasons r on r.id = coalesce(given.id, reported.id)
    left join stop_time_group grp on grp.id = r.stop_time_group_id
)
-- One page ($4 stops from $5, in time order, in the shape of `Stop`) and the stops of every
-- page by reason in force: by its code, so one reason configured on several lines is one row
-- across them (else the reported code; '' for unqualified).
select (select coalesce(json_agg(json_build_object(
            'lineId', p.line_id, 'startedAt', p.started_at, 'endedAt', p.ended_at, 'durationS', p.duration_s,
            'state', p.state, 'reportedReason', nullif(p.reported, ''), 'reasonId', n.reason_id,
            'reasonCode', n.reason_code, 'reasonName', n.reason_name, 'groupId', n.group_id,
            'groupCode', n.group_code, 'groupName', n.group_name, 'planned', n.planned,
            'qualified', n.reason_id is not null or p.reported <> '', 'assignedBy', p.assigned_by,
            'assignedAt', p.assigned_at) order by p.started_at, p.line_id), '[]')
        from (select * from a order by started_at, line_id limit $4 offset $5) p
        join named n on n.line_id = p.line_id and n.reported = p.reported and n.given = p.given) as "page!",
       (select coalesce(json_agg(k), '[]') from (
            select coalesce(max(coalesce(reason_code, nullif(reported, ''))), '') as key,
                   max(coalesce(reason_code, nullif(reported, ''))) as code,
                   max(reason_name) as name, max(group_name) as "groupName", bool_or(planned) as planned,
                   sum(stops)::int8 as stops, sum(duration_s) as "durationS"
            from named group by lower(coalesce(reason_code, nullif(reported, ''), ''))) k) as "groups!"
