-- The stop-time report reads a line's states in time order with their state and reported
-- reason: a covering index serves that from the index alone, in order (no sort, no heap).
-- It replaces the plain (line_id, time) index, which it also serves.
create index line_state_line_time_cover_idx on line_state (line_id, time) include (state, stop_reason_id);
drop index line_state_line_time_idx;
