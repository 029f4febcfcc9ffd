-- The bins of lines $1 (only bin $4, by its exact code, when given): the configured ones and any
-- that moved in [$2, $3), with their fills, doses, empties and material changes in the range,
-- the level before it and at its end, the net of every movement and the highest level. Whole UTC
-- months [$7, $8) come from report_bin_month, the other whole UTC days of [$5, $6) from
-- report_bin_day, the rest of the range from the raw movements ($5 null: all raw; $7 null: no
-- whole month). The opening is the last level before the range; for a bin with none, the level
-- its first movement in the range started from.
with mv as (
    select line_id, bin_id, material_id, kind, movements, delta_kg, max_level_kg
    from report_bin_month
    where $7::timestamptz is not null and line_id = any($1) and at >= $7 and at < $8
      and ($4::text is null or bin_id = $4)
    union all
    select line_id, bin_id, material_id, kind, movements, delta_kg, max_level_kg
    from report_bin_day
    where $5::timestamptz is not null and line_id = any($1) and at >= $5 and at < coalesce($7, $6)
      and ($4::text is null or bin_id = $4)
    union all
    select line_id, bin_id, material_id, kind, movements, delta_kg, max_level_kg
    from report_bin_day
    where $7::timestamptz is not null and line_id = any($1) and at >= $8 and at < $6
      and ($4::text is null or bin_id = $4)
    union all
    select line_id, bin_id, material_id, kind, 1, delta_kg, level_kg
    from bin_movement
    where line_id = any($1) and time >= $2 and time < coalesce($5, $3) and ($4::text is null or bin_id = $4)
    union all
    select line_id, bin_id, material_id, kind, 1, delta_kg, level_kg
    from bin_movement
    where $5::timestamptz is not null and line_id = any($1) and time >= $6 and time < $3
      and ($4::text is null or bin_id = $4)
), m as (
    select line_id, bin_id,
           coalesce(sum(movements) filter (where kind = 'FILL'), 0)::int8 as fills,
           coalesce(sum(delta_kg) filter (where kind = 'FILL'), 0) as filled_kg,
           coalesce(sum(movements) filter (where kind = 'DOSE'), 0)::int8 as doses,
           coalesce(-sum(delta_kg) filter (where kind = 'DOSE'), 0) as dosed_kg,
           coalesce(sum(movements) filter (where kind = 'EMPTY'), 0)::int8 as empties,
           coalesce(-sum(delta_kg) filter (where kind = 'EMPTY'), 0) as emptied_kg,
           coalesce(sum(movements) filter (where kind = 'CHANGE'), 0)::int8 as changes,
           sum(delta_kg) as net_kg,
           max(max_level_kg) as peak_kg
    from mv
    group by 1, 2
), mats as (
    -- Apart from the sums, which then need no sort of the year's rows.
    select line_id, bin_id, array_agg(material_id order by material_id) as materials
    from (select distinct line_id, bin_id, material_id from mv) d
    group by 1, 2
), c as (
    select line_id::text as line_id, code as bin_id, name, capacity_kg, min_level_kg
    from bin
    where line_id::text = any($1) and deleted_at is null and ($4::text is null or code = $4)
), k as (
    select line_id, bin_id from c union select line_id, bin_id from m
)
select k.line_id as "line_id!", k.bin_id as "bin_id!", c.name as "bin_name?", c.capacity_kg as "capacity_kg?",
       c.min_level_kg as "min_level_kg?",
       coalesce(m.fills, 0) as "fills!", coalesce(m.filled_kg, 0) as "filled_kg!",
       coalesce(m.doses, 0) as "doses!", coalesce(m.dosed_kg, 0) as "dosed_kg!",
       coalesce(m.empties, 0) as "empties!", coalesce(m.emptied_kg, 0) as "emptied_kg!",
       coalesce(m.changes, 0) as "changes!",
       coalesce(o.level_kg, f.level_kg - f.delta_kg) as "opening_kg?", e.level_kg as "closing_kg?",
       coalesce(m.net_kg, 0) as "net_kg!", m.peak_kg as "peak_kg?",
       coalesce(mats.materials, '{}') as "materials!"
from k
left join c on c.line_id = k.line_id and c.bin_id = k.bin_id
left join m on m.line_id = k.line_id and m.bin_id = k.bin_id
left join mats on mats.line_id = k.line_id and mats.bin_id = k.bin_id
left join lateral (
    select x.level_kg from bin_movement x
    where x.line_id = k.line_id and x.bin_id = k.bin_id and x.time < $2
    order by x.time desc, x.id desc limit 1) o on true
left join lateral (
    select x.level_kg, x.delta_kg from bin_movement x
    where o.level_kg is null and x.line_id = k.line_id and x.bin_id = k.bin_id
      and x.time >= $2 and x.time < $3
    order by x.time, x.id limit 1) f on true
left join lateral (
    select x.level_kg from bin_movement x
    where x.line_id = k.line_id and x.bin_id = k.bin_id and x.time < $3
    order by x.time desc, x.id desc limit 1) e on true
order by k.line_id, lower(k.bin_id)
