-- One bin's level in steps of $5 from $2 to $3 (lines $1, bin $4): the last level of each step,
-- its lowest and highest. With day steps ($6, $7 the whole UTC days of the range) the whole days
-- come from report_bin_day and only the partial days at the edges from the raw movements.
with raw as (
    select time, id, level_kg from bin_movement
    where line_id = any($1) and bin_id = $4 and time >= $2 and time < coalesce($6::timestamptz, $3)
    union all
    select time, id, level_kg from bin_movement
    where $6::timestamptz is not null and line_id = any($1) and bin_id = $4 and time >= $7 and time < $3
), steps as (
    select date_bin($5::interval, time, coalesce($6, $2)) as time,
           (array_agg(level_kg order by time desc, id desc))[1] as level_kg, min(level_kg) as min_kg,
           max(level_kg) as max_kg
    from raw group by 1
    union all
    select at, (array_agg(last_level_kg order by last_at desc, last_id desc))[1], min(min_level_kg),
           max(max_level_kg)
    from report_bin_day
    where $6::timestamptz is not null and line_id = any($1) and bin_id = $4 and at >= $6 and at < $7
    group by 1
)
select time as "time!", level_kg as "level_kg!", min_kg as "min_kg!", max_kg as "max_kg!" from steps order by time
