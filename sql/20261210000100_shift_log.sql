-- The shift log (issue 34, item 4; decision 113): per line and shift occurrence, an entry with
-- the operators' notes and open items, handed over to the next shift, whose operator
-- acknowledges it. The production summary (tonnes, batches, stops with reasons, alarms, OEE) is
-- computed by the server while the shift is open and kept with the entry at its handover, so the
-- record shows what the shift handed over even after late data changed the figures.
create table shift_log (
    id uuid primary key,
    line_id uuid not null constraint shift_log_line_fkey references line (id),
    shift_id uuid not null constraint shift_log_shift_fkey references shift (id),
    -- The local date the shift occurrence starts on, and its start and end.
    date date not null,
    starts_at timestamptz not null,
    ends_at timestamptz not null,
    notes text not null default '',
    -- [{id, text, done, carriedFrom?}], in the order the operators keep them.
    open_items jsonb not null default '[]',
    created_at timestamptz not null default now(),
    created_by text not null,
    updated_at timestamptz not null default now(),
    updated_by text not null,
    handed_over_at timestamptz,
    handed_over_by text,
    handover_note text,
    -- The summary as it was handed over (null while the shift is open).
    summary jsonb,
    constraint shift_log_occurrence_key unique (line_id, shift_id, date),
    constraint shift_log_ends_check check (ends_at > starts_at)
);
create index shift_log_line_starts_idx on shift_log (line_id, starts_at);
