-- Each alarm code's last event per line in the past 7 days.
select distinct on (line_id, code) line_id as "line_id!", json_build_object('id', id, 'time', time,
    'batchId', batch_id, 'code', code, 'severity', severity, 'message', message, 'state', state,
    'clearedAt', cleared_at) as "sample!"
from alarm_event where time > now() - interval '7 days' order by line_id, code, time desc
