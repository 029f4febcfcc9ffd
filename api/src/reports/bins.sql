-- The bins of lines $1 (only bin $4, by its exact code, when given): the configured ones and any
-- that moved in [$2, $3), with their fills, doses, empties and material changes in the range,
-- the level before it and at its end.
with m as (
    select line_id, bin_id,
           count(*) filter (where kind = 'FILL') as fills,
           coalesce(sum(delta_kg) filter (where kind = 'FILL'), 0) as filled_kg,
           count(*) filter (where kind = 'DOSE') as doses,
           coalesce(-sum(delta_kg) filter (where kind = 'DOSE'), 0) as dosed_kg,
           count(*) filter (where kind = 'EMPTY') as empties,
           coalesce(-sum(delta_kg) filter (where kind = 'EMPTY'), 0) as emptied_kg,
           count(*) filter (where kind = 'CHANGE') as changes,
           (array_agg(level_kg order by time desc, id desc))[1] as closing_kg,
           array_agg(distinct material_id order by material_id) as materials
    from bin_movement
    where line_id = any($1) and time >= $2 and time < $3 and ($4::text is null or bin_id = $4)
    group by 1, 2
), c as (
    select line_id::text as line_id, code as bin_id, name, capacity_kg, min_level_kg
    from bin
    where line_id::text = any($1) and deleted_at is null and ($4::text is null or code = $4)
), k as (
    select line_id, bin_id from c union select line_id, bin_id from m
)
select k.line_id, k.bin_id, c.name as bin_name, c.capacity_kg, c.min_level_kg,
       coalesce(m.fills, 0) as fills, coalesce(m.filled_kg, 0) as filled_kg,
       coalesce(m.doses, 0) as doses, coalesce(m.dosed_kg, 0) as dosed_kg,
       coalesce(m.empties, 0) as empties, coalesce(m.emptied_kg, 0) as emptied_kg,
       coalesce(m.changes, 0) as changes,
       o.level_kg as opening_kg, coalesce(m.closing_kg, o.level_kg) as closing_kg,
       coalesce(m.materials, '{}') as materials
from k
left join c on c.line_id = k.line_id and c.bin_id = k.bin_id
left join m on m.line_id = k.line_id and m.bin_id = k.bin_id
left join lateral (
    select x.level_kg from bin_movement x
    where x.line_id = k.line_id and x.bin_id = k.bin_id and x.time < $2
    order by x.time desc, x.id desc limit 1) o on true
order by k.line_id, lower(k.bin_id)
