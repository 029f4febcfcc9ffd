-- The time of report windows by state class (decision 112): running, idle, stopped for a planned
-- reason, and stopped or in fault otherwise (a stop's reason is the one given afterwards, else
-- the live reason of the line with the code it reported; none is unplanned).
-- Pieces (`db::reports::Pieces`): $1 line, $2 window, $3 tier (R raw states, H UTC hours of
-- report_state_hour, D and M local days and months of report_state_lday), $4 from, $5 to; and
-- runs of many short windows (`Pieces::hours`, `Pieces::days`), read in one pass per run with a
-- binary search like `reports/hours.sql`: $6 line, $7 lo, $8 hi into $9 the hours' bounds; $10,
-- $11, $12 into $13 the local days' bounds. Rows: 'P' per piece window, 'H' and 'D' per slot of
-- those runs; and 'L' per line asked, its last state (still going: counted by the rollups only
-- once it ends) with `since` its start.
with p as (
    select * from unnest($1::text[], $2::int4[], $3::text[], $4::timestamptz[], $5::timestamptz[])
        as p(line_id, k, tier, f, t)
),
hl as materialized (
    select l.line_id, l.lo, ($9::timestamptz[])[l.lo:l.hi] as th
    from unnest($6::text[], $7::int4[], $8::int4[]) as l(line_id, lo, hi)
),
dl as materialized (
    select l.line_id, l.lo, ($13::timestamptz[])[l.lo:l.hi] as th
    from unnest($10::text[], $11::int4[], $12::int4[]) as l(line_id, lo, hi)
),
u as (
    -- Raw pieces: the state in force at the piece's start and each change in it, up to now.
    select 'P' as src, p.k as i, p.line_id, x.state, x.reported, x.given,
           greatest(extract(epoch from (least(coalesce(x.next, p.t), p.t, now()) - greatest(x.time, p.f))), 0)::float8
               as seconds
    from (select * from p where tier = 'R') p
    cross join lateral (
        select s.time, s.state, coalesce(s.stop_reason_id, '') as reported, coalesce(a.stop_reason_id::text, '') as given,
               coalesce(lead(s.time) over (order by s.time),
                        (select min(n.time) from line_state n where n.line_id = p.line_id and n.time >= p.t)) as next
        from (
            (select time, state, stop_reason_id from line_state
             where line_id = p.line_id and time < p.f order by time desc limit 1)
            union all
            (select time, state, stop_reason_id from line_state where line_id = p.line_id and time >= p.f and time < p.t)
        ) s
        left join stop_assignment a on a.line_id = p.line_id and a.started_at = s.time) x
    union all
    select 'P', p.k, p.line_id, r.state, r.reported, r.given, r.seconds
    from (select * from p where tier <> 'R') p
    cross join lateral (
        select r.state, r.reported, r.given, r.seconds from report_state_hour r
        where p.tier = 'H' and r.line_id = p.line_id and r.at >= p.f and r.at < p.t
        union all
        select r.state, r.reported, r.given, r.seconds from report_state_lday r
        where p.tier in ('D', 'M') and r.line_id = p.line_id and r.at >= p.f and r.at < p.t
        offset 0) r
    union all
    select 'H', l.lo + width_bucket(r.at, l.th) - 1, l.line_id, r.state, r.reported, r.given, r.seconds
    from hl l cross join lateral (
        select r.at, r.state, r.reported, r.given, r.seconds from report_state_hour r
        where r.line_id = l.line_id and r.at >= l.th[1] and r.at < l.th[cardinality(l.th)] offset 0) r
    union all
    select 'D', l.lo + width_bucket(r.at, l.th) - 1, l.line_id, r.state, r.reported, r.given, r.seconds
    from dl l cross join lateral (
        select r.at, r.state, r.reported, r.given, r.seconds from report_state_lday r
        where r.line_id = l.line_id and r.at >= l.th[1] and r.at < l.th[cardinality(l.th)] offset 0) r
),
lines as (
    select distinct line_id from p union select line_id from hl union select line_id from dl
),
last as (
    select 'L' as src, 0 as i, l.line_id, s.state, coalesce(s.stop_reason_id, '') as reported,
           coalesce(a.stop_reason_id::text, '') as given, 0::float8 as seconds, s.time as since
    from lines l
    cross join lateral (
        select s.time, s.state, s.stop_reason_id from line_state s where s.line_id = l.line_id
        order by s.time desc limit 1) s
    left join stop_assignment a on a.line_id = l.line_id and a.started_at = s.time
),
c as (
    select u.*, null::timestamptz as since from u
    union all
    select * from last
),
planned_given as (
    select id::text as given from stop_reason where planned
),
planned_code as (
    select line_id::text as line_id, lower(code) as code from stop_reason where planned and deleted_at is null
)
select src as "src!", i as "i!", line_id as "line_id!", max(since) as since,
       coalesce(sum(seconds) filter (where state = 'RUNNING'), 0)::float8 as "running_s!",
       coalesce(sum(seconds) filter (where state = 'IDLE'), 0)::float8 as "idle_s!",
       coalesce(sum(seconds) filter (where state in ('STOPPED', 'FAULT') and (
           (given <> '' and given in (select given from planned_given))
           or (given = '' and (line_id, lower(reported)) in (select line_id, code from planned_code)))), 0)::float8
           as "planned_s!",
       coalesce(sum(seconds) filter (where state in ('STOPPED', 'FAULT') and not (
           (given <> '' and given in (select given from planned_given))
           or (given = '' and (line_id, lower(reported)) in (select line_id, code from planned_code)))), 0)::float8
           as "unplanned_s!",
       -- For 'L': the last state's class.
       max(case when src <> 'L' then null when state = 'RUNNING' then 'RUNNING' when state = 'IDLE' then 'IDLE'
                when (given <> '' and given in (select given from planned_given))
                  or (given = '' and (line_id, lower(reported)) in (select line_id, code from planned_code))
                then 'PLANNED' else 'UNPLANNED' end) as class
from c
group by src, i, line_id
