-- Statistical process control (issue 13).
--
-- A saved SPC parameter set is a chart an engineer keeps: what it plots (the dosing error of a
-- material, on one scale or any; the mean of a batch's process value; a material's consumption
-- per day), how (individuals/moving range or X̄-R with a subgroup size), the baseline window its
-- control limits come from, and the run rules that judge it. `BATCH` sets (the batch SPC graph,
-- REPORTS privileges) with `live` are judged again whenever a batch of their line completes;
-- `CONSUMPTION` sets (the consumption SPC graph) belong to _SUPER and ADMIN.
create table spc_parameter_set (
    id uuid primary key,
    kind text not null constraint spc_parameter_set_kind_check check (kind in ('BATCH', 'CONSUMPTION')),
    line_id uuid not null constraint spc_parameter_set_line_fkey references line (id),
    name text not null,
    subject text not null
        constraint spc_parameter_set_subject_check check (subject in ('DOSING_ERROR', 'PARAMETER', 'CONSUMPTION')),
    material_code text,
    scale_code text,
    parameter_code text,
    recipe_id uuid,
    chart text not null constraint spc_parameter_set_chart_check check (chart in ('IMR', 'XBAR_R')),
    subgroup integer not null default 5 constraint spc_parameter_set_subgroup_check check (subgroup between 2 and 10),
    baseline_from timestamptz not null,
    baseline_to timestamptz not null,
    rules text[] not null default '{}',
    live boolean not null default true,
    created_at timestamptz not null default now(),
    created_by text,
    updated_at timestamptz not null default now(),
    updated_by text,
    deleted_at timestamptz,
    deleted_by text,
    constraint spc_parameter_set_baseline_check check (baseline_from < baseline_to)
);
create unique index spc_parameter_set_name_key on spc_parameter_set (kind, line_id, lower(name)) where deleted_at is null;

-- A run rule a completed batch broke on a live set's chart, found by ingest when the batch was
-- stored and pushed to the line's live topic; kept for the report. One row per set, batch, point
-- and rule, so judging a batch twice keeps one.
create table spc_violation (
    id uuid primary key,
    set_id uuid not null constraint spc_violation_set_fkey references spc_parameter_set (id),
    line_id text not null,
    batch_id text not null,
    point_at timestamptz not null,
    -- The dose's or the batch's position in the point's batch (several doses of one material).
    point_seq integer not null default 0,
    value double precision not null,
    rule text not null,
    center double precision not null,
    sigma double precision not null,
    detected_at timestamptz not null default now(),
    constraint spc_violation_point_key unique (set_id, batch_id, point_seq, rule)
);
create index spc_violation_line_idx on spc_violation (line_id, detected_at);

-- Batches whose SPC was judged (ingest judges each completed batch once, also after a restart).
alter table production_batch add column spc_checked_at timestamptz;
create index production_batch_spc_pending_idx on production_batch (ended_at)
    where status = 'COMPLETE' and spc_checked_at is null;
-- Batches stored before live SPC are history, not news: judged by no set.
update production_batch set spc_checked_at = coalesce(ended_at, now()) where status = 'COMPLETE';
