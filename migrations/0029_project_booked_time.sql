-- The time booked on each project, kept on the project as entries are written (docs/ARCHITECTURE.md,
-- "Page speed"). The projects page showed every project's total as a sum over all its entries:
-- with a year of time of a thousand people (1.2 million entries) one view of the page took
-- 0.6 seconds of the database, and it grew with every day booked.
--
-- Statement-level triggers add the entries a statement wrote and subtract the ones it removed,
-- one update of each project touched, in the order of the projects' ids (two statements booking on
-- the same two projects lock them in the same order). An export writes the column as it is, so an
-- import keeps it and erasure deletes it with the project: the triggers leave the totals alone
-- when the transaction restores or erases the company (`tenant_rows_released`, 0027).
ALTER TABLE projects ADD COLUMN booked_seconds bigint NOT NULL DEFAULT 0;

CREATE FUNCTION project_booked_time() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    touched_tenants uuid[];
    touched_projects uuid[];
    changes bigint[];
BEGIN
    IF tenant_rows_released(CASE TG_OP WHEN 'INSERT' THEN 'roster.restore_tenant' ELSE 'roster.erase_tenant' END,
                            current_tenant_id(), TG_RELID) THEN
        RETURN NULL;
    END IF;
    -- Each event has its own transition tables: a statement may name only the ones it has.
    IF TG_OP = 'INSERT' THEN
        SELECT array_agg(tenant_id ORDER BY tenant_id, project_id), array_agg(project_id ORDER BY tenant_id, project_id),
               array_agg(change ORDER BY tenant_id, project_id)
        INTO touched_tenants, touched_projects, changes
        FROM (SELECT tenant_id, project_id, sum(seconds)::bigint AS change FROM added GROUP BY tenant_id, project_id) c;
    ELSIF TG_OP = 'DELETE' THEN
        SELECT array_agg(tenant_id ORDER BY tenant_id, project_id), array_agg(project_id ORDER BY tenant_id, project_id),
               array_agg(change ORDER BY tenant_id, project_id)
        INTO touched_tenants, touched_projects, changes
        FROM (SELECT tenant_id, project_id, -sum(seconds)::bigint AS change FROM removed GROUP BY tenant_id, project_id) c;
    ELSE
        SELECT array_agg(tenant_id ORDER BY tenant_id, project_id), array_agg(project_id ORDER BY tenant_id, project_id),
               array_agg(change ORDER BY tenant_id, project_id)
        INTO touched_tenants, touched_projects, changes
        FROM (SELECT tenant_id, project_id, sum(seconds)::bigint AS change
              FROM (SELECT tenant_id, project_id, seconds FROM added
                    UNION ALL
                    SELECT tenant_id, project_id, -seconds FROM removed) u
              GROUP BY tenant_id, project_id) c
        WHERE change <> 0;
    END IF;
    IF touched_tenants IS NULL THEN
        RETURN NULL;
    END IF;
    PERFORM FROM projects p JOIN unnest(touched_tenants, touched_projects) c (tenant_id, id) ON c.tenant_id = p.tenant_id AND c.id = p.id
    ORDER BY p.tenant_id, p.id FOR NO KEY UPDATE OF p;
    UPDATE projects p SET booked_seconds = p.booked_seconds + c.change
    FROM unnest(touched_tenants, touched_projects, changes) c (tenant_id, id, change)
    WHERE p.tenant_id = c.tenant_id AND p.id = c.id;
    RETURN NULL;
END $$;

CREATE TRIGGER time_entries_book_projects_on_insert AFTER INSERT ON time_entries
    REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION project_booked_time();
CREATE TRIGGER time_entries_book_projects_on_update AFTER UPDATE ON time_entries
    REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION project_booked_time();
CREATE TRIGGER time_entries_book_projects_on_delete AFTER DELETE ON time_entries
    REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION project_booked_time();

-- The entries there are (row level security let through for the owner for this one statement, as
-- in 0016 and 0028).
ALTER TABLE projects NO FORCE ROW LEVEL SECURITY;
ALTER TABLE time_entries NO FORCE ROW LEVEL SECURITY;
UPDATE projects p SET booked_seconds = e.seconds
FROM (SELECT tenant_id, project_id, sum(seconds)::bigint AS seconds FROM time_entries GROUP BY tenant_id, project_id) e
WHERE p.tenant_id = e.tenant_id AND p.id = e.project_id;
ALTER TABLE projects FORCE ROW LEVEL SECURITY;
ALTER TABLE time_entries FORCE ROW LEVEL SECURITY;
