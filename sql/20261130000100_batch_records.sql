-- Batch records and their paging (issue 13).
--
-- 1. `batch_parameter`: each process value of a batch summed up (samples, min, max, sum, first
--    and last time), kept by ingest from the process samples it really inserted, like the report
--    rollups. The batch record, the exceeded-parameter filter, out-of-spec, downstream, compare
--    and the SPC of a batch parameter read it instead of the raw samples. The dosing curves
--    (`SETPOINT_KG.<m>`, `DOSING_KG.<m>`) are not summed: they belong to a dose, not the batch.
-- 2. On the batch rollups, `oot_batches` (batches with a dose out of tolerance: the batch summary
--    counts its "out of tolerance" pages without reading the batches) and `timed_batches` with
--    their `duration_s` (start to end; the batch statistics' mean batch time).
-- 3. Partial indexes for the rarer filters of the batch summary: aborted batches, and batches
--    whose parameter went past a limit (found through the min/max indexes).

create table batch_parameter (
    line_id text not null,
    batch_id text not null,
    parameter_code text not null,
    samples bigint not null,
    min_value double precision not null,
    max_value double precision not null,
    sum_value double precision not null,
    first_at timestamptz not null,
    last_at timestamptz not null,
    constraint batch_parameter_pkey primary key (line_id, batch_id, parameter_code)
);
create index batch_parameter_max_idx on batch_parameter (line_id, parameter_code, max_value);
create index batch_parameter_min_idx on batch_parameter (line_id, parameter_code, min_value);

insert into batch_parameter
select line_id, batch_id, parameter_code, count(*), min(value), max(value), sum(value), min(time), max(time)
from process_sample
where batch_id is not null and strpos(parameter_code, '.') = 0
group by 1, 2, 3;

alter table report_batch_hour add column oot_batches bigint not null default 0,
    add column timed_batches bigint not null default 0, add column duration_s double precision not null default 0;
alter table report_batch_day add column oot_batches bigint not null default 0,
    add column timed_batches bigint not null default 0, add column duration_s double precision not null default 0;
alter table report_line_hour add column oot_batches bigint not null default 0,
    add column timed_batches bigint not null default 0, add column duration_s double precision not null default 0;

-- Batches rolled before this migration.
with b as (
    select b.line_id, b.ended_at, b.recipe_id, coalesce(b.production_schedule_id, '') as schedule_id,
           exists (select 1 from weighing w
                   where w.line_id = b.line_id and w.batch_id = b.batch_id and not w.in_tolerance)::int as oot,
           (b.started_at is not null)::int as timed,
           coalesce(extract(epoch from b.ended_at - b.started_at), 0) as duration_s
    from production_batch b
    where b.rolled_at is not null),
h as (
    update report_batch_hour t set oot_batches = c.oot, timed_batches = c.timed, duration_s = c.duration_s
    from (select line_id, date_trunc('hour', ended_at, 'UTC') as at, recipe_id, schedule_id, sum(oot) as oot,
                 sum(timed) as timed, sum(duration_s) as duration_s
          from b group by 1, 2, 3, 4) c
    where t.line_id = c.line_id and t.at = c.at and t.recipe_id = c.recipe_id and t.schedule_id = c.schedule_id
    returning 1),
d as (
    update report_batch_day t set oot_batches = c.oot, timed_batches = c.timed, duration_s = c.duration_s
    from (select line_id, date_trunc('day', ended_at, 'UTC') as at, recipe_id, schedule_id, sum(oot) as oot,
                 sum(timed) as timed, sum(duration_s) as duration_s
          from b group by 1, 2, 3, 4) c
    where t.line_id = c.line_id and t.at = c.at and t.recipe_id = c.recipe_id and t.schedule_id = c.schedule_id
    returning 1)
update report_line_hour t set oot_batches = c.oot, timed_batches = c.timed, duration_s = c.duration_s
from (select line_id, date_trunc('hour', ended_at, 'UTC') as at, sum(oot) as oot, sum(timed) as timed,
             sum(duration_s) as duration_s
      from b group by 1, 2) c
where t.line_id = c.line_id and t.at = c.at;

create index production_batch_aborted_idx on production_batch (line_id, ended_at) where status = 'ABORTED';
create index production_batch_batch_idx on production_batch (batch_id);
