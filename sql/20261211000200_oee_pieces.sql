-- OEE per shift over a year of eight lines (issue 34, item 3; decision 115): the sums of each
-- piece of a shift within one local day (a shift occurrence, or its part before or after
-- midnight) are kept once read, so a report reads one row per piece instead of the hours of
-- every shift. A piece is a time range of a line; what it holds is a function of the rollups
-- over that range and of the stop reasons' planned flags, so a piece is forgotten when any of
-- those change over its range:
--  * triggers on the line and state rollups (`report_line_hour`/`_lday`,
--    `report_state_hour`/`_lday`) log the range each statement changed (`oee_forget`) and
--    delete the pieces it meets; a change to the stop reasons logs and deletes every piece;
--  * a piece keeps the snapshot its figures were read in, and is used only while no logged
--    change over its range is invisible to that snapshot: a report that read the rollups before
--    a change committed cannot keep what it read (the trigger's delete alone would miss a piece
--    written between the change and its commit).
-- The report prunes the log after ten minutes, first deleting the pieces an entry makes stale.
create table oee_piece (
    line_id text not null,
    f timestamptz not null,
    t timestamptz not null,
    shift_s double precision not null,
    planned_stop_s double precision not null,
    running_s double precision not null,
    idle_s double precision not null,
    unplanned_stop_s double precision not null,
    batches bigint not null,
    actual_kg double precision not null,
    good_kg double precision not null,
    ideal_s double precision not null,
    rated_kg double precision not null,
    -- `pg_current_snapshot()` before its figures were read.
    snap text not null,
    created_at timestamptz not null default now(),
    constraint oee_piece_pkey primary key (line_id, f, t)
);
-- A change meets the pieces ending after its start: the recent ones.
create index oee_piece_line_to on oee_piece (line_id, t);

create table oee_forget (
    id bigint generated always as identity primary key,
    -- Null: every line.
    line_id text,
    f timestamptz not null,
    t timestamptz not null,
    xid xid8 not null default pg_current_xact_id(),
    at timestamptz not null default now()
);
create index oee_forget_line_from on oee_forget (line_id, f);
create index oee_forget_at on oee_forget (at);

-- A rollup row at `at` covers at most the 25 hours from it (an hour, or a local day).
create function oee_forget_rows() returns trigger
language plpgsql as $$
begin
    insert into oee_forget (line_id, f, t)
    select line_id, min(at), max(at) + interval '25 hours' from changed group by line_id order by line_id;
    delete from oee_piece p
    using (select line_id, min(at) as f, max(at) + interval '25 hours' as t from changed group by line_id) c
    where p.line_id = c.line_id and p.t > c.f and p.f < c.t;
    return null;
end $$;

create function oee_forget_all() returns trigger
language plpgsql as $$
begin
    insert into oee_forget (line_id, f, t) values (null, '-infinity', 'infinity');
    delete from oee_piece;
    return null;
end $$;

do $$
declare
    tab text;
begin
    foreach tab in array array['report_line_hour', 'report_line_lday', 'report_state_hour', 'report_state_lday'] loop
        execute format('create trigger %I after insert on %I referencing new table as changed
                        for each statement execute function oee_forget_rows()', tab || '_oee_ins', tab);
        execute format('create trigger %I after update on %I referencing new table as changed
                        for each statement execute function oee_forget_rows()', tab || '_oee_upd', tab);
        execute format('create trigger %I after delete on %I referencing old table as changed
                        for each statement execute function oee_forget_rows()', tab || '_oee_del', tab);
    end loop;
end $$;

create trigger stop_reason_oee after insert or update or delete or truncate on stop_reason
    for each statement execute function oee_forget_all();
