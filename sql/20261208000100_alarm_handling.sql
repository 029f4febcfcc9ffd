-- Alarm handling the ISA-18.2 / IEC 62682 way (issue 34, decision 111).
--
-- An alarm point is a line's alarm code. Each activation of a point is an occurrence: raised
-- (active), returned (the plant cleared it), acknowledged by a user in Batchline or at the
-- controller. A point may be shelved for a time with a reason: its occurrences are still
-- recorded but not annunciated until the shelf ends. The plant's events (`alarm_event`) are
-- folded into occurrences by ingest in the transaction that stores them (`alarm_apply`), so a
-- redelivered event, which inserts nothing, changes nothing.

create table alarm_occurrence (
    -- The raising event's id.
    id uuid primary key,
    line_id text not null,
    code text not null,
    severity text not null check (severity in ('INFO', 'WARNING', 'CRITICAL')),
    message text not null,
    batch_id text,
    raised_at timestamptz not null,
    -- When the plant cleared it; null while active.
    returned_at timestamptz,
    -- When it was acknowledged, in Batchline (`acked_by` the user) or at the controller
    -- (`acked_by` null); null while unacknowledged.
    acked_at timestamptz,
    acked_by text,
    -- When the controller said it was acknowledged there (its own ack, or the one Batchline
    -- sent it).
    controller_acked_at timestamptz
);
create index alarm_occurrence_point on alarm_occurrence (line_id, code, raised_at);
create index alarm_occurrence_line_time on alarm_occurrence (line_id, raised_at);
create index alarm_occurrence_time on alarm_occurrence (raised_at);
-- What the console shows: active or unacknowledged.
create index alarm_occurrence_open on alarm_occurrence (line_id, code)
    where returned_at is null or acked_at is null;

-- A shelved point, until the shelf ends (removed by the sweep at `until`, or by an unshelve).
create table alarm_shelf (
    line_id text not null,
    code text not null,
    -- The occurrence it was shelved from.
    occurrence_id uuid not null,
    shelved_at timestamptz not null default now(),
    shelved_by text not null,
    until timestamptz not null,
    reason text not null,
    primary key (line_id, code)
);

-- Operators' notes on an occurrence.
create table alarm_comment (
    id bigint generated always as identity primary key,
    occurrence_id uuid not null references alarm_occurrence (id) on delete cascade,
    at timestamptz not null default now(),
    author text not null,
    text text not null
);
create index alarm_comment_occurrence on alarm_comment (occurrence_id, at);

-- Folds one of the plant's alarm events into occurrences. RAISED starts an occurrence unless
-- the point is active at that time (a repeat); CLEARED returns the point's newest active
-- occurrence raised before it; ACKED acknowledges the point's occurrences raised before it that
-- are still active or unacknowledged, keeping a user's earlier acknowledgement and noting the
-- controller's.
create function alarm_apply_one(e_id uuid, e_time timestamptz, e_line text, e_code text,
    e_severity text, e_message text, e_batch text, e_state text) returns void
language plpgsql as $$
begin
    if e_state = 'RAISED' then
        perform 1 from alarm_occurrence o
        where o.line_id = e_line and o.code = e_code and o.raised_at <= e_time
          and (o.returned_at is null or o.returned_at > e_time);
        if not found then
            insert into alarm_occurrence (id, line_id, code, severity, message, batch_id, raised_at)
            values (e_id, e_line, e_code, e_severity, e_message, e_batch, e_time)
            on conflict do nothing;
        end if;
    elsif e_state = 'CLEARED' then
        update alarm_occurrence o set returned_at = e_time
        where o.id = (select a.id from alarm_occurrence a
                      where a.line_id = e_line and a.code = e_code and a.raised_at <= e_time
                        and a.returned_at is null
                      order by a.raised_at desc limit 1);
    else
        update alarm_occurrence o
        set acked_at = coalesce(o.acked_at, e_time), controller_acked_at = e_time
        where o.line_id = e_line and o.code = e_code and o.raised_at <= e_time
          and o.controller_acked_at is null and (o.returned_at is null or o.acked_at is null);
    end if;
end $$;

-- Folds the events ingest just stored (a JSON array of {id, time, line_id, code, severity,
-- message, batch_id, state}) in time order; answers the points they touched, once each.
create function alarm_apply(events jsonb) returns table (point_line text, point_code text)
language plpgsql as $$
declare
    e record;
begin
    for e in
        select * from jsonb_to_recordset(events) as x(id uuid, "time" timestamptz, line_id text,
            code text, severity text, message text, batch_id text, state text)
        order by x."time", x.id
    loop
        perform alarm_apply_one(e.id, e."time", e.line_id, e.code, e.severity, e.message,
                                e.batch_id, e.state);
    end loop;
    return query select distinct x.line_id, x.code
        from jsonb_to_recordset(events) as x(line_id text, code text) order by 1, 2;
end $$;

-- The history stored before this migration, folded the same way, event by event.
do $$
declare
    e record;
begin
    for e in select * from alarm_event order by time, id loop
        perform alarm_apply_one(e.id, e.time, e.line_id, e.code, e.severity, e.message,
                                e.batch_id, e.state);
    end loop;
end $$;
