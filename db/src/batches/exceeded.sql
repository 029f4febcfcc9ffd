-- Batches of lines $1 that ended in [$2, $3) and went past a limit of one of the report
-- parameters $7 (null: any) of their line: found from the parameters' min/max indexes, so the
-- cost follows the batches that exceeded, not the range. Filters $4 recipe versions, $5 order,
-- $6 batch (null: all).
with lim as (
    select r.line_id::text as line_id, r.code, r.low_limit, r.high_limit
    from report_parameter r
    where r.deleted_at is null and r.line_id::text = any($1) and ($7::text[] is null or upper(r.code) = any($7))
),
hit as (
    select distinct p.line_id, p.batch_id
    from lim cross join lateral (
        select p.line_id, p.batch_id from batch_parameter p
        where p.line_id = lim.line_id and p.parameter_code = lim.code and p.max_value > lim.high_limit
        union all
        select p.line_id, p.batch_id from batch_parameter p
        where p.line_id = lim.line_id and p.parameter_code = lim.code and p.min_value < lim.low_limit) p
),
found as (
    select b.* from hit join production_batch b on b.line_id = hit.line_id and b.batch_id = hit.batch_id
    where b.ended_at >= $2 and b.ended_at < $3
      and ($4::text[] is null or b.recipe_id = any($4))
      and ($5::text is null or b.production_schedule_id = $5)
      and ($6::text is null or b.batch_id = $6)
)
