-- Stops: each STOPPED or FAULT state until the next state of its line; the reason given
-- afterwards (stop_assignment) wins over the reported code.
-- The page ($4 stops from $5, in time order) comes from windows $1 line, $2 from, $3 to
-- (half-open): each window's first $4 + $5 stops in the order of the (line_id, time) index, then
-- their ends. The counts and durations by reason come from pieces of those windows: raw pieces
-- ($6 line, $7 from, $8 to) read every state, so lead() finds each stop's end without a sort;
-- whole local days and months ($9 line, $10 tier 'D' or 'M', $11 from, $12 to) read
-- report_stop_lday / report_stop_lmonth, which hold every stop whose end is known — the one still
-- going is its line's last state, added when it began in such a piece. Reasons are named per
-- group of stops, not per stop.
with w as (
    select * from unnest($1::text[], $2::timestamptz[], $3::timestamptz[]) as w(line_id, f, t)
), rp as (
    select * from unnest($6::text[], $7::timestamptz[], $8::timestamptz[]) as p(line_id, f, t)
), tp as (
    select * from unnest($9::text[], $10::text[], $11::timestamptz[], $12::timestamptz[]) as p(line_id, tier, f, t)
), x as (
    select rp.line_id, x.time, x.state, x.stop_reason_id,
           -- The last state of a piece ends at the line's first state after it, if any.
           coalesce(x.next, (select min(n.time) from line_state n where n.line_id = rp.line_id and n.time >= rp.t)) as next
    from rp cross join lateral (
        select s.time, s.state, s.stop_reason_id, lead(s.time) over (order by s.time) as next
        from line_state s where s.line_id = rp.line_id and s.time >= rp.f and s.time < rp.t
        order by s.time offset 0) x
), going as (
    -- Each rolled line's last state, when it is a stop that began in a rolled piece.
    select l.line_id, s.time, null::timestamptz as next, s.stop_reason_id
    from (select distinct line_id from tp) l
    cross join lateral (
        select s.time, s.state, s.stop_reason_id from line_state s where s.line_id = l.line_id
        order by s.time desc limit 1) s
    where s.state in ('STOPPED', 'FAULT')
      and exists (select 1 from tp where tp.line_id = l.line_id and s.time >= tp.f and s.time < tp.t)
), a as (
    select x.line_id, coalesce(x.stop_reason_id, '') as reported,
           extract(epoch from (coalesce(x.next, greatest(now(), x.time)) - x.time))::float8 as duration_s,
           coalesce(a.stop_reason_id::text, '') as given
    from (select line_id, time, next, stop_reason_id from x where state in ('STOPPED', 'FAULT')
          union all
          select * from going) x
    left join stop_assignment a on a.line_id = x.line_id and a.started_at = x.time
), g as (
    select line_id, reported, given, sum(stops)::int8 as stops, sum(duration_s)::float8 as duration_s
    from (
        select line_id, reported, given, count(*) as stops, sum(duration_s) as duration_s from a group by 1, 2, 3
        union all
        select tp.line_id, r.reported, r.given, r.stops, r.duration_s
        from tp join report_stop_lday r on r.line_id = tp.line_id and r.at >= tp.f and r.at < tp.t
        where tp.tier = 'D'
        union all
        select tp.line_id, r.reported, r.given, r.stops, r.duration_s
        from tp join report_stop_lmonth r on r.line_id = tp.line_id and r.at >= tp.f and r.at < tp.t
        where tp.tier = 'M'
    ) u
    group by 1, 2, 3
), p as (
    -- This page's stops, with their ends and reasons.
    select p.line_id, p.time as started_at, n.time as ended_at, p.state, coalesce(p.stop_reason_id, '') as reported,
           extract(epoch from (coalesce(n.time, greatest(now(), p.time)) - p.time))::float8 as duration_s,
           coalesce(a.stop_reason_id::text, '') as given, a.assigned_by, a.assigned_at
    from (
        select w.line_id, s.time, s.state, s.stop_reason_id
        from w cross join lateral (
            select s.time, s.state, s.stop_reason_id from line_state s
            where s.line_id = w.line_id and s.time >= w.f and s.time < w.t and s.state in ('STOPPED', 'FAULT')
            order by s.time limit $4::int8 + $5::int8) s
        order by s.time, w.line_id limit $4 offset $5) p
    left join lateral (
        select min(n.time) as time from line_state n where n.line_id = p.line_id and n.time > p.time) n on true
    left join stop_assignment a on a.line_id = p.line_id and a.started_at = p.time
), keys as (
    select line_id, reported, given from g union select line_id, reported, given from p
), reasons as (
    select r.id, r.line_id::text as line_id, lower(r.code) as key, r.code, r.name, r.planned, r.stop_time_group_id,
           r.deleted_at
    from stop_reason r
    where r.line_id::text in (select line_id from keys)
), named as (
    select k.*, r.id::text as reason_id, r.code as reason_code, r.name as reason_name, r.planned,
           grp.id::text as group_id, grp.code as group_code, grp.name as group_name
    from keys k
    left join reasons given on given.id::text = k.given
    left join reasons reported on k.given = '' and reported.line_id = k.line_id and reported.key = lower(k.reported)
        and reported.deleted_at is null
    left join reasons r on r.id = coalesce(given.id, reported.id)
    left join stop_time_group grp on grp.id = r.stop_time_group_id
)
-- One page in the shape of `Stop`, and the stops of every page by reason in force: by its code,
-- so one reason configured on several lines is one row across them (else the reported code; ''
-- for unqualified).
select (select coalesce(json_agg(json_build_object(
            'lineId', p.line_id, 'startedAt', p.started_at, 'endedAt', p.ended_at, 'durationS', p.duration_s,
            'state', p.state, 'reportedReason', nullif(p.reported, ''), 'reasonId', n.reason_id,
            'reasonCode', n.reason_code, 'reasonName', n.reason_name, 'groupId', n.group_id,
            'groupCode', n.group_code, 'groupName', n.group_name, 'planned', n.planned,
            'qualified', n.reason_id is not null or p.reported <> '', 'assignedBy', p.assigned_by,
            'assignedAt', p.assigned_at) order by p.started_at, p.line_id), '[]')
        from p join named n on n.line_id = p.line_id and n.reported = p.reported and n.given = p.given) as "page!",
       (select coalesce(json_agg(k), '[]') from (
            select coalesce(max(coalesce(n.reason_code, nullif(n.reported, ''))), '') as key,
                   max(coalesce(n.reason_code, nullif(n.reported, ''))) as code,
                   max(n.reason_name) as name, max(n.group_name) as "groupName", bool_or(n.planned) as planned,
                   sum(g.stops)::int8 as stops, sum(g.duration_s) as "durationS"
            from g join named n on n.line_id = g.line_id and n.reported = g.reported and n.given = g.given
            group by lower(coalesce(n.reason_code, nullif(n.reported, ''), ''))) k) as "groups!"
