-- Sign-in throttling by account and by account × address (decision 92), replacing the
-- per-email table whose hundred-failures-an-hour rule let a stranger lock a known e-mail out.
-- key: 'a:<email>' (every address) or 'p:<email> <address>' (one address).
create table auth_throttle (
    key text primary key,
    failures integer not null default 0,
    next_allowed_at timestamptz not null default now(),
    -- The pair's last successful sign-in: a known address is not slowed by what others try.
    last_success_at timestamptz,
    updated_at timestamptz not null default now()
);
create index auth_throttle_updated_idx on auth_throttle (updated_at);

drop table login_throttle;
