-- Recipe management (issue 10, docs/domain.md "Recipes"). A recipe group is one recipe of a line
-- (its code, unique per line among live groups); its numbered versions are documents: the header
-- values and the three step lists (weighing, mixing, miscellaneous items) as jsonb, each item
-- with its own `_id`. The api checks every reference inside the lists (same line, live record),
-- as it does for bin materials. A version is locked from its first release on, forever: batches
-- may have been made from it.

-- The installation's release levels, in order; the highest is production, the only level whose
-- version can be scheduled. Every installation needs them, so the migration creates the two.
create table release_level (
    id uuid primary key,
    level integer not null constraint release_level_level_check check (level >= 1),
    code text not null,
    name text not null,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
);
create unique index release_level_level_key on release_level (level);
insert into release_level (id, level, code, name) values
    ('0194c1d2-7a3b-7c00-8000-000000000101', 1, 'TRIAL', 'Trial'),
    ('0194c1d2-7a3b-7c00-8000-000000000102', 2, 'PRODUCTION', 'Production');

create table recipe_group (
    id uuid primary key,
    line_id uuid not null constraint recipe_group_line_fkey references line (id),
    code text not null,
    created_at timestamptz not null default now(),
    created_by text,
    updated_at timestamptz not null default now(),
    updated_by text,
    deleted_at timestamptz,
    deleted_by text
);
create unique index recipe_group_code_key on recipe_group (line_id, lower(code)) where deleted_at is null;
create index recipe_group_line_idx on recipe_group (line_id) where deleted_at is null;

create table recipe (
    id uuid primary key,
    recipe_group_id uuid not null constraint recipe_recipe_group_fkey references recipe_group (id),
    version integer not null constraint recipe_version_check check (version >= 1),
    name text not null,
    description text,
    product text,
    batch_size_kg double precision not null constraint recipe_batch_size_check check (batch_size_kg > 0),
    -- The medication/additive class of the carry-over guard (scheduling).
    medication_class text not null default 'NONE',
    mixing_mode_id uuid constraint recipe_mixing_mode_fkey references mixing_mode (id),
    weighing_items jsonb not null default '[]',
    mixing_items jsonb not null default '[]',
    miscellaneous_items jsonb not null default '[]',
    -- The version this one was copied from (a new version, or the source of a save-as).
    copied_from_id uuid constraint recipe_copied_from_fkey references recipe (id),
    saved_from_id uuid constraint recipe_saved_from_fkey references recipe (id),
    -- Set when a validation passed; cleared by any change.
    validated_at timestamptz,
    -- The first release; from then on the version never changes.
    locked_at timestamptz,
    created_at timestamptz not null default now(),
    created_by text,
    updated_at timestamptz not null default now(),
    updated_by text
);
create unique index recipe_version_key on recipe (recipe_group_id, version);
-- "Which recipes use this material / scale / bin" (the configuration's delete check).
create index recipe_weighing_items_idx on recipe using gin (weighing_items jsonb_path_ops);

-- A version holding a level, from its release until it is reverted or replaced. At most one
-- version of a group holds a level at a time.
create table recipe_release (
    id uuid primary key,
    recipe_id uuid not null constraint recipe_release_recipe_fkey references recipe (id),
    recipe_group_id uuid not null constraint recipe_release_recipe_group_fkey references recipe_group (id),
    level integer not null constraint recipe_release_level_fkey references release_level (level),
    released_at timestamptz not null default now(),
    released_by text,
    -- The version that held the level before this release took it.
    replaced_recipe_id uuid constraint recipe_release_replaced_fkey references recipe (id),
    ended_at timestamptz,
    ended_by text,
    end_reason text constraint recipe_release_end_reason_check check (end_reason in ('REVERTED', 'REPLACED'))
);
create unique index recipe_release_held_key on recipe_release (recipe_group_id, level) where ended_at is null;
create index recipe_release_recipe_idx on recipe_release (recipe_id);
