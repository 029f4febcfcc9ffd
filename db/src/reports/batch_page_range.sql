-- One page of the batches that ended in [$2, $3) on lines $1, newest first (the index on
-- ended_at gives the order). Filters: $4 recipe version ids, $5 order id, $6 batch id (null: all).
-- $7 limit, $8 offset.
with page as (
    select b.* from production_batch b
    where b.line_id = any($1) and b.ended_at >= $2 and b.ended_at < $3
      and ($4::text[] is null or b.recipe_id = any($4))
      and ($5::text is null or b.production_schedule_id = $5)
      and ($6::text is null or b.batch_id = $6)
    order by b.ended_at desc, b.line_id, b.batch_id
    limit $7 offset $8
)
