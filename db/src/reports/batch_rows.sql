b as (
    select p.k, r.line_id, r.recipe_id, r.schedule_id, r.batches, r.aborted, r.target_kg, r.setpoint_kg, r.actual_kg,
           r.doses, r.out_of_tolerance, r.oot_batches, r.timed_batches, r.duration_s, r.good_kg, r.ideal_s, r.rated_kg
    from p cross join lateral (
        select * from report_batch_lday r
        where p.tier = 'D' and r.line_id = p.line_id and r.at >= p.f and r.at < p.t
          and ($6::text[] is null or r.recipe_id = any($6))
        union all
        select * from report_batch_lmonth r
        where p.tier = 'M' and r.line_id = p.line_id and r.at >= p.f and r.at < p.t
          and ($6::text[] is null or r.recipe_id = any($6))
        offset 0) r
    union all
    select p.k, r.line_id, r.recipe_id, r.schedule_id, r.batches, r.aborted, r.target_kg, r.setpoint_kg, r.actual_kg,
           r.doses, r.out_of_tolerance, r.oot_batches, r.timed_batches, r.duration_s, r.good_kg, r.ideal_s, r.rated_kg
    from p cross join lateral (
        select * from report_batch_hour r
        where p.tier = 'H' and r.line_id = p.line_id and r.at >= p.f and r.at < p.t
          and ($6::text[] is null or r.recipe_id = any($6)) offset 0) r
    union all
    select raw.k, raw.line_id, raw.recipe_id, raw.schedule_id, 1, (raw.status = 'ABORTED')::int::int8, raw.target_kg,
           coalesce(s.setpoint_kg, 0), coalesce(s.actual_kg, 0), coalesce(s.doses, 0), coalesce(s.oot, 0),
           (coalesce(s.oot, 0) > 0)::int::int8, (raw.started_at is not null)::int::int8,
           coalesce(extract(epoch from raw.ended_at - raw.started_at)::float8, 0),
           case when raw.status <> 'ABORTED' and coalesce(s.oot, 0) = 0 then coalesce(s.actual_kg, 0) else 0 end::float8,
           coalesce(s.actual_kg / raw.ideal_rate_kg_h * 3600, 0)::float8,
           case when raw.ideal_rate_kg_h is not null then coalesce(s.actual_kg, 0) else 0 end::float8
    from raw left join lateral (
        select sum(w.setpoint_kg) as setpoint_kg, sum(w.actual_kg) as actual_kg, count(*) as doses,
               count(*) filter (where not w.in_tolerance) as oot
        from weighing w where w.line_id = raw.line_id and w.batch_id = raw.batch_id) s on true
)
select k, line_id, recipe_id, schedule_id, sum(batches)::int8 as batches, sum(aborted)::int8 as aborted,
       sum(target_kg) as target_kg, sum(setpoint_kg) as setpoint_kg, sum(actual_kg) as actual_kg,
       sum(doses)::int8 as doses, sum(out_of_tolerance)::int8 as out_of_tolerance,
       sum(oot_batches)::int8 as oot_batches, sum(timed_batches)::int8 as timed_batches,
       sum(duration_s)::float8 as duration_s, sum(good_kg)::float8 as good_kg, sum(ideal_s)::float8 as ideal_s,
       sum(rated_kg)::float8 as rated_kg
-- In no order: every caller sums the rows into keyed maps, and sorting ten thousand rows by text
-- keys in the database's collation took a third of the year's order report (65 against 45 ms).
from b group by 1, 2, 3, 4
