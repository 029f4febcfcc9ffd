-- Issue 31, item 9: the stop-time report of a year read every state of every line (110,000 for
-- eight lines) to find each stop's end. The stops of each local day and month of the line's zone
-- (`report_zone`), by the reason the line reported and the one given afterwards, kept by ingest
-- and by the reason given, in their transactions: whole days and months are read from here, the
-- rest of a range from the states. A stop is counted here once its end (the line's next state)
-- is known; the one still going is each line's last state, read from the states.
create table report_stop_lday (
    line_id text not null,
    at timestamptz not null,
    -- The reason code the line reported, '' for none.
    reported text not null,
    -- The stop reason (`_id`) given afterwards, '' for none.
    given text not null,
    stops int8 not null,
    duration_s double precision not null,
    constraint report_stop_lday_pkey primary key (line_id, at, reported, given)
);
create table report_stop_lmonth (like report_stop_lday including all);

-- Rolls again the local days of `p_lines`' states at `p_times` (states just stored, a stop just
-- given a reason) and of the state before each (whose end may have moved), then their months,
-- from the states: the same answer however often and in whatever order it runs. Callers
-- serialise it per line (`db::stops::roll` locks the lines first, until the commit), so a roll
-- sees every state stored before it. Answers how many days it rolled.
create function report_stop_roll(p_lines text[], p_times timestamptz[]) returns int
language plpgsql as $$
declare
    d_lines text[];
    d_days timestamptz[];
    d_zones text[];
begin
    select array_agg(line_id), array_agg(day), array_agg(zone) into d_lines, d_days, d_zones
    from (
        select distinct x.line_id, date_trunc('day', x.time, z.zone) as day, z.zone
        from (
            select t.line_id, t.time from unnest(p_lines, p_times) as t(line_id, time)
            union
            select t.line_id, p.time from unnest(p_lines, p_times) as t(line_id, time)
            cross join lateral (
                select s.time from line_state s where s.line_id = t.line_id and s.time < t.time
                order by s.time desc limit 1) p
        ) x
        cross join lateral (
            select coalesce((select r.zone from report_zone r where r.line_id = x.line_id), 'UTC') as zone) z
    ) d;
    if d_lines is null then
        return 0;
    end if;
    delete from report_stop_lday r using unnest(d_lines, d_days) as d(line_id, day)
    where r.line_id = d.line_id and r.at = d.day;
    insert into report_stop_lday (line_id, at, reported, given, stops, duration_s)
    select d.line_id, d.day, coalesce(s.stop_reason_id, ''), coalesce(a.stop_reason_id::text, ''), count(*),
           sum(extract(epoch from (n.time - s.time)))::float8
    from unnest(d_lines, d_days, d_zones) as d(line_id, day, zone)
    join line_state s on s.line_id = d.line_id and s.time >= d.day
         and s.time < ((d.day at time zone d.zone) + interval '1 day') at time zone d.zone
    cross join lateral (
        select n.time from line_state n where n.line_id = s.line_id and n.time > s.time
        order by n.time limit 1) n
    left join stop_assignment a on a.line_id = s.line_id and a.started_at = s.time
    where s.state in ('STOPPED', 'FAULT')
    group by 1, 2, 3, 4;
    delete from report_stop_lmonth r
    using (select distinct line_id, date_trunc('month', day, zone) as month
           from unnest(d_lines, d_days, d_zones) as d(line_id, day, zone)) m
    where r.line_id = m.line_id and r.at = m.month;
    insert into report_stop_lmonth (line_id, at, reported, given, stops, duration_s)
    select m.line_id, m.month, r.reported, r.given, sum(r.stops), sum(r.duration_s)
    from (select distinct line_id, date_trunc('month', day, zone) as month, zone
          from unnest(d_lines, d_days, d_zones) as d(line_id, day, zone)) m
    join report_stop_lday r on r.line_id = m.line_id and r.at >= m.month
         and r.at < ((m.month at time zone m.zone) + interval '1 month') at time zone m.zone
    group by 1, 2, 3, 4;
    return cardinality(d_lines);
end $$;

-- The stops stored so far, rolled in one pass.
insert into report_stop_lday (line_id, at, reported, given, stops, duration_s)
select s.line_id, date_trunc('day', s.time, coalesce(z.zone, 'UTC')), coalesce(s.stop_reason_id, ''),
       coalesce(a.stop_reason_id::text, ''), count(*), sum(extract(epoch from (s.next - s.time)))::float8
from (select line_id, time, state, stop_reason_id,
             (select min(n.time) from line_state n where n.line_id = l.line_id and n.time > l.time) as next
      from line_state l) s
left join report_zone z on z.line_id = s.line_id
left join stop_assignment a on a.line_id = s.line_id and a.started_at = s.time
where s.state in ('STOPPED', 'FAULT') and s.next is not null
group by 1, 2, 3, 4;

insert into report_stop_lmonth (line_id, at, reported, given, stops, duration_s)
select r.line_id, date_trunc('month', r.at, coalesce(z.zone, 'UTC')), r.reported, r.given, sum(r.stops),
       sum(r.duration_s)
from report_stop_lday r left join report_zone z on z.line_id = r.line_id
group by 1, 2, 3, 4;

analyze report_stop_lday;
analyze report_stop_lmonth;
