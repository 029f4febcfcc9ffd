-- The last hour's process values of the batches running now (the newest 50,000).
select p.line_id as "line_id!", json_build_object('id', p.id, 'time', p.time, 'batchId', p.batch_id,
    'parameterCode', p.parameter_code, 'value', p.value) as "sample!"
from process_sample p join production_batch b on b.line_id = p.line_id and b.batch_id = p.batch_id
where b.status = 'RUNNING' and b.started_at > now() - interval '1 day' and p.time > now() - interval '1 hour'
order by p.time desc limit 50000
