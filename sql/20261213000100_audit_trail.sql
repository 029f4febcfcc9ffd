-- The audit trail for everyone who must read it (issue 35, item 1): `GET /api/audit` filters by
-- time, user, entity, entity id, action and line, newest first, over a year of entries.
--
-- Each entry now knows its line (`line_id`), worked out when it is written from what it records,
-- so the writers stay as they are and every later writer gets it too: the line itself, the
-- `lineId` of a per-line record (after, before or detail), or the line of the order, recipe,
-- SPC set, connection, lot, shift log, stop or carry-over rules it names. Null for what belongs
-- to no single line (sign-ins, users, certificates, a delivery of several lines).

create function audit_uuid(t text) returns uuid language sql immutable as $$
    select case when t ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
                then t::uuid end
$$;

create function audit_line(p_entity text, p_entity_id text, p_before jsonb, p_after jsonb, p_detail jsonb)
returns uuid language plpgsql stable as $$
declare
    v_id uuid := audit_uuid(split_part(p_entity_id, '/', 1));
    v_line uuid;
begin
    if p_entity in ('lines', 'carryOver', 'stop') then
        return v_id;
    end if;
    v_line := coalesce(audit_uuid(p_after->>'lineId'), audit_uuid(p_before->>'lineId'),
                       audit_uuid(p_detail->>'lineId'));
    if v_line is not null or v_id is null then
        return v_line;
    end if;
    case p_entity
        when 'productionSchedule' then
            select s.line_id into v_line from production_schedule s where s.id = v_id;
        when 'recipe' then
            select g.line_id into v_line from recipe r join recipe_group g on g.id = r.recipe_group_id
            where r.id = v_id;
        when 'spcSet' then
            select s.line_id into v_line from spc_parameter_set s where s.id = v_id;
        when 'connection' then
            select c.line_id into v_line from connection c where c.id = v_id;
        when 'lot' then
            select l.line_id into v_line from lot l where l.id = v_id;
        when 'shiftLog' then
            select l.line_id into v_line from shift_log l where l.id = v_id;
        when 'delivery' then
            select min(b.line_id) into v_line from delivery_batch b where b.delivery_id = v_id
            having count(distinct b.line_id) = 1;
        else
            v_line := null;
    end case;
    return v_line;
end;
$$;

alter table audit_log add column line_id uuid;

-- The entries written before this migration get their line once, here: the only change ever
-- made to written entries (a derived key, nothing they record), so the append-only trigger is
-- set aside for this one statement of the migration's transaction.
alter table audit_log disable trigger audit_log_no_update;
update audit_log set line_id = audit_line(entity, entity_id, before, after, detail);
alter table audit_log enable trigger audit_log_no_update;

create function audit_log_line() returns trigger language plpgsql as $$
begin
    if new.line_id is null then
        new.line_id := audit_line(new.entity, new.entity_id, new.before, new.after, new.detail);
    end if;
    return new;
end;
$$;
create trigger audit_log_line before insert on audit_log
    for each row execute function audit_log_line();

-- Newest first, alone or under one filter: each filter's own index in the list's order, so a
-- page is the index's first rows and the count an index-only scan of the range.
create index audit_log_at_idx on audit_log (at desc, id desc);
create index audit_log_line_idx on audit_log (line_id, at desc, id desc) where line_id is not null;
create index audit_log_actor_idx on audit_log (lower(actor), at desc, id desc);
create index audit_log_action_idx on audit_log (action, at desc, id desc);
create index audit_log_entity_at_idx on audit_log (entity, at desc, id desc);
