-- A material's hours on a line, for the reports of one material (or category) cut into shifts
-- or days: without it such a report reads every material's hours of the range (decision 64).
create index report_material_hour_material_idx on report_material_hour (line_id, material_id, at);
