-- Batches per whole UTC day in [$2, $3) of lines $1 from the day rollup, newest first, days
-- without any left out. Filters $4 recipe versions, $5 order ('' none), and which batches
-- count: $6 'ALL', 'ABORTED' or 'OOT' (with a dose out of tolerance).
select at, sum(case $6::text when 'ABORTED' then aborted when 'OOT' then oot_batches else batches end)::int8 as "n!"
from report_batch_day
where line_id = any($1) and at >= $2 and at < $3
  and ($4::text[] is null or recipe_id = any($4))
  and ($5::text is null or schedule_id = $5)
group by at
having sum(case $6::text when 'ABORTED' then aborted when 'OOT' then oot_batches else batches end) > 0
order by at desc
