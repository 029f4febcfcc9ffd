-- Each line's last state of the past 7 days.
select distinct on (line_id) line_id as "line_id!",
    json_build_object('id', id, 'time', time, 'state', state, 'stopReasonId', stop_reason_id) as "sample!"
from line_state where time > now() - interval '7 days' order by line_id, time desc
