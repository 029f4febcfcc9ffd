select b.line_id, b.batch_id, b.recipe_id, b.recipe_code, b.recipe_name, b.recipe_version, b.production_schedule_id,
       b.schedule_name, b.started_at, b.ended_at, b.status, b.target_kg,
       coalesce(s.setpoint_kg, 0) as setpoint_kg, coalesce(s.actual_kg, 0) as actual_kg,
       coalesce(s.doses, 0) as doses, coalesce(s.oot, 0) as out_of_tolerance,
       coalesce(s.weighings, '[]'::jsonb) as weighings
from page b
left join lateral (
    select sum(w.setpoint_kg) as setpoint_kg, sum(w.actual_kg) as actual_kg, count(*) as doses,
           count(*) filter (where not w.in_tolerance) as oot,
           jsonb_agg(jsonb_build_object('materialId', w.material_id, 'scaleId', w.scale_id, 'binId', w.bin_id,
                                        'setpointKg', w.setpoint_kg, 'actualKg', w.actual_kg,
                                        'inTolerance', w.in_tolerance) order by w.time) as weighings
    from weighing w where w.line_id = b.line_id and w.batch_id = b.batch_id) s on true
order by b.ended_at desc, b.line_id, b.batch_id
