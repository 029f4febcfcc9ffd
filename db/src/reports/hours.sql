-- Whole hours of many short windows (shifts, hours, days) read in one pass per line
-- (decision 64; `db::reports` reads whole local days the same way from the local-day rollups,
-- decision 104): $1 lines, $2 and $3 each line's slice (1-based, inclusive) of $4, its sorted
-- bounds. A binary search (width_bucket) puts each hour of the rollup in its slot i (the hours from
-- $4[i] on); rows come by slot, and the caller (`Hours::place`) names each slot's window and line
-- and drops the slots of no window: a join back to the lines and a filter on an array of windows
-- cost more than the sums (a sort and a group aggregate instead of a hash aggregate: 115 against
-- 77 ms for the shifts of a year of eight lines). `l` is read in every row's binary search, so it
-- is materialized (inlined, each row took its slice of $4 again: 820 ms).
with l as materialized (
    select l.line_id, l.lo, l.hi, ($4::timestamptz[])[l.lo:l.hi] as th
    from unnest($1::text[], $2::int4[], $3::int4[]) as l(line_id, lo, hi)
),
