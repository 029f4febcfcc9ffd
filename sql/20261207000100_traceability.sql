-- Traceability (issue 33): suppliers and customers (installation-wide configuration records),
-- lots received from suppliers, what each bin holds lot by lot, and which lot(s) each dose took.

create table supplier (
    id uuid primary key,
    code text not null,
    name text not null,
    address text,
    approval text not null default 'APPROVED' check (approval in ('APPROVED', 'CONDITIONAL', 'SUSPENDED')),
    created_at timestamptz not null default now(),
    created_by text,
    updated_at timestamptz not null default now(),
    updated_by text,
    deleted_at timestamptz,
    deleted_by text
);
create unique index supplier_code_key on supplier (lower(code)) where deleted_at is null;

create table customer (
    id uuid primary key,
    code text not null,
    name text not null,
    address text,
    created_at timestamptz not null default now(),
    created_by text,
    updated_at timestamptz not null default now(),
    updated_by text,
    deleted_at timestamptz,
    deleted_by text
);
create unique index customer_code_key on customer (lower(code)) where deleted_at is null;

-- A lot of one material from one supplier, received at goods-in. The line is the material's
-- (materials are per line); a fill may put it into a bin of another line holding a material of
-- the same code. Its status moves QUARANTINE → RELEASED | BLOCKED and back, each move audited.
create table lot (
    id uuid primary key,
    line_id uuid not null references line (id),
    lot_number text not null,
    material_id uuid not null references material (id),
    supplier_id uuid not null references supplier (id),
    received_at timestamptz not null,
    quantity_kg double precision not null check (quantity_kg > 0),
    expires_at timestamptz,
    certificate text,
    status text not null default 'QUARANTINE' check (status in ('QUARANTINE', 'RELEASED', 'BLOCKED')),
    status_reason text,
    status_at timestamptz not null default now(),
    status_by text,
    created_at timestamptz not null default now(),
    created_by text,
    updated_at timestamptz not null default now(),
    updated_by text,
    deleted_at timestamptz,
    deleted_by text
);
create unique index lot_number_key on lot (material_id, supplier_id, lower(lot_number)) where deleted_at is null;
create index lot_line on lot (line_id, received_at desc);
create index lot_number_lookup on lot (lower(lot_number));

-- How a bin gives out what it holds: FIFO (a silo drawn from the bottom: the oldest portion
-- first; also when not set) or MIXED (a bin that blends: every portion in proportion to what
-- is left of it).
alter table bin add column content_model text check (content_model in ('FIFO', 'MIXED'));

-- What a bin holds, portion by portion: one row per FILL movement (production data, so the bin
-- and material are named by code, decision 49). `lot_id` is null for a fill of an unknown lot
-- (none given, or a number no lot record has: `lot_number` keeps what was said).
create table bin_portion (
    id bigint generated always as identity primary key,
    line_id text not null,
    bin_code text not null,
    material_code text not null,
    lot_id uuid references lot (id),
    lot_number text,
    movement_id uuid unique,
    filled_at timestamptz not null,
    filled_kg double precision not null,
    remaining_kg double precision not null,
    -- Taken out by an EMPTY movement rather than by doses.
    removed_kg double precision not null default 0
);
create index bin_portion_held on bin_portion (line_id, bin_code, filled_at, id) where remaining_kg > 0;
create index bin_portion_bin on bin_portion (line_id, bin_code, filled_at desc);
create index bin_portion_lot on bin_portion (lot_id) where lot_id is not null;

-- Which lot each dose took, and how much: one row per portion a dose drew from (a dose at a
-- changeover takes from two). A dose beyond what its bin held is attributed to no lot
-- (`lot_id` null, `unknown`), never dropped. A dose without a bin (a hand add) is attributed to
-- the lot it names.
create table dose_lot (
    weighing_id uuid not null,
    part smallint not null,
    time timestamptz not null,
    line_id text not null,
    batch_id text not null,
    bin_code text,
    material_code text not null,
    lot_id uuid references lot (id),
    portion_id bigint references bin_portion (id),
    kg double precision not null,
    unknown boolean not null default false,
    primary key (weighing_id, part)
);
create index dose_lot_lot on dose_lot (lot_id, line_id, batch_id) include (kg, time) where lot_id is not null;
create index dose_lot_batch on dose_lot (line_id, batch_id);
create index dose_lot_unknown on dose_lot (time) where unknown;

-- Applies fills, empties and doses (ingest passes those it has just inserted, in order of time)
-- to the bins' portions (a dose takes only portions of its own material: a bin configured for
-- two materials keeps each apart): `events` is a JSON array of
--   {"k": "F"|"E"|"D", "id", "time", "line", "bin", "material", "lot", "kg", "batch"}.
-- The bins concerned are locked in sorted order first, so several writers never deadlock.
create function trace_apply(events jsonb) returns integer language plpgsql as $$
declare
    e record;
    p record;
    v_lot uuid;
    v_model text;
    v_need double precision;
    v_take double precision;
    v_total double precision;
    v_part smallint;
    v_applied integer := 0;
begin
    perform pg_advisory_xact_lock(hashtextextended('bin:' || k, 0))
    from (select distinct (x ->> 'line') || '/' || lower(x ->> 'bin') as k
          from jsonb_array_elements(events) x where x ->> 'bin' is not null order by 1) s;
    for e in
        select x ->> 'k' as k, (x ->> 'id')::uuid as id, (x ->> 'time')::timestamptz as time,
               x ->> 'line' as line, x ->> 'bin' as bin, x ->> 'material' as material,
               nullif(x ->> 'lot', '') as lot, (x ->> 'kg')::float8 as kg, x ->> 'batch' as batch
        from jsonb_array_elements(events) x
    loop
        v_lot := null;
        if e.lot is not null and e.k in ('F', 'D') then
            -- The lot of that number and material: the line's own first, then the newest.
            select l.id into v_lot
            from lot l join material m on m.id = l.material_id
            where lower(l.lot_number) = lower(e.lot) and lower(m.code) = lower(e.material)
              and l.deleted_at is null
            order by (l.line_id::text = e.line) desc, l.received_at desc
            limit 1;
        end if;
        if e.k = 'F' then
            if e.kg > 0 then
                insert into bin_portion (line_id, bin_code, material_code, lot_id, lot_number, movement_id,
                                         filled_at, filled_kg, remaining_kg)
                values (e.line, e.bin, e.material, v_lot, e.lot, e.id, e.time, e.kg, e.kg)
                on conflict (movement_id) do nothing;
            end if;
        elsif e.k = 'E' then
            update bin_portion set removed_kg = removed_kg + remaining_kg, remaining_kg = 0
            where line_id = e.line and lower(bin_code) = lower(e.bin) and remaining_kg > 0;
        elsif e.k = 'D' and e.kg > 0 then
            v_need := e.kg;
            v_part := 0;
            if e.bin is null then
                insert into dose_lot (weighing_id, part, time, line_id, batch_id, bin_code, material_code, lot_id,
                                      kg, unknown)
                values (e.id, 0, e.time, e.line, e.batch, null, e.material, v_lot, e.kg, v_lot is null)
                on conflict do nothing;
                v_need := 0;
            else
                select b.content_model into v_model
                from bin b where b.line_id::text = e.line and lower(b.code) = lower(e.bin) and b.deleted_at is null
                limit 1;
                if coalesce(v_model, 'FIFO') = 'MIXED' then
                    select coalesce(sum(remaining_kg), 0) into v_total
                    from bin_portion
                    where line_id = e.line and lower(bin_code) = lower(e.bin) and remaining_kg > 0
                      and lower(material_code) = lower(e.material);
                    if v_total > 0 then
                        v_take := least(v_need, v_total);
                        for p in
                            select id, lot_id, remaining_kg from bin_portion
                            where line_id = e.line and lower(bin_code) = lower(e.bin) and remaining_kg > 0
                              and lower(material_code) = lower(e.material)
                            order by filled_at, id
                        loop
                            update bin_portion set remaining_kg = greatest(remaining_kg - p.remaining_kg * v_take / v_total, 0)
                            where id = p.id;
                            insert into dose_lot (weighing_id, part, time, line_id, batch_id, bin_code, material_code,
                                                  lot_id, portion_id, kg, unknown)
                            values (e.id, v_part, e.time, e.line, e.batch, e.bin, e.material, p.lot_id, p.id,
                                    p.remaining_kg * v_take / v_total, p.lot_id is null)
                            on conflict do nothing;
                            v_part := v_part + 1;
                        end loop;
                        v_need := v_need - v_take;
                    end if;
                else
                    for p in
                        select id, lot_id, remaining_kg from bin_portion
                        where line_id = e.line and lower(bin_code) = lower(e.bin) and remaining_kg > 0
                          and lower(material_code) = lower(e.material)
                        order by filled_at, id
                    loop
                        exit when v_need <= 1e-9;
                        v_take := least(v_need, p.remaining_kg);
                        update bin_portion set remaining_kg = remaining_kg - v_take where id = p.id;
                        insert into dose_lot (weighing_id, part, time, line_id, batch_id, bin_code, material_code,
                                              lot_id, portion_id, kg, unknown)
                        values (e.id, v_part, e.time, e.line, e.batch, e.bin, e.material, p.lot_id, p.id, v_take,
                                p.lot_id is null)
                        on conflict do nothing;
                        v_part := v_part + 1;
                        v_need := v_need - v_take;
                    end loop;
                end if;
                -- More than the bin held: the rest is of no known lot, and flagged.
                if v_need > 1e-9 then
                    insert into dose_lot (weighing_id, part, time, line_id, batch_id, bin_code, material_code, lot_id,
                                          kg, unknown)
                    values (e.id, v_part, e.time, e.line, e.batch, e.bin, e.material, null, v_need, true)
                    on conflict do nothing;
                end if;
            end if;
        end if;
        v_applied := v_applied + 1;
    end loop;
    return v_applied;
end
$$;
