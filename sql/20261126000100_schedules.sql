-- Production scheduling (issue 11, docs/domain.md "Production schedules"). An order asks a line
-- for a number of batches of a recipe; it is pinned to the recipe version holding the
-- production level when it is released, and that version, scaled to the order's batch size with
-- its tolerances and bins, is frozen into the order as its control recipe. The plant reports
-- batches with the order's id; ingest keeps the order's progress and its RUNNING / COMPLETED
-- status from them in the transaction that stores the batch events.

create table production_schedule (
    id uuid primary key,
    line_id uuid not null constraint production_schedule_line_fkey references line (id),
    -- PRODUCTION: batches of a recipe; FLUSH: one batch of the line's flush material, placed
    -- between two orders whose medication classes may not follow each other.
    kind text not null default 'PRODUCTION'
        constraint production_schedule_kind_check check (kind in ('PRODUCTION', 'FLUSH')),
    order_number text not null,
    name text not null,
    -- The recipe (group); null for a flush.
    recipe_group_id uuid constraint production_schedule_recipe_group_fkey references recipe_group (id),
    -- The version the order is pinned to: set at release (the version holding the production
    -- level then), never changed afterwards.
    recipe_id uuid constraint production_schedule_recipe_fkey references recipe (id),
    -- The class of the version that will run (the production version's until release).
    medication_class text not null default 'NONE',
    batch_size_kg double precision not null constraint production_schedule_batch_size_check check (batch_size_kg > 0),
    batches integer not null constraint production_schedule_batches_check check (batches >= 1),
    planned_start timestamptz not null,
    -- Position in the line's queue: the plant runs released orders in this order.
    sequence integer not null,
    notes text,
    status text not null default 'PLANNED' constraint production_schedule_status_check
        check (status in ('PLANNED', 'RELEASED', 'RUNNING', 'ON_HOLD', 'COMPLETED', 'CANCELLED', 'ABORTED')),
    -- Frozen at release: what the line controller runs.
    control_recipe jsonb,
    batches_done integer not null default 0,
    batches_aborted integer not null default 0,
    produced_kg double precision not null default 0,
    released_at timestamptz,
    released_by text,
    started_at timestamptz,
    finished_at timestamptz,
    created_at timestamptz not null default now(),
    created_by text,
    updated_at timestamptz not null default now(),
    updated_by text,
    deleted_at timestamptz,
    deleted_by text
);
create unique index production_schedule_number_key on production_schedule (line_id, lower(order_number))
    where deleted_at is null;
create index production_schedule_queue_idx on production_schedule (line_id, sequence) where deleted_at is null;
create index production_schedule_start_idx on production_schedule (planned_start) where deleted_at is null;
create index production_schedule_recipe_group_idx on production_schedule (recipe_group_id) where deleted_at is null;
-- Batches of an order (progress, the order's view).
create index production_batch_schedule_idx on production_batch (production_schedule_id)
    where production_schedule_id is not null;

-- A line's carry-over guard: which medication class may follow which without a flush, and the
-- flush (material and quantity) that clears the mixer. A line without a row uses the default
-- matrix of model::schedule::carry and has no flush configured.
create table carry_over (
    line_id uuid primary key constraint carry_over_line_fkey references line (id),
    -- [{ "fromClass", "toClass", "flushRequired" }], one per pair of classes.
    rules jsonb not null,
    flush_material_id uuid constraint carry_over_flush_material_fkey references material (id),
    flush_quantity_kg double precision constraint carry_over_flush_quantity_check check (flush_quantity_kg > 0),
    updated_at timestamptz not null default now(),
    updated_by text
);
