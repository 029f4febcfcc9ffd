-- The alarm performance report over a year of eight lines (issue 34, item 2; decision 114) reads
-- rollups of the occurrences instead of every occurrence:
--  * `alarm_bin`: alarms raised per line and 10-minute period on the clock (periods from the
--    epoch, so :00, :10, … in every zone with whole-hour or half-hour offsets): the rate, the
--    periods over one and over ten, the peak and the floods (the partial index: periods over
--    ten) come from it;
--  * `alarm_point_day`: per line, UTC day and alarm point, the alarms raised, those that came as
--    the third or later of the point within a minute (chattering; the minute may begin the day
--    before) and the bursts (the third ones); the report adds whole days from it and counts the
--    range's partial days at its ends from the occurrences.
-- Both are rolled again whole for the line and UTC day of every RAISED event ingest folds into
-- occurrences (and the next day for a raise in the day's last minute, whose chattering it
-- reaches), from the occurrences: the same answer however often and in whatever order events
-- come. Only raises move them: returns and acknowledgements do not change when an alarm was
-- raised.
create table alarm_bin (
    line_id text not null,
    at timestamptz not null,
    n int not null,
    constraint alarm_bin_pkey primary key (line_id, at)
);
create index alarm_bin_flood on alarm_bin (line_id, at) where n > 10;

create table alarm_point_day (
    line_id text not null,
    day timestamptz not null,
    code text not null,
    -- The greatest severity text of its occurrences that day, as the report read it from them.
    severity text not null,
    alarms int not null,
    chattering int not null,
    bursts int not null,
    constraint alarm_point_day_pkey primary key (line_id, day, code)
);

-- What the report reads of the occurrences themselves, without their rows: the time to
-- acknowledge, and the few standing alarms.
create index alarm_occurrence_ack on alarm_occurrence (line_id, raised_at) include (acked_at);
create index alarm_occurrence_standing on alarm_occurrence (raised_at)
    where returned_at is null or returned_at - raised_at > interval '24 hours';

-- Rolls line `p_line`'s UTC day from `p_day` again from its occurrences. Serialised per line.
create function alarm_roll_day(p_line text, p_day timestamptz) returns void
language plpgsql as $$
begin
    perform pg_advisory_xact_lock(hashtext('alarm_roll'), hashtext(p_line));
    delete from alarm_bin where line_id = p_line and at >= p_day and at < p_day + interval '1 day';
    insert into alarm_bin (line_id, at, n)
    select p_line, date_bin('10 minutes', raised_at, timestamptz 'epoch'), count(*)
    from alarm_occurrence
    where line_id = p_line and raised_at >= p_day and raised_at < p_day + interval '1 day'
    group by 2
    order by 2;
    delete from alarm_point_day where line_id = p_line and day = p_day;
    insert into alarm_point_day (line_id, day, code, severity, alarms, chattering, bursts)
    select p_line, p_day, o.code, max(o.severity), count(*), count(*) filter (where o.in_minute >= 3),
           count(*) filter (where o.in_minute = 3)
    from (
        select code, severity, raised_at,
               count(*) over (partition by code order by raised_at
                              range between interval '60 seconds' preceding and current row) as in_minute
        from alarm_occurrence
        where line_id = p_line and raised_at >= p_day - interval '60 seconds'
          and raised_at < p_day + interval '1 day') o
    where o.raised_at >= p_day
    group by o.code
    order by o.code;
end $$;

-- As before (20261208000100_alarm_handling.sql), then the days of the raises rolled again.
create or replace function alarm_apply(events jsonb) returns table (point_line text, point_code text)
language plpgsql as $$
declare
    e record;
begin
    for e in
        select * from jsonb_to_recordset(events) as x(id uuid, "time" timestamptz, line_id text,
            code text, severity text, message text, batch_id text, state text)
        order by x."time", x.id
    loop
        perform alarm_apply_one(e.id, e."time", e.line_id, e.code, e.severity, e.message,
                                e.batch_id, e.state);
    end loop;
    perform alarm_roll_day(d.line_id, d.day)
    from (
        select distinct x.line_id, date_trunc('day', v.t, 'UTC') as day
        from jsonb_to_recordset(events) as x(line_id text, "time" timestamptz, state text)
        cross join lateral (values (x."time"), (x."time" + interval '60 seconds')) v(t)
        where x.state = 'RAISED'
        order by 1, 2) d;
    return query select distinct x.line_id, x.code
        from jsonb_to_recordset(events) as x(line_id text, code text) order by 1, 2;
end $$;

-- The occurrences stored before this migration.
insert into alarm_bin (line_id, at, n)
select line_id, date_bin('10 minutes', raised_at, timestamptz 'epoch'), count(*)
from alarm_occurrence group by 1, 2;
insert into alarm_point_day (line_id, day, code, severity, alarms, chattering, bursts)
select line_id, date_trunc('day', raised_at, 'UTC'), code, max(severity), count(*),
       count(*) filter (where in_minute >= 3), count(*) filter (where in_minute = 3)
from (
    select line_id, code, severity, raised_at,
           count(*) over (partition by line_id, code order by raised_at
                          range between interval '60 seconds' preceding and current row) as in_minute
    from alarm_occurrence) o
group by 1, 2, 3;
