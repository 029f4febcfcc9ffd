-- Issue 12: the bin history over long ranges reads a bin's movements per UTC day from this
-- rollup (kept by ingest in the transaction of the raw rows, from the rows it inserted) and the
-- raw movements of the partial days at the edges of its range. The last level of a day is the
-- level of its latest movement (time, then id).
create table report_bin_day (
    line_id text not null,
    at timestamptz not null,
    bin_id text not null,
    material_id text not null,
    kind text not null,
    movements int8 not null,
    delta_kg double precision not null,
    min_level_kg double precision not null,
    max_level_kg double precision not null,
    last_at timestamptz not null,
    last_id uuid not null,
    last_level_kg double precision not null,
    constraint report_bin_day_pkey primary key (line_id, at, bin_id, material_id, kind)
);

insert into report_bin_day
select line_id, date_trunc('day', time, 'UTC'), bin_id, material_id, kind, count(*), sum(delta_kg), min(level_kg),
       max(level_kg), max(time), (array_agg(id order by time desc, id desc))[1],
       (array_agg(level_kg order by time desc, id desc))[1]
from bin_movement
group by 1, 2, 3, 4, 5;

-- The movements list pages newest first over every line's bins.
create index bin_movement_time_idx on bin_movement (time);
