-- Connections to the plant's controllers and devices (issue 32): one OPC UA server or one
-- Sparkplug B edge node per record, and the tags that map its values onto the line's samples.
-- The password is kept for the connector to sign in with and never answered by the api.
create table connection (
    id uuid primary key,
    line_id uuid not null references line (id),
    name text not null,
    protocol text not null check (protocol in ('OPCUA', 'MQTT')),
    endpoint text not null,
    security_policy text not null default 'None'
        check (security_policy in ('None', 'Basic256Sha256', 'Aes128_Sha256_RsaOaep', 'Aes256_Sha256_RsaPss')),
    security_mode text not null default 'None'
        check (security_mode in ('None', 'Sign', 'SignAndEncrypt')),
    username text,
    password text,
    enabled boolean not null default true,
    sampling_ms integer not null default 1000 check (sampling_ms between 100 and 3600000),
    tags jsonb not null default '[]' check (jsonb_typeof(tags) = 'array'),
    created_at timestamptz not null default now(),
    created_by text,
    updated_at timestamptz not null default now(),
    updated_by text
);

create unique index connection_name_key on connection (line_id, lower(name));
create index connection_line on connection (line_id);

-- Server certificates an administrator trusted ("trust this server"), by SHA-1 thumbprint;
-- every connector copies them into its own trust list.
create table connection_trust (
    thumbprint text primary key check (thumbprint ~ '^[0-9a-f]{40}$'),
    certificate bytea not null,
    subject text not null,
    trusted_at timestamptz not null default now(),
    trusted_by text
);
