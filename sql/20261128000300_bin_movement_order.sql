-- A bin's last level before an instant is its latest movement by (time, id): this index gives
-- that order for one bin, so the lookup does not wander off on the time index.
create index bin_movement_bin_order_idx on bin_movement (line_id, bin_id, time, id);
drop index bin_movement_bin_time_idx;
