-- The last two days' batches as their STARTED and (when ended) ENDED events: folded in time
-- order, those of the line's local day are the ones counted in tonnes today.
with b as (select * from production_batch
    where started_at > now() - interval '1 day' or ended_at >= now() - interval '2 days')
select line_id as "line_id!", json_build_object('id', gen_random_uuid(), 'time', started_at, 'event', 'STARTED',
    'batchId', batch_id, 'productionScheduleId', production_schedule_id, 'scheduleName', schedule_name,
    'recipeId', recipe_id, 'recipeCode', recipe_code, 'recipeName', recipe_name, 'recipeVersion', recipe_version,
    'status', 'RUNNING', 'targetKg', target_kg, 'actualKg', null, 'shiftId', shift_id) as "sample!"
from b where started_at is not null
union all
select line_id as "line_id!", json_build_object('id', gen_random_uuid(), 'time', ended_at, 'event', 'ENDED',
    'batchId', batch_id, 'productionScheduleId', production_schedule_id, 'scheduleName', schedule_name,
    'recipeId', recipe_id, 'recipeCode', recipe_code, 'recipeName', recipe_name, 'recipeVersion', recipe_version,
    'status', status, 'targetKg', target_kg, 'actualKg', actual_kg, 'shiftId', shift_id) as "sample!"
from b where ended_at is not null
