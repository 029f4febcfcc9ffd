-- The weighings of the batches running now.
select w.line_id as "line_id!", json_build_object('id', w.id, 'time', w.time, 'batchId', w.batch_id,
    'scaleId', w.scale_id, 'binId', w.bin_id, 'materialId', w.material_id, 'lot', w.lot,
    'setpointKg', w.setpoint_kg, 'actualKg', w.actual_kg, 'deviationKg', w.deviation_kg,
    'toleranceKg', w.tolerance_kg, 'inTolerance', w.in_tolerance, 'durationS', w.duration_s,
    'inflightKg', w.inflight_kg) as "sample!"
from weighing w join production_batch b on b.line_id = w.line_id and b.batch_id = w.batch_id
where b.status = 'RUNNING' and b.started_at > now() - interval '1 day' and w.time >= b.started_at
