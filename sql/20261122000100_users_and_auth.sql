-- Users, sign-in and audit: the foundation of authentication (spec §2–§7 Auth and Users).

create table app_user (
    id uuid primary key,
    email text not null,
    username text,
    password_hash text,
    role text not null constraint app_user_role_check check (role in ('_SUPER', 'ADMIN', 'PRIVILEGE')),
    privileges text[] not null default '{}',
    -- pending: invited, not signed up; inactive: must replace a temporary password; active.
    status text not null constraint app_user_status_check check (status in ('pending', 'active', 'inactive')),
    -- Raised on every password change, reset or deletion: tokens carrying an older value die.
    token_version integer not null default 0,
    created_at timestamptz not null default now(),
    created_by text,
    updated_at timestamptz not null default now(),
    updated_by text,
    deleted_at timestamptz,
    deleted_by text
);
create unique index app_user_email_key on app_user (lower(email)) where deleted_at is null;
create unique index app_user_username_key on app_user (lower(username)) where deleted_at is null and username is not null;
-- One super user per installation.
create unique index app_user_single_super_key on app_user (role) where role = '_SUPER' and deleted_at is null;

-- Single-use sign-up and reset tokens; only a SHA-256 of the token is kept.
create table auth_token (
    token_hash bytea primary key,
    user_id uuid not null constraint auth_token_user_fkey references app_user (id),
    purpose text not null constraint auth_token_purpose_check check (purpose in ('signup', 'reset')),
    expires_at timestamptz not null,
    used_at timestamptz,
    created_at timestamptz not null default now()
);
create index auth_token_user_idx on auth_token (user_id);

-- Session tokens revoked by logout before they expire.
create table revoked_jwt (
    jti uuid primary key,
    expires_at timestamptz not null,
    revoked_at timestamptz not null default now()
);
create index revoked_jwt_expires_idx on revoked_jwt (expires_at);

-- Failed sign-ins per email (known or not, so answers never reveal which emails exist).
create table login_throttle (
    email text primary key,
    consecutive_failures integer not null default 0,
    hour_failures integer not null default 0,
    hour_started_at timestamptz not null default now(),
    next_allowed_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
);

-- Append-only audit trail: who did what, when, with the record before and after.
create table audit_log (
    id bigint generated always as identity primary key,
    at timestamptz not null default now(),
    actor text,
    action text not null,
    entity text not null,
    entity_id text,
    before jsonb,
    after jsonb,
    detail jsonb
);
create index audit_log_entity_idx on audit_log (entity, entity_id, at);
create index audit_log_at_brin on audit_log using brin (at);

create function audit_log_append_only() returns trigger language plpgsql as $$
begin
    raise exception 'audit_log is append-only';
end;
$$;
create trigger audit_log_no_update before update or delete on audit_log
    for each statement execute function audit_log_append_only();
