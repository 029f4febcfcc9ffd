-- OEE (issue 34, item 3; decision 112): availability × performance × quality per line, shift
-- and day.
--
-- 1. The ideal rate a line makes a recipe at (kg/h): configured per line and recipe code
--    (`ideal_rate`, the configuration pattern's `idealrates`), else the line's mixer capacity over
--    its nominal batch time (`line.nominal_batch_time_s`). A batch is rated when it is rolled (it
--    ended): `production_batch.ideal_rate_kg_h` keeps the rate in force then, so a rate changed
--    later judges the production after it and leaves the past as it was measured.
-- 2. On the batch rollups: `good_kg` (kilograms of batches not aborted with every dose in
--    tolerance; the quality's numerator), `ideal_s` (the time the rated kilograms take at their
--    ideal rate; the performance's numerator) and `rated_kg` (kilograms that had a rate: a group
--    with unrated output has no performance).
-- 3. The time each line spent in each state, by the stop reason reported and the one given
--    afterwards, per UTC hour (`report_state_hour`) and local day of the line's zone
--    (`report_state_lday`): availability over a year of shifts reads these rather than every
--    state. A state's time is counted once its end (the line's next state) is known; the state
--    still going is read from the states. Rolled by ingest with the stops (`report_state_roll`,
--    every local day around the states stored or given a reason, from the states: the same answer
--    however often and in whatever order it runs), and again whole when a line's zone changes.

alter table line add column nominal_batch_time_s double precision;

create table ideal_rate (
    id uuid primary key,
    line_id uuid not null constraint ideal_rate_line_fkey references line (id),
    recipe_code text not null,
    kg_per_hour double precision not null,
    description text,
    created_at timestamptz not null default now(),
    created_by text,
    updated_at timestamptz not null default now(),
    updated_by text,
    deleted_at timestamptz,
    deleted_by text
);
create unique index ideal_rate_recipe_code_key on ideal_rate (line_id, lower(recipe_code)) where deleted_at is null;
create index ideal_rate_line_idx on ideal_rate (line_id) where deleted_at is null;

-- The ideal rate (kg/h) of recipe `p_recipe_code` on line `p_line` (its id as text), null when
-- neither a rate nor the line's mixer capacity and nominal batch time are configured.
create function ideal_rate_kg_h(p_line text, p_recipe_code text) returns double precision
language sql stable as $$
    select coalesce(
        (select r.kg_per_hour from ideal_rate r
         where r.line_id::text = p_line and lower(r.recipe_code) = lower(p_recipe_code) and r.deleted_at is null
           and r.kg_per_hour > 0),
        (select l.mixer_capacity_kg / l.nominal_batch_time_s * 3600 from line l
         where l.id::text = p_line and l.mixer_capacity_kg > 0 and l.nominal_batch_time_s > 0))
$$;

alter table production_batch add column ideal_rate_kg_h double precision;

alter table report_batch_hour add column good_kg double precision not null default 0,
    add column ideal_s double precision not null default 0, add column rated_kg double precision not null default 0;
alter table report_batch_day add column good_kg double precision not null default 0,
    add column ideal_s double precision not null default 0, add column rated_kg double precision not null default 0;
alter table report_batch_lday add column good_kg double precision not null default 0,
    add column ideal_s double precision not null default 0, add column rated_kg double precision not null default 0;
alter table report_batch_lmonth add column good_kg double precision not null default 0,
    add column ideal_s double precision not null default 0, add column rated_kg double precision not null default 0;
alter table report_line_hour add column good_kg double precision not null default 0,
    add column ideal_s double precision not null default 0, add column rated_kg double precision not null default 0;
alter table report_line_lday add column good_kg double precision not null default 0,
    add column ideal_s double precision not null default 0, add column rated_kg double precision not null default 0;

-- The good kilograms of the batches rolled before this migration (none was rated: nothing
-- configured a rate yet).
create temporary table oee_good on commit drop as
select b.line_id, b.ended_at, b.recipe_id, coalesce(b.production_schedule_id, '') as schedule_id,
       coalesce(z.zone, 'UTC') as zone, s.kg as good_kg
from production_batch b
left join report_zone z on z.line_id = b.line_id
cross join lateral (
    select coalesce(sum(w.actual_kg), 0) as kg, bool_and(w.in_tolerance) as ok
    from weighing w where w.line_id = b.line_id and w.batch_id = b.batch_id) s
where b.rolled_at is not null and b.status <> 'ABORTED' and coalesce(s.ok, true) and s.kg <> 0;

update report_batch_hour t set good_kg = c.kg
from (select line_id, date_trunc('hour', ended_at, 'UTC') as at, recipe_id, schedule_id, sum(good_kg) as kg
      from oee_good group by 1, 2, 3, 4) c
where t.line_id = c.line_id and t.at = c.at and t.recipe_id = c.recipe_id and t.schedule_id = c.schedule_id;
update report_batch_day t set good_kg = c.kg
from (select line_id, date_trunc('day', ended_at, 'UTC') as at, recipe_id, schedule_id, sum(good_kg) as kg
      from oee_good group by 1, 2, 3, 4) c
where t.line_id = c.line_id and t.at = c.at and t.recipe_id = c.recipe_id and t.schedule_id = c.schedule_id;
update report_batch_lday t set good_kg = c.kg
from (select line_id, date_trunc('day', ended_at, zone) as at, recipe_id, schedule_id, sum(good_kg) as kg
      from oee_good group by 1, 2, 3, 4) c
where t.line_id = c.line_id and t.at = c.at and t.recipe_id = c.recipe_id and t.schedule_id = c.schedule_id;
update report_batch_lmonth t set good_kg = c.kg
from (select line_id, date_trunc('month', ended_at, zone) as at, recipe_id, schedule_id, sum(good_kg) as kg
      from oee_good group by 1, 2, 3, 4) c
where t.line_id = c.line_id and t.at = c.at and t.recipe_id = c.recipe_id and t.schedule_id = c.schedule_id;
update report_line_hour t set good_kg = c.kg
from (select line_id, date_trunc('hour', ended_at, 'UTC') as at, sum(good_kg) as kg from oee_good group by 1, 2) c
where t.line_id = c.line_id and t.at = c.at;
update report_line_lday t set good_kg = c.kg
from (select line_id, date_trunc('day', ended_at, zone) as at, sum(good_kg) as kg from oee_good group by 1, 2) c
where t.line_id = c.line_id and t.at = c.at;

create table report_state_hour (
    line_id text not null,
    at timestamptz not null,
    state text not null,
    -- The reason code the line reported, '' for none.
    reported text not null,
    -- The stop reason (`_id`) given afterwards, '' for none.
    given text not null,
    seconds double precision not null,
    constraint report_state_hour_pkey primary key (line_id, at, state, reported, given)
);
create table report_state_lday (like report_state_hour including all);

-- The zone a line's local days are rolled in: its own, UTC for a line not configured.
create function report_state_zone(p_line text) returns text
language sql stable as $$
    select coalesce((select l.timezone from line l where l.id::text = p_line), 'UTC')
$$;

-- Each state of line `p_line` within [p_from, p_to) whose end is known, clipped to it: the state in
-- force at p_from and every state after it, each until the next.
create function report_state_spans(p_line text, p_from timestamptz, p_to timestamptz)
returns table (f timestamptz, t timestamptz, state text, reported text, given text)
language sql stable as $$
    select greatest(s.time, p_from), least(s.next, p_to), s.state, s.reported, s.given
    from (
        select x.time, x.state, coalesce(x.stop_reason_id, '') as reported, coalesce(a.stop_reason_id::text, '') as given,
               coalesce(lead(x.time) over (order by x.time),
                        (select min(n.time) from line_state n where n.line_id = p_line and n.time >= p_to)) as next
        from (
            (select time, state, stop_reason_id from line_state
             where line_id = p_line and time < p_from order by time desc limit 1)
            union all
            (select time, state, stop_reason_id from line_state where line_id = p_line and time >= p_from and time < p_to)
        ) x
        left join stop_assignment a on a.line_id = p_line and a.started_at = x.time
    ) s
    where s.next is not null and least(s.next, p_to) > greatest(s.time, p_from)
$$;

-- Rolls line `p_line`'s state times again over the local days [p_from, p_to) of zone `p_zone`
-- (local midnights) and the UTC hours that cover them, from the states.
create function report_state_reroll(p_line text, p_zone text, p_from timestamptz, p_to timestamptz) returns void
language plpgsql as $$
declare
    hf timestamptz := date_trunc('hour', p_from, 'UTC');
    ht timestamptz := date_trunc('hour', p_to - interval '1 microsecond', 'UTC') + interval '1 hour';
begin
    delete from report_state_hour where line_id = p_line and at >= hf and at < ht;
    delete from report_state_lday where line_id = p_line and at >= p_from and at < p_to;
    insert into report_state_hour (line_id, at, state, reported, given, seconds)
    select p_line, h, c.state, c.reported, c.given,
           sum(extract(epoch from (least(c.t, h + interval '1 hour') - greatest(c.f, h))))::float8
    from report_state_spans(p_line, hf, ht) c
    cross join lateral generate_series(date_trunc('hour', c.f, 'UTC'), c.t - interval '1 microsecond', interval '1 hour') h
    group by 2, 3, 4, 5
    order by 2, 3, 4, 5;
    insert into report_state_lday (line_id, at, state, reported, given, seconds)
    select p_line, d.f, c.state, c.reported, c.given, sum(extract(epoch from (least(c.t, d.t) - greatest(c.f, d.f))))::float8
    from report_state_spans(p_line, p_from, p_to) c
    cross join lateral (
        select l at time zone p_zone as f, (l + interval '1 day') at time zone p_zone as t
        from generate_series(date_trunc('day', c.f at time zone p_zone),
                             (c.t - interval '1 microsecond') at time zone p_zone, interval '1 day') l) d
    where least(c.t, d.t) > greatest(c.f, d.f)
    group by 2, 3, 4, 5
    order by 2, 3, 4, 5;
end $$;

-- Rolls again the local days of `p_lines`' states at `p_times` (states just stored, a stop just
-- given a reason), from the state before each (whose end moved) to the state after it. Callers
-- serialise it per line like `report_stop_roll` (`db::stops::roll`). Answers the lines rolled.
create function report_state_roll(p_lines text[], p_times timestamptz[]) returns int
language plpgsql as $$
declare
    r record;
    n int := 0;
begin
    for r in
        select x.line_id, z.zone, date_trunc('day', min(x.lo), z.zone) as day_from,
               ((date_trunc('day', max(x.hi), z.zone) at time zone z.zone) + interval '1 day') at time zone z.zone as day_to
        from (
            select t.line_id,
                   coalesce((select max(s.time) from line_state s where s.line_id = t.line_id and s.time < t.time),
                            t.time) as lo,
                   coalesce((select min(s.time) from line_state s where s.line_id = t.line_id and s.time > t.time),
                            t.time) as hi
            from unnest(p_lines, p_times) as t(line_id, time)
        ) x
        cross join lateral (select report_state_zone(x.line_id) as zone) z
        group by x.line_id, z.zone
        order by x.line_id
    loop
        perform report_state_reroll(r.line_id, r.zone, r.day_from, r.day_to);
        n := n + 1;
    end loop;
    return n;
end $$;

-- Every state of line `p_line` rolled again (its zone changed, or the states stored so far).
create function report_state_roll_line(p_line text) returns void
language plpgsql as $$
declare
    zone text := report_state_zone(p_line);
    first_at timestamptz;
    last_at timestamptz;
begin
    select min(time), max(time) into first_at, last_at from line_state where line_id = p_line;
    delete from report_state_lday where line_id = p_line;
    if first_at is null then
        return;
    end if;
    perform report_state_reroll(p_line, zone, date_trunc('day', first_at, zone),
        ((date_trunc('day', last_at, zone) at time zone zone) + interval '1 day') at time zone zone);
end $$;

create function report_state_zone_follow() returns trigger
language plpgsql as $$
begin
    if tg_op = 'UPDATE' then
        if new.timezone is not distinct from old.timezone then
            return new;
        end if;
    end if;
    perform pg_advisory_xact_lock(hashtextextended('stops/' || new.id::text, 0));
    perform report_state_roll_line(new.id::text);
    return new;
end $$;

create trigger line_state_zone after insert or update of timezone on line
    for each row execute function report_state_zone_follow();

-- The states stored so far.
select report_state_roll_line(line_id) from (select distinct line_id from line_state) l;

analyze report_state_hour;
analyze report_state_lday;
