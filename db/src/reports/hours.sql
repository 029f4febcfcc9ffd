-- Whole hours of many short windows (shifts, hours, days) read in one pass per line
-- (decision 64; `db::reports` reads whole local days the same way from the local-day rollups,
-- decision 104): $1 lines, $2 and $3 each line's slice (1-based, inclusive) of $4, its sorted
-- bounds; the hours from $4[i] on belong to window $5[i] (-1: none). A binary search
-- (width_bucket) puts each hour of the rollup in its slot.
with l as (
    select l.line_id, l.lo, l.hi, ($4::timestamptz[])[l.lo:l.hi] as th
    from unnest($1::text[], $2::int4[], $3::int4[]) as l(line_id, lo, hi)
),
