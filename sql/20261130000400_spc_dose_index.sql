-- The SPC chart of a material's dosing error reads that material's doses of a line over a
-- range (issue 13): by line, material (any case) and time, instead of every dose of every
-- batch of the range.
create index weighing_line_material_time_idx on weighing (line_id, upper(material_id), time);
