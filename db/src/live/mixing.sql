-- The mixing steps of the batches running now.
select m.line_id as "line_id!", json_build_object('id', m.id, 'time', m.time, 'batchId', m.batch_id,
    'mixingActionId', m.mixing_action_id, 'plannedS', m.planned_s, 'actualS', m.actual_s,
    'energyKwh', m.energy_kwh, 'peakPowerKw', m.peak_power_kw) as "sample!"
from mixing m join production_batch b on b.line_id = m.line_id and b.batch_id = m.batch_id
where b.status = 'RUNNING' and b.started_at > now() - interval '1 day' and m.time >= b.started_at
