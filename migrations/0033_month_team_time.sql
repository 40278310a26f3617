-- The month of time's team table: everyone in a viewer's reach for seeing time, with their
-- month's time, in the order of every list of people (docs/ARCHITECTURE.md, "Page speed").
--
-- The month's first view read it in two branches of its statement, one per reach beyond one's
-- own, and PostgreSQL starts every node of a statement's plan on every execution, a branch that
-- returns nothing included: for someone who sees only their own month, the two branches were a
-- sixth of the statement. Behind a PL/pgSQL function (never inlined), the statement calls it
-- only for a viewer whose reach goes beyond their own, and starts none of it otherwise.
--
-- The reach is the statement's (`Permissions.reachSQL`, from the viewer's roles); the people in
-- it are `TimeReportQueries.inReach`'s: 2 everyone active, 1 the viewer and the people of the
-- teams they lead, any other nobody. `MonthFirstViewTests` checks the first view against the
-- page's own statement, which applies that rule, for a leader and an admin. The function runs
-- with the caller's rights, so row level security keeps it to the company the caller entered.
CREATE FUNCTION month_team_time(for_tenant uuid, for_viewer uuid, for_reach int, from_day date, to_day date)
RETURNS TABLE (member_id uuid, member_name text, member_seconds bigint, member_entries int, member_n bigint)
LANGUAGE plpgsql STABLE AS $$
BEGIN
    IF for_reach IS NULL OR for_reach NOT IN (1, 2) THEN
        RETURN;
    END IF;
    RETURN QUERY
    SELECT u.id, u.last_name || ' ' || u.first_name, coalesce(sum(e.seconds), 0)::bigint, count(e.id)::int,
           row_number() OVER (ORDER BY u.sort_last, u.sort_first, u.id)
    FROM users u
    LEFT JOIN time_entries e ON e.tenant_id = u.tenant_id AND e.user_id = u.id
                            AND e.work_date BETWEEN from_day AND to_day
    WHERE u.tenant_id = for_tenant AND u.active
      AND (for_reach = 2 OR u.id = for_viewer
           OR u.team_id IN (SELECT t.id FROM teams t WHERE t.tenant_id = for_tenant AND t.leader_id = for_viewer))
    GROUP BY u.id, u.last_name, u.first_name, u.sort_last, u.sort_first;
END $$;
