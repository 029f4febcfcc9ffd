-- The pieces of the report windows (model::report::pieces): $1 line, $2 window index, $3 tier
-- (M whole months and D whole days of the line's zone, from the local rollups; H whole UTC
-- hours; R raw rows),
-- $4 from, $5 to (half-open). Filters: $6 recipe version ids (null: every recipe), $7 order id
-- (null: every order), $8 batch id (null: every batch). An order or batch filter comes with
-- raw pieces only.
with p as (
    select * from unnest($1::text[], $2::int4[], $3::text[], $4::timestamptz[], $5::timestamptz[])
        as p(line_id, k, tier, f, t)
),
raw as (
    select p.k, b.line_id, b.batch_id, b.recipe_id, coalesce(b.production_schedule_id, '') as schedule_id, b.status,
           b.target_kg, b.started_at, b.ended_at, b.ideal_rate_kg_h
    from p cross join lateral (
        select * from production_batch b
        where p.tier = 'R' and b.line_id = p.line_id and b.ended_at >= p.f and b.ended_at < p.t
          and ($6::text[] is null or b.recipe_id = any($6))
          and ($7::text is null or b.production_schedule_id = $7)
          and ($8::text is null or b.batch_id = $8) offset 0) b
),
