-- The batching interface of a connection (issue 32, docs/plant-interface.md): the node id of
-- the line's interface folder on the controller, whose records (doses, mixing steps, batch
-- events, bin movements, calibration checks) and order nodes the connector serves; none: the
-- connection maps tags only.
alter table connection add column interface_node text;
