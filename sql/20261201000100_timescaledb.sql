-- TimescaleDB for real (issue 14, decision 72). The nine production series become hypertables
-- with one-day chunks only where the server can load the extension, that is where it is
-- installed *and* preloaded (`shared_preload_libraries`); everywhere else they stay plain tables.
-- With it, chunks older than seven days are compressed (segmented by line, ordered by time), and
-- an optional retention window drops chunks older than `RETENTION_DAYS`.
--
-- `batchline_timescaledb(retention_days)` does all of it idempotently and says what it found:
--   'hypertables'    the extension is in use; compression and retention are as asked
--   'not preloaded'  installed but not in shared_preload_libraries: plain tables
--   'not installed'  plain tables
-- This migration applies it without retention; `batchline migrate` (and every service at start)
-- calls it again with the configured window, so a server that gained TimescaleDB after the
-- database was created converts its tables then (existing rows are moved into chunks).
-- Every TimescaleDB call is dynamic SQL, so the function compiles on servers without it.

create function batchline_timescaledb_loadable() returns boolean
language sql stable as $$
    select exists (select 1 from pg_available_extensions where name = 'timescaledb')
       and 'timescaledb' = any (string_to_array(replace(current_setting('shared_preload_libraries'), ' ', ''), ','))
$$;

create function batchline_timescaledb(retention_days integer) returns text
language plpgsql as $$
declare
    series constant text[] := array['weighing', 'mixing', 'process_sample', 'pressure_reading', 'alarm_event',
                                    'line_state', 'batch_event', 'bin_movement', 'calibration_check'];
    t text;
begin
    if retention_days is not null and retention_days < 1 then
        raise exception 'retention_days must be at least 1, not %', retention_days;
    end if;
    if not exists (select 1 from pg_available_extensions where name = 'timescaledb') then
        return 'not installed';
    end if;
    if not batchline_timescaledb_loadable() then
        return 'not preloaded';
    end if;
    create extension if not exists timescaledb;
    foreach t in array series loop
        if not exists (select 1 from timescaledb_information.hypertables
                       where hypertable_schema = current_schema() and hypertable_name = t) then
            execute format('select create_hypertable(%L::regclass, %L, chunk_time_interval => interval %L, migrate_data => true)',
                           t, 'time', '1 day');
        end if;
        -- The primary key (id, time) must be covered by the segmenting and ordering columns.
        if not exists (select 1 from timescaledb_information.hypertables
                       where hypertable_schema = current_schema() and hypertable_name = t and compression_enabled) then
            execute format('alter table %I set (timescaledb.compress, timescaledb.compress_segmentby = %L, timescaledb.compress_orderby = %L)',
                           t, 'line_id', 'time desc, id');
        end if;
        execute format('select add_compression_policy(%L::regclass, interval %L, if_not_exists => true)', t, '7 days');
        execute format('select remove_retention_policy(%L::regclass, if_exists => true)', t);
        if retention_days is not null then
            execute format('select add_retention_policy(%L::regclass, make_interval(days => %s))', t, retention_days);
        end if;
    end loop;
    return 'hypertables';
end;
$$;

select batchline_timescaledb(null);
