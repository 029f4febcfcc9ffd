-- The day tier of the batch reports: per line, UTC day of batch end, recipe version and order
-- (a year of 8 lines is ~13,000 rows here against ~120,000 hours). Ingest keeps it with
-- report_batch_hour, in the same statement.
create table report_batch_day (
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
    constraint report_batch_day_pkey primary key (line_id, at, recipe_id, schedule_id)
);

insert into report_batch_day
select line_id, date_trunc('day', at, 'UTC'), recipe_id, schedule_id, sum(batches), sum(aborted), sum(target_kg),
       sum(setpoint_kg), sum(actual_kg), sum(doses), sum(out_of_tolerance)
from report_batch_hour group by 1, 2, 3, 4;

-- What the recipe version and order ids of production data name, as their first batch reported
-- it: reports name rows the plant's own records do not know (a recipe of the controller's, an
-- order of another system) without searching the batch table. Ingest adds the ids it meets.
create table report_name (
    kind text not null constraint report_name_kind_check check (kind in ('recipe', 'order')),
    id text not null,
    code text,
    name text,
    version integer,
    constraint report_name_pkey primary key (kind, id)
);

insert into report_name
select distinct on (recipe_id) 'recipe', recipe_id, recipe_code, recipe_name, recipe_version
from production_batch order by recipe_id, started_at nulls last;

insert into report_name
select distinct on (production_schedule_id) 'order', production_schedule_id, null, schedule_name, null
from production_batch where production_schedule_id is not null order by production_schedule_id, started_at nulls last;
