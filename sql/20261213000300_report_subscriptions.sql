-- Scheduled reports (issue 35, item 3): a report's filter saved as a subscription, delivered
-- each period (each shift's end, daily, weekly or monthly at a time in the line's zone) as
-- PDF, XLSX or CSV to its recipients. One delivery row per subscription and period (the
-- unique key makes each period's delivery exist once, whichever api process sees it due); a
-- process claims a due row with FOR UPDATE SKIP LOCKED, sends it and marks it sent, or sets
-- the next try after a back-off.

create table report_subscription (
    id uuid primary key,
    name text not null,
    -- The report call's last path segment (`totalweightgroupedby`).
    report text not null,
    -- The report's filters as its call takes them, without the range (each period's).
    filters jsonb not null default '{}',
    -- The PDF layout the report screen prints (headers, match keys, heading, list).
    layout jsonb,
    -- The line whose zone and shifts the cadence follows; none: the lines' common zone.
    line_id uuid references line (id),
    cadence text not null check (cadence in ('SHIFT_END', 'DAILY', 'WEEKLY', 'MONTHLY')),
    at text check (at ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
    weekday smallint check (weekday between 1 and 7),
    day_of_month smallint check (day_of_month between 1 and 28),
    format text not null check (format in ('PDF', 'XLSX', 'CSV')),
    recipients text[] not null,
    language text not null,
    -- Whose access the report is read with (who saved it).
    owner text not null,
    created_at timestamptz not null default now(),
    created_by text,
    updated_at timestamptz not null default now(),
    updated_by text,
    deleted_at timestamptz,
    deleted_by text
);
create index report_subscription_live on report_subscription (created_at) where deleted_at is null;

create table report_delivery (
    id uuid primary key,
    subscription_id uuid not null references report_subscription (id),
    period_start timestamptz not null,
    period_end timestamptz not null,
    status text not null default 'PENDING' check (status in ('PENDING', 'SENT', 'RETRY', 'FAILED')),
    attempts integer not null default 0,
    next_attempt_at timestamptz not null default now(),
    sent_at timestamptz,
    last_error text,
    file_name text,
    bytes integer,
    -- Who it went to (the subscription's recipients when it was sent).
    recipients text[] not null default '{}',
    created_at timestamptz not null default now(),
    constraint report_delivery_period_key unique (subscription_id, period_end)
);
create index report_delivery_due on report_delivery (next_attempt_at) where status in ('PENDING', 'RETRY');
create index report_delivery_history on report_delivery (subscription_id, period_end desc);
