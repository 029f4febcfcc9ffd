-- $5 recipe version ids (null: every recipe, read from the narrow line rollup).
h as (
    select l.lo + width_bucket(r.at, l.th) - 1 as i, r.batches, r.aborted, r.target_kg, r.setpoint_kg,
           r.actual_kg, r.doses, r.out_of_tolerance, r.oot_batches, r.timed_batches, r.duration_s, r.good_kg,
           r.ideal_s, r.rated_kg
    from l cross join lateral (
        select r.at, r.batches, r.aborted, r.target_kg, r.setpoint_kg, r.actual_kg, r.doses, r.out_of_tolerance,
               r.oot_batches, r.timed_batches, r.duration_s, r.good_kg, r.ideal_s, r.rated_kg
        from report_line_hour r
        where $5::text[] is null and r.line_id = l.line_id and r.at >= l.th[1] and r.at < l.th[cardinality(l.th)]
        union all
        select r.at, r.batches, r.aborted, r.target_kg, r.setpoint_kg, r.actual_kg, r.doses, r.out_of_tolerance,
               r.oot_batches, r.timed_batches, r.duration_s, r.good_kg, r.ideal_s, r.rated_kg
        from report_batch_hour r
        where r.recipe_id = any($5) and r.line_id = l.line_id and r.at >= l.th[1]
          and r.at < l.th[cardinality(l.th)]
        offset 0) r
),
s as (
    select i, sum(batches)::int8 as batches, sum(aborted)::int8 as aborted, sum(target_kg) as target_kg,
           sum(setpoint_kg) as setpoint_kg, sum(actual_kg) as actual_kg, sum(doses)::int8 as doses,
           sum(out_of_tolerance)::int8 as out_of_tolerance, sum(oot_batches)::int8 as oot_batches,
           sum(timed_batches)::int8 as timed_batches, sum(duration_s)::float8 as duration_s,
           sum(good_kg)::float8 as good_kg, sum(ideal_s)::float8 as ideal_s, sum(rated_kg)::float8 as rated_kg
    from h group by i
)
select s.i as k, '' as line_id, '' as recipe_id, '' as schedule_id, s.batches, s.aborted, s.target_kg,
       s.setpoint_kg, s.actual_kg, s.doses, s.out_of_tolerance, s.oot_batches, s.timed_batches, s.duration_s,
       s.good_kg, s.ideal_s, s.rated_kg
from s
