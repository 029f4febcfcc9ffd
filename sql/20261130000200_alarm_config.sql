-- What each alarm code means to the plant (issue 13): its severity, its text in the five
-- languages of the product, and whether it stops the line. Edited by _SUPER and ADMIN; a code
-- the plant raises for the first time is added by ingest with the severity and text it came
-- with, so every code the alarm reports show can be configured.
create table alarm_config (
    code text primary key,
    severity text not null constraint alarm_config_severity_check check (severity in ('INFO', 'WARNING', 'CRITICAL')),
    -- {"en": "...", "de": "...", "nl": "...", "fr": "...", "es": "..."}; a missing language falls
    -- back to English, then to the text the alarm came with.
    texts jsonb not null default '{}',
    stops_line boolean not null default false,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    updated_by text
);

insert into alarm_config (code, severity, texts)
select distinct on (code) code, severity, jsonb_build_object('en', message)
from alarm_event order by code, time desc;
