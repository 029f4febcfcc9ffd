-- Batch totals per line and hour of batch end, every recipe and order together: the narrow
-- rollup that reports cut into many short windows (shifts, hours, days) read in one pass per
-- line (decision 64). Ingest keeps it next to report_batch_hour, in the same statement.
create table report_line_hour (
    line_id text not null,
    at timestamptz not null,
    batches bigint not null,
    aborted bigint not null,
    target_kg double precision not null,
    setpoint_kg double precision not null,
    actual_kg double precision not null,
    doses bigint not null,
    out_of_tolerance bigint not null,
    constraint report_line_hour_pkey primary key (line_id, at)
);

insert into report_line_hour
select line_id, at, sum(batches), sum(aborted), sum(target_kg), sum(setpoint_kg), sum(actual_kg), sum(doses),
       sum(out_of_tolerance)
from report_batch_hour group by 1, 2;
