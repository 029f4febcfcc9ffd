-- The scales of lines $1 (only scale $4, by its exact code, when given): the configured ones and
-- any checked in [$2, $3), with their checks in the range, and their last check and last passed
-- check up to now (the due date).
with r as (
    select line_id, scale_id, count(*) as checks, count(*) filter (where passed) as passed,
           max(abs(error_kg)) as max_abs_error_kg
    from calibration_check
    where line_id = any($1) and time >= $2 and time < $3 and ($4::text is null or scale_id = $4)
    group by 1, 2
), c as (
    select line_id::text as line_id, code as scale_id, name, capacity_kg, resolution_kg
    from scale
    where line_id::text = any($1) and deleted_at is null and ($4::text is null or code = $4)
), k as (
    select line_id, scale_id from c union select line_id, scale_id from r
)
select k.line_id as "line_id!", k.scale_id as "scale_id!", c.name as "scale_name?", c.capacity_kg as "capacity_kg?",
       c.resolution_kg as "resolution_kg?", coalesce(r.checks, 0) as "checks!", coalesce(r.passed, 0) as "passed!",
       r.max_abs_error_kg as "max_abs_error_kg?", l.time as "last_check_at?", l.passed as "last_passed?",
       p.time as "last_passed_at?"
from k
left join c on c.line_id = k.line_id and c.scale_id = k.scale_id
left join r on r.line_id = k.line_id and r.scale_id = k.scale_id
left join lateral (
    select x.time, x.passed from calibration_check x
    where x.line_id = k.line_id and x.scale_id = k.scale_id order by x.time desc limit 1) l on true
left join lateral (
    select x.time from calibration_check x
    where x.line_id = k.line_id and x.scale_id = k.scale_id and x.passed order by x.time desc limit 1) p on true
order by k.line_id, lower(k.scale_id)
