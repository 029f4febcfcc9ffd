-- The audit trail refuses TRUNCATE too (issue 30): UPDATE and DELETE were refused from the
-- start (20261122000100), but a TRUNCATE fires no row or statement DELETE trigger.
create trigger audit_log_no_truncate before truncate on audit_log
    for each statement execute function audit_log_append_only();
