-- Reports (issue 12). A batch is reported at the moment it ended: its weighings, its kilograms
-- and its count belong to the range holding `ended_at`, whatever the time of each dose, so that
-- every report of one range adds up to the same kilograms (decision 59).
--
-- Report rollups are keyed by the UTC hour (and day) of the batch's end. Ingest "rolls" a batch
-- when it ends: in the transaction that stores its ENDED event it adds the batch's stored
-- weighings and marks it `rolled_at`; a weighing stored after that adds itself. Both hold a
-- transaction lock on (line, batch) first, so neither misses the other's rows.

alter table production_batch add column rolled_at timestamptz;
create index production_batch_line_ended_idx on production_batch (line_id, ended_at) where ended_at is not null;
create index production_batch_recipe_idx on production_batch (recipe_id);
create index production_batch_ended_idx on production_batch (ended_at) where ended_at is not null;

-- Per line, hour of batch end, recipe version and order ('' for none).
create table report_batch_hour (
    line_id text not null,
    at timestamptz not null,
    recipe_id text not null,
    schedule_id text not null,
    batches bigint not null,
    aborted bigint not null,
    target_kg double precision not null,
    setpoint_kg double precision not null,
    actual_kg double precision not null,
    doses bigint not null,
    out_of_tolerance bigint not null,
    constraint report_batch_hour_pkey primary key (line_id, at, recipe_id, schedule_id)
);

-- Per line, hour (day) of batch end, recipe version, material, scale and bin ('' for none).
create table report_material_hour (
    line_id text not null,
    at timestamptz not null,
    recipe_id text not null,
    material_id text not null,
    scale_id text not null,
    bin_id text not null,
    doses bigint not null,
    setpoint_kg double precision not null,
    actual_kg double precision not null,
    deviation_kg double precision not null,
    deviation_sq double precision not null,
    out_of_tolerance bigint not null,
    constraint report_material_hour_pkey primary key (line_id, at, recipe_id, material_id, scale_id, bin_id)
);
create table report_material_day (like report_material_hour including all);

-- A reason given to a stop after the fact (the line stopped without one, or with the wrong
-- one): the stop is the line_state row of that line and time.
create table stop_assignment (
    line_id text not null,
    started_at timestamptz not null,
    stop_reason_id uuid not null constraint stop_assignment_reason_fkey references stop_reason (id),
    assigned_at timestamptz not null default now(),
    assigned_by text not null,
    constraint stop_assignment_pkey primary key (line_id, started_at)
);

-- The rollups by weighing time that nothing read are replaced by the ones above.
drop table rollup_material_hour;
drop table rollup_recipe_hour;
drop table rollup_shift_hour;

-- Batches that ended before this migration.
with r as (
    update production_batch set rolled_at = now() where ended_at is not null
    returning line_id, batch_id, ended_at, recipe_id, coalesce(production_schedule_id, '') as schedule_id, status,
              target_kg),
w as (
    select r.line_id, r.ended_at, r.recipe_id, w.material_id, w.scale_id, coalesce(w.bin_id, '') as bin_id,
           w.setpoint_kg, w.actual_kg, w.deviation_kg, w.in_tolerance
    from r join weighing w on w.line_id = r.line_id and w.batch_id = r.batch_id),
mh as (
    insert into report_material_hour
    select line_id, date_trunc('hour', ended_at, 'UTC'), recipe_id, material_id, scale_id, bin_id, count(*),
           sum(setpoint_kg), sum(actual_kg), sum(deviation_kg), sum(deviation_kg * deviation_kg),
           count(*) filter (where not in_tolerance)
    from w group by 1, 2, 3, 4, 5, 6 returning 1),
md as (
    insert into report_material_day
    select line_id, date_trunc('day', ended_at, 'UTC'), recipe_id, material_id, scale_id, bin_id, count(*),
           sum(setpoint_kg), sum(actual_kg), sum(deviation_kg), sum(deviation_kg * deviation_kg),
           count(*) filter (where not in_tolerance)
    from w group by 1, 2, 3, 4, 5, 6 returning 1)
insert into report_batch_hour
select r.line_id, date_trunc('hour', r.ended_at, 'UTC'), r.recipe_id, r.schedule_id, count(*),
       count(*) filter (where r.status = 'ABORTED'), sum(r.target_kg), coalesce(sum(s.setpoint_kg), 0),
       coalesce(sum(s.actual_kg), 0), coalesce(sum(s.doses), 0), coalesce(sum(s.oot), 0)
from r left join lateral (
    select sum(w.setpoint_kg) as setpoint_kg, sum(w.actual_kg) as actual_kg, count(*) as doses,
           count(*) filter (where not w.in_tolerance) as oot
    from weighing w where w.line_id = r.line_id and w.batch_id = r.batch_id) s on true
group by 1, 2, 3, 4;
