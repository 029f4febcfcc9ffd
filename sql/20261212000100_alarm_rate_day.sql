-- The alarm rate per line and UTC day (issue 34, item 2; decision 116): at a plant's usual rate a
-- 10-minute period rarely holds more than one alarm, so `alarm_bin` holds about as many rows as
-- there are alarms (72,702 for a year of eight lines) and the report's rate read them all. A day
-- keeps what the report adds up of its periods: how many held more than one alarm, how many more
-- than ten, and the most in one. The report reads whole UTC days from here and the periods of
-- the range's partial days at its ends from `alarm_bin`. Rolled with the day's periods by
-- `alarm_roll_day`, so from the occurrences, the same however often.
create table alarm_rate_day (
    line_id text not null,
    day timestamptz not null,
    over_one int not null,
    over_ten int not null,
    peak int not null,
    constraint alarm_rate_day_pkey primary key (line_id, day)
);

-- As before (20261211000100_alarm_rollups.sql), then the day's rate from its periods.
create or replace function alarm_roll_day(p_line text, p_day timestamptz) returns void
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
    delete from alarm_rate_day where line_id = p_line and day = p_day;
    insert into alarm_rate_day (line_id, day, over_one, over_ten, peak)
    select p_line, p_day, count(*) filter (where n > 1), count(*) filter (where n > 10), max(n)
    from alarm_bin
    where line_id = p_line and at >= p_day and at < p_day + interval '1 day'
    having count(*) > 0;
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

-- The days rolled before this migration.
insert into alarm_rate_day (line_id, day, over_one, over_ten, peak)
select line_id, date_trunc('day', at, 'UTC'), count(*) filter (where n > 1),
       count(*) filter (where n > 10), max(n)
from alarm_bin group by 1, 2;
