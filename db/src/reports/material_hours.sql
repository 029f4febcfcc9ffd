-- $5 recipe version ids, $6 material codes (null: every one).
h as (
    select l.lo + width_bucket(r.at, l.th) - 1 as i, r.material_id, r.scale_id, r.bin_id, r.doses, r.setpoint_kg,
           r.actual_kg, r.deviation_kg, r.deviation_sq, r.out_of_tolerance
    from l cross join lateral (
        select * from report_material_hour r
        where $6::text[] is null and r.line_id = l.line_id and r.at >= l.th[1] and r.at < l.th[cardinality(l.th)]
          and ($5::text[] is null or r.recipe_id = any($5))
        union all
        -- The filter's materials only, by the (line_id, material_id, at) index.
        select * from report_material_hour r
        where r.line_id = l.line_id and r.material_id = any($6) and r.at >= l.th[1]
          and r.at < l.th[cardinality(l.th)] and ($5::text[] is null or r.recipe_id = any($5))
        offset 0) r
),
s as (
    select i, material_id, scale_id, bin_id, sum(doses)::int8 as doses, sum(setpoint_kg) as setpoint_kg,
           sum(actual_kg) as actual_kg, sum(deviation_kg) as deviation_kg, sum(deviation_sq) as deviation_sq,
           sum(out_of_tolerance)::int8 as out_of_tolerance
    from h group by 1, 2, 3, 4
)
select s.i as k, '' as line_id, s.material_id, s.scale_id, s.bin_id, s.doses, s.setpoint_kg, s.actual_kg,
       s.deviation_kg, s.deviation_sq, s.out_of_tolerance
from s
