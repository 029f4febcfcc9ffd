-- Seconds in each line state within windows ($1 line, [$2, $3)) up to now: the state in force
-- at a window's start (the last one before it) and every change inside it. `k` is the window's
-- index from 1; time before any known state is not counted.
with w as (
    select * from unnest($1::text[], $2::timestamptz[], $3::timestamptz[]) with ordinality as w(line_id, f, t, k)
), x as (
    select w.k, w.f, least(w.t, now()) as t, s.time, s.state
    from w
    cross join lateral (
        (select time, state from line_state where line_id = w.line_id and time < w.f order by time desc limit 1)
        union all
        (select time, state from line_state where line_id = w.line_id and time >= w.f and time < w.t)
    ) s
), spans as (
    select k, state, greatest(time, f) as s_from,
           least(coalesce(lead(time) over (partition by k order by time), t), t) as s_to
    from x
)
select k as "window!", state as "state!: LineStateKind", coalesce(sum(extract(epoch from (s_to - s_from))), 0)::float8 as "seconds!"
from spans where s_to > s_from
group by k, state
