m as (
    select p.k, r.line_id, r.material_id, r.scale_id, r.bin_id, r.doses, r.setpoint_kg, r.actual_kg, r.deviation_kg,
           r.deviation_sq, r.out_of_tolerance
    from p cross join lateral (
        select * from report_material_lday r
        where p.tier = 'D' and r.line_id = p.line_id and r.at >= p.f and r.at < p.t
          and ($6::text[] is null or r.recipe_id = any($6))
        union all
        select * from report_material_lmonth r
        where p.tier = 'M' and r.line_id = p.line_id and r.at >= p.f and r.at < p.t
          and ($6::text[] is null or r.recipe_id = any($6))
        offset 0) r
    union all
    select p.k, r.line_id, r.material_id, r.scale_id, r.bin_id, r.doses, r.setpoint_kg, r.actual_kg, r.deviation_kg,
           r.deviation_sq, r.out_of_tolerance
    from p cross join lateral (
        select * from report_material_hour r
        where p.tier = 'H' and r.line_id = p.line_id and r.at >= p.f and r.at < p.t
          and ($6::text[] is null or r.recipe_id = any($6)) offset 0) r
    union all
    select raw.k, raw.line_id, w.material_id, w.scale_id, coalesce(w.bin_id, ''), 1, w.setpoint_kg, w.actual_kg,
           w.deviation_kg, w.deviation_kg * w.deviation_kg, (not w.in_tolerance)::int::int8
    from raw join weighing w on w.line_id = raw.line_id and w.batch_id = raw.batch_id
)
select k, line_id, material_id, scale_id, bin_id, sum(doses)::int8 as doses, sum(setpoint_kg) as setpoint_kg,
       sum(actual_kg) as actual_kg, sum(deviation_kg) as deviation_kg, sum(deviation_sq) as deviation_sq,
       sum(out_of_tolerance)::int8 as out_of_tolerance
-- In no order: every caller sums the rows into keyed maps, and sorting ten thousand rows by text
-- keys in the database's collation took a third of the year's order report (65 against 45 ms).
from m group by 1, 2, 3, 4, 5
