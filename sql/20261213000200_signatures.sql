-- Electronic signatures on releases (issue 35, item 2): releasing a recipe version to the
-- production level, and releasing an order of a medicated class, is signed — the signer
-- re-enters their password and picks a meaning; per line, a two-person rule makes the approver
-- someone other than the last editor, holding RECIPE_APPROVE.

-- The meanings a plant adds to the built-in REVIEWED and APPROVED (installation-wide).
create table signature_meaning (
    id uuid primary key,
    code text not null,
    name text not null,
    created_at timestamptz not null default now(),
    created_by text,
    updated_at timestamptz not null default now(),
    updated_by text,
    deleted_at timestamptz,
    deleted_by text
);
create unique index signature_meaning_code_key on signature_meaning (lower(code)) where deleted_at is null;

-- Per line: the approver of a signed release differs from the last editor of what is released.
alter table line add column two_person_rule boolean not null default false;

-- The name a signature manifest shows (the account's email when none is given).
alter table app_user add column full_name text;

-- A signature with its manifest as it was shown when signed: who (email and full name), what it
-- means, when in the line's time zone. Kept with the record it signs; never changed.
create table e_signature (
    id uuid primary key,
    -- `recipe` (a version's id) or `productionSchedule` (an order's id).
    entity text not null check (entity in ('recipe', 'productionSchedule')),
    entity_id uuid not null,
    line_id uuid not null references line (id),
    -- What was signed: `RECIPE_RELEASE` (to `level`) or `ORDER_RELEASE`.
    purpose text not null check (purpose in ('RECIPE_RELEASE', 'ORDER_RELEASE')),
    level integer,
    signer text not null,
    signer_name text not null,
    meaning text not null,
    meaning_name text not null,
    signed_at timestamptz not null default now(),
    zone text not null,
    -- `YYYY-MM-DD HH:MM:SS` in `zone`, as the manifest printed it.
    signed_local text not null,
    -- Whether the line's two-person rule was on when signed.
    two_person boolean not null
);
create index e_signature_record on e_signature (entity, entity_id, signed_at);

create function e_signature_append_only() returns trigger language plpgsql as $$
begin
    raise exception 'e_signature is append-only';
end;
$$;
create trigger e_signature_no_update before update or delete or truncate on e_signature
    for each statement execute function e_signature_append_only();
