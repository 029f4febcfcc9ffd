-- What went outside its limits in the batches of lines $1 that ended in [$2, $3) (filters $4
-- recipe versions, $5 order, $6 batch): doses outside their tolerance and batch process values
-- past their report parameter's limits ($7: 'DOSE', 'PARAMETER'), newest first, $8 rows from
-- $9, each with how many there are in all.
with b as (
    select b.* from production_batch b
    where b.line_id = any($1) and b.ended_at >= $2 and b.ended_at < $3
      and ($4::text[] is null or b.recipe_id = any($4))
      and ($5::text is null or b.production_schedule_id = $5)
      and ($6::text is null or b.batch_id = $6)
),
doses as (
    select 'DOSE' as kind, b.line_id, b.batch_id, b.recipe_id, b.recipe_code, b.recipe_name, b.recipe_version,
           b.production_schedule_id, b.schedule_name, w.time as at, w.material_id as code, w.scale_id, w.actual_kg as value,
           w.setpoint_kg as target, w.setpoint_kg - w.tolerance_kg as low_limit,
           w.setpoint_kg + w.tolerance_kg as high_limit,
           case when w.deviation_kg < 0 then 'UNDER' else 'OVER' end as direction,
           greatest(abs(w.deviation_kg) - w.tolerance_kg, 0) as excursion
    from b join weighing w on w.line_id = b.line_id and w.batch_id = b.batch_id
    where 'DOSE' = any($7) and not w.in_tolerance
),
params as (
    select 'PARAMETER' as kind, b.line_id, b.batch_id, b.recipe_id, b.recipe_code, b.recipe_name, b.recipe_version,
           b.production_schedule_id, b.schedule_name, b.ended_at as at, p.parameter_code as code, null::text as scale_id, x.value,
           null::float8 as target, r.low_limit, r.high_limit, x.direction, x.excursion
    from b
    join batch_parameter p on p.line_id = b.line_id and p.batch_id = b.batch_id
    join report_parameter r on r.line_id::text = p.line_id and r.code = p.parameter_code and r.deleted_at is null
    cross join lateral (values (p.max_value, 'OVER', p.max_value - r.high_limit),
                               (p.min_value, 'UNDER', r.low_limit - p.min_value)) as x(value, direction, excursion)
    where 'PARAMETER' = any($7) and x.excursion > 0
)
select count(*) over () as "total!", u.kind as "kind!", u.line_id as "line_id!", u.batch_id as "batch_id!",
       u.recipe_id as "recipe_id!", u.recipe_code, u.recipe_name, u.recipe_version as "recipe_version!",
       u.production_schedule_id, u.schedule_name, u.at as "at!", u.code as "code!", u.scale_id,
       u.value as "value!", u.target, u.low_limit, u.high_limit, u.direction as "direction!",
       u.excursion as "excursion!"
from (select * from doses union all select * from params) u
order by u.at desc, u.line_id, u.batch_id, u.kind, u.code, u.direction
limit $8 offset $9
