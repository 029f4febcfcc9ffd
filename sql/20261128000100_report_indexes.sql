-- Issue 12: the bin history reads one bin's movements of a range, and the last level before it;
-- the calibration report reads one scale's checks, and its last check ever (its due date).
create index bin_movement_bin_time_idx on bin_movement (line_id, bin_id, time);
create index calibration_check_scale_time_idx on calibration_check (line_id, scale_id, time);
