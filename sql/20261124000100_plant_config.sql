-- Plant configuration (issue 4): lines and every per-line configuration entity. The api's
-- descriptors (model::config) name these tables and columns; a test holds the two together.
-- Every record: a UUIDv7 id, audit columns, soft delete. Codes are unique per line among
-- records that are not deleted. Lists stored in a record (bin materials, mixing-mode actions,
-- iRam settings) are jsonb; lists of ids are uuid[].

-- One batching/mixing production line; the tenancy unit of the plant.
create table line (
    id uuid primary key,
    name text not null,
    code text not null,
    description text,
    active boolean not null default true,
    timezone text not null,
    batch_size_kg double precision,
    mixer_capacity_kg double precision,
    created_at timestamptz not null default now(),
    created_by text,
    updated_at timestamptz not null default now(),
    updated_by text,
    deleted_at timestamptz,
    deleted_by text
);
create unique index line_code_key on line (lower(code)) where deleted_at is null;

-- Working shifts of a line; end_time before start_time crosses midnight.
create table shift (
    id uuid primary key,
    line_id uuid not null constraint shift_line_fkey references line (id),
    name text not null,
    start_time text not null,
    end_time text not null,
    days text[] not null default '{}',
    active boolean not null default true,
    created_at timestamptz not null default now(),
    created_by text,
    updated_at timestamptz not null default now(),
    updated_by text,
    deleted_at timestamptz,
    deleted_by text
);
create unique index shift_name_key on shift (line_id, lower(name)) where deleted_at is null;
create index shift_line_idx on shift (line_id) where deleted_at is null;

-- A weighing hopper.
create table scale (
    id uuid primary key,
    line_id uuid not null constraint scale_line_fkey references line (id),
    name text not null,
    code text not null,
    scale_type text not null,
    capacity_kg double precision not null,
    min_weigh_kg double precision,
    resolution_kg double precision,
    tolerance_pct double precision,
    settle_time_s double precision,
    created_at timestamptz not null default now(),
    created_by text,
    updated_at timestamptz not null default now(),
    updated_by text,
    deleted_at timestamptz,
    deleted_by text
);
create unique index scale_code_key on scale (line_id, lower(code)) where deleted_at is null;
create index scale_line_idx on scale (line_id) where deleted_at is null;

-- Groups materials (grains, proteins, minerals, premix, liquids, medications).
create table material_category (
    id uuid primary key,
    line_id uuid not null constraint material_category_line_fkey references line (id),
    name text not null,
    code text not null,
    description text,
    allowed_scale_ids uuid[] not null default '{}',
    created_at timestamptz not null default now(),
    created_by text,
    updated_at timestamptz not null default now(),
    updated_by text,
    deleted_at timestamptz,
    deleted_by text
);
create unique index material_category_code_key on material_category (line_id, lower(code)) where deleted_at is null;
create index material_category_line_idx on material_category (line_id) where deleted_at is null;

-- The material directory.
create table material (
    id uuid primary key,
    line_id uuid not null constraint material_line_fkey references line (id),
    code text not null,
    name text not null,
    material_category_id uuid not null constraint material_material_category_fkey references material_category (id),
    scale_ids uuid[] not null default '{}',
    density_kg_m3 double precision,
    cost_per_kg double precision,
    medicated boolean not null default false,
    lot_tracked boolean not null default false,
    active boolean not null default true,
    created_at timestamptz not null default now(),
    created_by text,
    updated_at timestamptz not null default now(),
    updated_by text,
    deleted_at timestamptz,
    deleted_by text
);
create unique index material_code_key on material (line_id, lower(code)) where deleted_at is null;
create index material_line_idx on material (line_id) where deleted_at is null;

-- A storage bin above a scale; bin_materials holds [{materialId, priority, lot}].
create table bin (
    id uuid primary key,
    line_id uuid not null constraint bin_line_fkey references line (id),
    name text not null,
    code text not null,
    scale_id uuid not null constraint bin_scale_fkey references scale (id),
    capacity_kg double precision not null,
    min_level_kg double precision,
    bin_materials jsonb not null default '[]',
    created_at timestamptz not null default now(),
    created_by text,
    updated_at timestamptz not null default now(),
    updated_by text,
    deleted_at timestamptz,
    deleted_by text
);
create unique index bin_code_key on bin (line_id, lower(code)) where deleted_at is null;
create index bin_line_idx on bin (line_id) where deleted_at is null;

-- The feeder from a bin into a scale.
create table dosing_point (
    id uuid primary key,
    line_id uuid not null constraint dosing_point_line_fkey references line (id),
    name text not null,
    code text not null,
    bin_id uuid not null constraint dosing_point_bin_fkey references bin (id),
    scale_id uuid not null constraint dosing_point_scale_fkey references scale (id),
    feeder_type text not null,
    coarse_rate_kg_s double precision,
    fine_rate_kg_s double precision,
    fine_switch_kg double precision,
    inflight_kg double precision,
    adaptive_inflight boolean not null default true,
    created_at timestamptz not null default now(),
    created_by text,
    updated_at timestamptz not null default now(),
    updated_by text,
    deleted_at timestamptz,
    deleted_by text
);
create unique index dosing_point_code_key on dosing_point (line_id, lower(code)) where deleted_at is null;
create index dosing_point_line_idx on dosing_point (line_id) where deleted_at is null;

-- Where material enters the mixer.
create table feeding_point (
    id uuid primary key,
    line_id uuid not null constraint feeding_point_line_fkey references line (id),
    name text not null,
    code text not null,
    feeding_type text not null,
    scale_id uuid constraint feeding_point_scale_fkey references scale (id),
    sequence bigint,
    created_at timestamptz not null default now(),
    created_by text,
    updated_at timestamptz not null default now(),
    updated_by text,
    deleted_at timestamptz,
    deleted_by text
);
create unique index feeding_point_code_key on feeding_point (line_id, lower(code)) where deleted_at is null;
create index feeding_point_line_idx on feeding_point (line_id) where deleted_at is null;

-- A typed parameter a mixing action takes.
create table action_parameter (
    id uuid primary key,
    line_id uuid not null constraint action_parameter_line_fkey references line (id),
    name text not null,
    code text not null,
    data_type text not null,
    unit text,
    min_value double precision,
    max_value double precision,
    default_value text,
    options text[] not null default '{}',
    created_at timestamptz not null default now(),
    created_by text,
    updated_at timestamptz not null default now(),
    updated_by text,
    deleted_at timestamptz,
    deleted_by text
);
create unique index action_parameter_code_key on action_parameter (line_id, lower(code)) where deleted_at is null;
create index action_parameter_line_idx on action_parameter (line_id) where deleted_at is null;

-- A step the mixer can do.
create table mixing_action (
    id uuid primary key,
    line_id uuid not null constraint mixing_action_line_fkey references line (id),
    name text not null,
    code text not null,
    description text,
    parameter_ids uuid[] not null default '{}',
    created_at timestamptz not null default now(),
    created_by text,
    updated_at timestamptz not null default now(),
    updated_by text,
    deleted_at timestamptz,
    deleted_by text
);
create unique index mixing_action_code_key on mixing_action (line_id, lower(code)) where deleted_at is null;
create index mixing_action_line_idx on mixing_action (line_id) where deleted_at is null;

-- A typed parameter of a mixing mode.
create table mode_parameter (
    id uuid primary key,
    line_id uuid not null constraint mode_parameter_line_fkey references line (id),
    name text not null,
    code text not null,
    data_type text not null,
    unit text,
    min_value double precision,
    max_value double precision,
    default_value text,
    options text[] not null default '{}',
    created_at timestamptz not null default now(),
    created_by text,
    updated_at timestamptz not null default now(),
    updated_by text,
    deleted_at timestamptz,
    deleted_by text
);
create unique index mode_parameter_code_key on mode_parameter (line_id, lower(code)) where deleted_at is null;
create index mode_parameter_line_idx on mode_parameter (line_id) where deleted_at is null;

-- A sequence template of mixing actions; actions holds [{mixingActionId, sequence}].
create table mixing_mode (
    id uuid primary key,
    line_id uuid not null constraint mixing_mode_line_fkey references line (id),
    name text not null,
    code text not null,
    description text,
    actions jsonb not null default '[]',
    parameter_ids uuid[] not null default '{}',
    created_at timestamptz not null default now(),
    created_by text,
    updated_at timestamptz not null default now(),
    updated_by text,
    deleted_at timestamptz,
    deleted_by text
);
create unique index mixing_mode_code_key on mixing_mode (line_id, lower(code)) where deleted_at is null;
create index mixing_mode_line_idx on mixing_mode (line_id) where deleted_at is null;

-- Free recipe-level parameters.
create table miscellaneous_parameter (
    id uuid primary key,
    line_id uuid not null constraint miscellaneous_parameter_line_fkey references line (id),
    name text not null,
    code text not null,
    data_type text not null,
    unit text,
    min_value double precision,
    max_value double precision,
    default_value text,
    options text[] not null default '{}',
    created_at timestamptz not null default now(),
    created_by text,
    updated_at timestamptz not null default now(),
    updated_by text,
    deleted_at timestamptz,
    deleted_by text
);
create unique index miscellaneous_parameter_code_key on miscellaneous_parameter (line_id, lower(code)) where deleted_at is null;
create index miscellaneous_parameter_line_idx on miscellaneous_parameter (line_id) where deleted_at is null;

-- Plant tuning values.
create table engineering_parameter (
    id uuid primary key,
    line_id uuid not null constraint engineering_parameter_line_fkey references line (id),
    name text not null,
    code text not null,
    data_type text not null,
    unit text,
    min_value double precision,
    max_value double precision,
    value text,
    created_at timestamptz not null default now(),
    created_by text,
    updated_at timestamptz not null default now(),
    updated_by text,
    deleted_at timestamptz,
    deleted_by text
);
create unique index engineering_parameter_code_key on engineering_parameter (line_id, lower(code)) where deleted_at is null;
create index engineering_parameter_line_idx on engineering_parameter (line_id) where deleted_at is null;

-- A value recorded per batch and shown in reports.
create table report_parameter (
    id uuid primary key,
    line_id uuid not null constraint report_parameter_line_fkey references line (id),
    name text not null,
    code text not null,
    unit text,
    source text not null,
    is_downstream boolean not null default false,
    low_limit double precision,
    high_limit double precision,
    created_at timestamptz not null default now(),
    created_by text,
    updated_at timestamptz not null default now(),
    updated_by text,
    deleted_at timestamptz,
    deleted_by text
);
create unique index report_parameter_code_key on report_parameter (line_id, lower(code)) where deleted_at is null;
create index report_parameter_line_idx on report_parameter (line_id) where deleted_at is null;

-- Controller integration settings of a line; settings holds [{key, value, unit}].
create table iram (
    id uuid primary key,
    line_id uuid not null constraint iram_line_fkey references line (id),
    name text not null,
    code text not null,
    enabled boolean not null default false,
    settings jsonb not null default '[]',
    created_at timestamptz not null default now(),
    created_by text,
    updated_at timestamptz not null default now(),
    updated_by text,
    deleted_at timestamptz,
    deleted_by text
);
create unique index iram_code_key on iram (line_id, lower(code)) where deleted_at is null;
create index iram_line_idx on iram (line_id) where deleted_at is null;

-- A named group of parameters of one group type.
create table parameter_group (
    id uuid primary key,
    line_id uuid not null constraint parameter_group_line_fkey references line (id),
    group_type text not null,
    name text not null,
    parameter_ids uuid[] not null default '{}',
    created_at timestamptz not null default now(),
    created_by text,
    updated_at timestamptz not null default now(),
    updated_by text,
    deleted_at timestamptz,
    deleted_by text
);
create unique index parameter_group_name_key on parameter_group (line_id, lower(name)) where deleted_at is null;
create index parameter_group_line_idx on parameter_group (line_id) where deleted_at is null;

-- Groups stop reasons.
create table stop_time_group (
    id uuid primary key,
    line_id uuid not null constraint stop_time_group_line_fkey references line (id),
    name text not null,
    code text not null,
    planned boolean not null default false,
    created_at timestamptz not null default now(),
    created_by text,
    updated_at timestamptz not null default now(),
    updated_by text,
    deleted_at timestamptz,
    deleted_by text
);
create unique index stop_time_group_code_key on stop_time_group (line_id, lower(code)) where deleted_at is null;
create index stop_time_group_line_idx on stop_time_group (line_id) where deleted_at is null;

-- Why a line stopped.
create table stop_reason (
    id uuid primary key,
    line_id uuid not null constraint stop_reason_line_fkey references line (id),
    stop_time_group_id uuid not null constraint stop_reason_stop_time_group_fkey references stop_time_group (id),
    name text not null,
    code text not null,
    planned boolean not null default false,
    created_at timestamptz not null default now(),
    created_by text,
    updated_at timestamptz not null default now(),
    updated_by text,
    deleted_at timestamptz,
    deleted_by text
);
create unique index stop_reason_code_key on stop_reason (line_id, lower(code)) where deleted_at is null;
create index stop_reason_line_idx on stop_reason (line_id) where deleted_at is null;
