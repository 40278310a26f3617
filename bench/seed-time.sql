-- On top of bench/seed-rates.sql: a year of time for the "bench" tenant. Ten projects of two
-- clients; every active person books five entries of 90 minutes on each working day of the
-- twelve months before this one and of this month up to yesterday (about 1.3 million entries);
-- the past months are submitted and approved. Team 01 is led by person20 (a member of it).
-- Run by bench/time as the owner role.
\set ON_ERROR_STOP on
SELECT set_config('roster.tenant_id', id::text, false) FROM tenants WHERE slug = 'bench';

INSERT INTO clients (tenant_id, name) VALUES (current_tenant_id(), 'Kofola'), (current_tenant_id(), 'Globus');
INSERT INTO projects (tenant_id, client_id, name)
SELECT current_tenant_id(), c.id, c.name || ' project ' || g
FROM clients c CROSS JOIN generate_series(1, 5) g WHERE c.tenant_id = current_tenant_id();

UPDATE teams SET leader_id = (SELECT id FROM users WHERE tenant_id = current_tenant_id() AND email = 'person20@bench.example')
WHERE tenant_id = current_tenant_id() AND name = 'Team 01';
UPDATE users SET roles = ARRAY['employee', 'team_leader'] WHERE tenant_id = current_tenant_id() AND email = 'person20@bench.example';

CREATE TEMP TABLE bench_days AS
SELECT d::date AS day FROM generate_series(date_trunc('month', now()) - interval '12 months', current_date - 1, interval '1 day') d
WHERE extract(isodow FROM d) < 6;
CREATE TEMP TABLE bench_projects AS SELECT array_agg(id ORDER BY name) AS ids FROM projects WHERE tenant_id = current_tenant_id();

INSERT INTO time_entries (tenant_id, user_id, project_id, work_date, started_at, ended_at, description)
SELECT current_tenant_id(), u.id, p.ids[1 + (abs(hashtext(u.id::text)) + n + extract(doy FROM d.day)::int) % 10], d.day,
       (d.day + time '07:00' + n * interval '100 minutes') AT TIME ZONE 'Europe/Prague',
       (d.day + time '07:00' + n * interval '100 minutes' + interval '90 minutes') AT TIME ZONE 'Europe/Prague',
       'Work item ' || n
FROM users u CROSS JOIN bench_days d CROSS JOIN generate_series(0, 4) n CROSS JOIN bench_projects p
WHERE u.tenant_id = current_tenant_id() AND u.active;

-- Approved as the month close approves them: with each day's seconds.
INSERT INTO time_months (tenant_id, user_id, month, status, decided_by, decided_at, day_seconds)
SELECT current_tenant_id(), u.id, m::date, 'approved',
       (SELECT id FROM users WHERE tenant_id = current_tenant_id() AND email = 'admin@bench.example'), now(),
       ARRAY(SELECT coalesce(sum(e.seconds), 0)::int
             FROM generate_series(m::date, (m + interval '1 month' - interval '1 day')::date, interval '1 day') AS g(day)
             LEFT JOIN time_entries e ON e.tenant_id = u.tenant_id AND e.user_id = u.id AND e.work_date = g.day::date
             GROUP BY g.day ORDER BY g.day)
FROM users u CROSS JOIN generate_series(date_trunc('month', now()) - interval '12 months', date_trunc('month', now()) - interval '1 month', interval '1 month') m
WHERE u.tenant_id = current_tenant_id() AND u.active;

ANALYZE clients, projects, time_entries, time_months, teams, users;
