-- On top of bench/seed-rates.sql: everyone of the "bench" tenant (1,000 people) has an approved
-- invoice for the month before last and a submitted one for last month, with small stand-in
-- documents, so the desk has real work: flags, expected amounts, history.
\set ON_ERROR_STOP on
SELECT set_config('roster.tenant_id', id::text, false) FROM tenants WHERE slug = 'bench';

CREATE TEMP TABLE bench_months AS
SELECT (date_trunc('month', now()) - interval '2 months')::date AS month, 'approved'::invoice_state AS state
UNION ALL
SELECT (date_trunc('month', now()) - interval '1 month')::date, 'submitted';

CREATE TEMP TABLE bench_invoices AS
SELECT u.id AS user_id, m.month, m.state, gen_random_uuid() AS invoice_id, gen_random_uuid() AS document_id,
       row_number() OVER () AS n
FROM users u CROSS JOIN bench_months m
WHERE u.tenant_id = current_tenant_id();

BEGIN;
SET CONSTRAINTS ALL DEFERRED;
INSERT INTO invoices (tenant_id, id, user_id, month, state, document_id)
SELECT current_tenant_id(), invoice_id, user_id, month, state, document_id FROM bench_invoices;
INSERT INTO invoice_documents (tenant_id, id, invoice_id, version_no, filename, content, size_bytes, sha256, uploaded_by,
                               pages, has_text, text, amount_minor, currency, bank_account, variable_symbol, invoice_number,
                               supplier_ico)
SELECT current_tenant_id(), document_id, invoice_id, 1, 'faktura.pdf', convert_to('%PDF-1.4 bench ' || n, 'UTF8'),
       length(convert_to('%PDF-1.4 bench ' || n, 'UTF8')), sha256(convert_to('%PDF-1.4 bench ' || n, 'UTF8')), user_id,
       1, true, 'Celkem k úhradě', 10000000 + (n % 97) * 100, 'CZK',
       -- Every 50th person changed their account since the approved invoice.
       CASE WHEN n % 50 = 0 AND state = 'submitted' THEN '2000145399/0800' ELSE '19-2000145399/0800' END,
       to_char(month, 'YYYYMM') || n, 'FV-' || n, '25596641'
FROM bench_invoices;
INSERT INTO invoice_history (tenant_id, invoice_id, actor_id, from_state, to_state, document_id)
SELECT current_tenant_id(), invoice_id, user_id, NULL, 'submitted', document_id FROM bench_invoices;
COMMIT;
ANALYZE;

SELECT state, count(*) AS invoices FROM invoices WHERE tenant_id = current_tenant_id() GROUP BY state ORDER BY state;
