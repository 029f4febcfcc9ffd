-- Report rollups by the line's own day (issue 31, item 9; decision 104).
--
-- The day rollups so far were UTC days, so a report in a plant's time (every range the screens
-- ask for starts at a local midnight, every "by day" bucket is a local day) never met a whole
-- one outside UTC and read a year as 8,760 hours per line. These keep the same sums by the
-- local day of the line's zone, `at` being the instant that day begins (23 or 25 hours at the
-- summer-time changes):
--   report_line_lday      every recipe and order summed (by day, production by time, shifts' days)
--   report_batch_lday     by recipe version and order (by recipe, by order, a recipe filter)
--   report_material_lday  by recipe, material, scale and bin (consumption by material, category…)
-- and by the local month, for the long ranges (a year is twelve rows per key, not 365):
--   report_batch_lmonth, report_material_lmonth
--
-- `report_zone` says in which zone ingest rolls a line's days and since when every batch of the
-- line was rolled in it: a day that begins at or after `since` is whole in the line's zone. A
-- new line starts at the epoch (every day); a zone change (the trigger below, whatever changes
-- the line) starts at the second local midnight after it, so no batch rolled in the old zone
-- belongs to a day read in the new one (a sample may be at most an hour ahead of the clock).
-- Days before `since` are read by the hour, exactly as before; nothing is rebuilt.

create table report_zone (
    line_id text primary key,
    zone text not null,
    since timestamptz not null
);

create table report_line_lday (like report_line_hour including all);
create table report_batch_lday (like report_batch_day including all);
create table report_material_lday (like report_material_hour including all);
-- A year of a plant's material days is read whole (75,000 rows for eight lines): covering
-- indexes let it be read in index order without a heap page per row (the rows of a day are
-- written batch by batch, every line's interleaved).
create index report_material_lday_cover_idx on report_material_lday (line_id, at)
    include (recipe_id, material_id, scale_id, bin_id, doses, setpoint_kg, actual_kg, deviation_kg, deviation_sq,
             out_of_tolerance);
create index report_material_lday_material_cover_idx on report_material_lday (line_id, material_id, at)
    include (recipe_id, scale_id, bin_id, doses, setpoint_kg, actual_kg, deviation_kg, deviation_sq, out_of_tolerance);
drop index report_material_lday_line_id_material_id_at_idx;
create table report_batch_lmonth (like report_batch_day including all);
create table report_material_lmonth (like report_material_day including all);

create function report_zone_follow() returns trigger
language plpgsql as $$
begin
    if tg_op = 'UPDATE' and new.timezone is not distinct from old.timezone then
        return new;
    end if;
    insert into report_zone as z (line_id, zone, since)
    values (new.id::text, new.timezone,
            -- Batches of this line id rolled before it had a zone were rolled in UTC.
            case when exists (select 1 from report_line_hour h where h.line_id = new.id::text)
                 then date_trunc('day', now() + interval '2 days', new.timezone)
                 else 'epoch'::timestamptz end)
    on conflict (line_id) do update set zone = excluded.zone, since = excluded.since
        where z.zone <> excluded.zone;
    return new;
end $$;

create trigger line_report_zone after insert or update of timezone on line
    for each row execute function report_zone_follow();

insert into report_zone select id::text, timezone, 'epoch' from line;

-- The batches rolled before this migration, from their raw rows (exact in any zone, those with
-- half-hour offsets too); lines without a configured zone in UTC, as ingest rolls them.
create temporary table lday_batch on commit drop as
select b.line_id, date_trunc('day', b.ended_at, coalesce(z.zone, 'UTC')) as at, b.recipe_id,
       coalesce(b.production_schedule_id, '') as schedule_id, 1 as batches, (b.status = 'ABORTED')::int as aborted,
       b.target_kg, coalesce(s.setpoint_kg, 0) as setpoint_kg, coalesce(s.actual_kg, 0) as actual_kg,
       coalesce(s.doses, 0) as doses, coalesce(s.oot, 0) as out_of_tolerance, (coalesce(s.oot, 0) > 0)::int as oot_batches,
       (b.started_at is not null)::int as timed_batches,
       coalesce(extract(epoch from b.ended_at - b.started_at), 0)::float8 as duration_s
from production_batch b
left join report_zone z on z.line_id = b.line_id
left join lateral (
    select sum(w.setpoint_kg) as setpoint_kg, sum(w.actual_kg) as actual_kg, count(*) as doses,
           count(*) filter (where not w.in_tolerance) as oot
    from weighing w where w.line_id = b.line_id and w.batch_id = b.batch_id) s on true
where b.rolled_at is not null;

insert into report_batch_lday
select line_id, at, recipe_id, schedule_id, sum(batches), sum(aborted), sum(target_kg), sum(setpoint_kg),
       sum(actual_kg), sum(doses), sum(out_of_tolerance), sum(oot_batches), sum(timed_batches), sum(duration_s)
from lday_batch group by 1, 2, 3, 4;

insert into report_line_lday
select line_id, at, sum(batches), sum(aborted), sum(target_kg), sum(setpoint_kg), sum(actual_kg), sum(doses),
       sum(out_of_tolerance), sum(oot_batches), sum(timed_batches), sum(duration_s)
from report_batch_lday group by 1, 2;

insert into report_material_lday
select b.line_id, date_trunc('day', b.ended_at, coalesce(z.zone, 'UTC')), b.recipe_id, w.material_id, w.scale_id,
       coalesce(w.bin_id, ''), count(*), sum(w.setpoint_kg), sum(w.actual_kg), sum(w.deviation_kg),
       sum(w.deviation_kg * w.deviation_kg), count(*) filter (where not w.in_tolerance)
from production_batch b
left join report_zone z on z.line_id = b.line_id
join weighing w on w.line_id = b.line_id and w.batch_id = b.batch_id
where b.rolled_at is not null
group by 1, 2, 3, 4, 5, 6;

-- A local month is whole local days.
insert into report_batch_lmonth
select d.line_id, date_trunc('month', d.at, coalesce(z.zone, 'UTC')), d.recipe_id, d.schedule_id, sum(d.batches),
       sum(d.aborted), sum(d.target_kg), sum(d.setpoint_kg), sum(d.actual_kg), sum(d.doses), sum(d.out_of_tolerance),
       sum(d.oot_batches), sum(d.timed_batches), sum(d.duration_s)
from report_batch_lday d left join report_zone z on z.line_id = d.line_id
group by 1, 2, 3, 4;

insert into report_material_lmonth
select d.line_id, date_trunc('month', d.at, coalesce(z.zone, 'UTC')), d.recipe_id, d.material_id, d.scale_id, d.bin_id,
       sum(d.doses), sum(d.setpoint_kg), sum(d.actual_kg), sum(d.deviation_kg), sum(d.deviation_sq),
       sum(d.out_of_tolerance)
from report_material_lday d left join report_zone z on z.line_id = d.line_id
group by 1, 2, 3, 4, 5, 6;

analyze report_line_lday;
analyze report_batch_lday;
analyze report_material_lday;
analyze report_batch_lmonth;
analyze report_material_lmonth;
