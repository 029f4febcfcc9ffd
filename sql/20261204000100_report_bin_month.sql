-- Issue 31, item 9: the bin history of every bin over a year summed 82,000 rows of report_bin_day
-- (8 lines, 365 days): the movements of each bin per UTC month, kept by ingest in the same
-- statement as the days, so a long range reads whole months, whole days around them and raw
-- movements at its edges. The columns are report_bin_day's; the last level of a month is the level
-- of its latest movement (time, then id).
create table report_bin_month (like report_bin_day including defaults);
alter table report_bin_month add constraint report_bin_month_pkey primary key (line_id, at, bin_id, material_id, kind);

insert into report_bin_month
select line_id, date_trunc('month', at, 'UTC'), bin_id, material_id, kind, sum(movements), sum(delta_kg),
       min(min_level_kg), max(max_level_kg), max(last_at),
       (array_agg(last_id order by last_at desc, last_id desc))[1],
       (array_agg(last_level_kg order by last_at desc, last_id desc))[1]
from report_bin_day
group by 1, 2, 3, 4, 5;

analyze report_bin_month;
