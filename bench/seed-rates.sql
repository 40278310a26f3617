-- A tenant of 1,000 people (999 plus its admin) in 20 teams, one IČO contract each since 2021,
-- and 20 rate changes each: 20,000 rates from 2021 to 2026. Every 25th person is deactivated
-- and their contract ended in 2025. Run by bench/rates as the owner role on the "bench" tenant.
\set ON_ERROR_STOP on
SELECT set_config('roster.tenant_id', id::text, false) FROM tenants WHERE slug = 'bench';

INSERT INTO teams (tenant_id, name)
SELECT current_tenant_id(), 'Team ' || lpad(g::text, 2, '0') FROM generate_series(1, 20) g;

INSERT INTO users (tenant_id, email, first_name, last_name, roles, team_id, active)
SELECT current_tenant_id(),
       'person' || g || '@bench.example',
       (ARRAY['Jan', 'Eva', 'Petr', 'Jana', 'Tomáš', 'Lucie', 'Martin', 'Klára', 'Ondřej', 'Zuzana'])[1 + g % 10],
       (ARRAY['Novák', 'Svobodová', 'Dvořák', 'Černá', 'Procházka', 'Kučerová', 'Veselý', 'Horáková',
              'Němec', 'Marková', 'Pokorný', 'Pospíšilová', 'Hájek', 'Jelínková', 'Král'])[1 + g % 15] || ' ' || g,
       ARRAY['employee'],
       (SELECT id FROM teams t WHERE t.tenant_id = current_tenant_id() ORDER BY name OFFSET g % 20 LIMIT 1),
       g % 25 <> 0
FROM generate_series(1, 999) g;

INSERT INTO contracts (tenant_id, user_id, kind, valid_from, valid_to, capacity_hours)
SELECT tenant_id, id, 'ico', date '2021-01-01', CASE WHEN active THEN NULL ELSE date '2025-06-30' END, 40
FROM users WHERE tenant_id = current_tenant_id() AND email LIKE 'person%@bench.example';

INSERT INTO contracts (tenant_id, user_id, kind, valid_from, capacity_hours)
SELECT tenant_id, id, 'hpp', date '2021-01-01', 40
FROM users u WHERE tenant_id = current_tenant_id() AND email NOT LIKE 'person%@bench.example'
  AND NOT EXISTS (SELECT 1 FROM contracts c WHERE c.tenant_id = u.tenant_id AND c.user_id = u.id);

-- Rate k of each person takes effect about every 100 days, on a day that varies by person.
INSERT INTO rates (tenant_id, user_id, effective_from, amount_minor, currency)
SELECT u.tenant_id, u.id,
       date '2021-01-01' + k * 100 + (abs(hashtext(u.id::text)) % 28),
       30000 + k * 2000 + (abs(hashtext(u.id::text || k::text)) % 40) * 100,
       'CZK'
FROM users u CROSS JOIN generate_series(0, 19) k
WHERE u.tenant_id = current_tenant_id()
  AND NOT EXISTS (SELECT 1 FROM rates r WHERE r.tenant_id = u.tenant_id AND r.user_id = u.id);

ANALYZE teams, users, contracts, rates;
SELECT (SELECT count(*) FROM users WHERE tenant_id = current_tenant_id()) AS people,
       (SELECT count(*) FROM rates WHERE tenant_id = current_tenant_id()) AS rates;
