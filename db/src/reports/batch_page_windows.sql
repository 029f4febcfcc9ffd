-- One page of the batches that ended in the windows ($1 line, $2 from, $3 to; half-open),
-- newest first. Filters: $4 recipe version ids, $5 order id, $6 batch id (null: all).
-- $7 limit, $8 offset.
with page as (
    select b.* from production_batch b
    join unnest($1::text[], $2::timestamptz[], $3::timestamptz[]) as w(line_id, f, t)
        on b.line_id = w.line_id and b.ended_at >= w.f and b.ended_at < w.t
    where ($4::text[] is null or b.recipe_id = any($4))
      and ($5::text is null or b.production_schedule_id = $5)
      and ($6::text is null or b.batch_id = $6)
    order by b.ended_at desc, b.line_id, b.batch_id
    limit $7 offset $8
)
