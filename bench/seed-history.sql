-- On top of bench/seed-rates.sql: every one of the 1,000 people of the "bench" tenant gets an
-- invoice for each month from :first to :last months before this one (psql -v first=1 -v
-- last=10): 10 months make 10,000 invoices, 100 months 100,000. Last month's are submitted, the month before's approved,
-- older ones paid; each has one small stand-in document and its history. bench/pages compares
-- the pages at both sizes: a page of one month must not grow with the tenant's history. Every
-- document and invoice number is unique, whichever runs made them, so no invoice is flagged as a
-- copy of another.
\set ON_ERROR_STOP on
SELECT set_config('roster.tenant_id', id::text, false) FROM tenants WHERE slug = 'bench';

CREATE TEMP TABLE bench_invoices AS
SELECT u.id AS user_id, m.month,
       CASE m.age WHEN 1 THEN 'submitted' WHEN 2 THEN 'approved' ELSE 'paid' END::invoice_state AS state,
       gen_random_uuid() AS invoice_id, gen_random_uuid() AS document_id, row_number() OVER () AS n
FROM users u
CROSS JOIN (SELECT age, (date_trunc('month', now()) - make_interval(months => age))::date AS month
            FROM generate_series(:first, :last) age) m
WHERE u.tenant_id = current_tenant_id();

BEGIN;
SET CONSTRAINTS ALL DEFERRED;
INSERT INTO invoices (tenant_id, id, user_id, month, state, document_id)
SELECT current_tenant_id(), invoice_id, user_id, month, state, document_id FROM bench_invoices;
INSERT INTO invoice_documents (tenant_id, id, invoice_id, version_no, filename, content, size_bytes, sha256, uploaded_by,
                               pages, has_text, text, amount_minor, currency, bank_account, variable_symbol, invoice_number,
                               supplier_ico)
SELECT current_tenant_id(), document_id, invoice_id, 1, 'faktura.pdf', convert_to('%PDF-1.4 bench ' || document_id, 'UTF8'),
       length(convert_to('%PDF-1.4 bench ' || document_id, 'UTF8')), sha256(convert_to('%PDF-1.4 bench ' || document_id, 'UTF8')),
       user_id, 1, true, 'Celkem k úhradě', 10000000 + (n % 97) * 100, 'CZK', '19-2000145399/0800',
       to_char(month, 'YYYYMM') || (n % 1000), 'FV-' || to_char(month, 'YYYYMM') || '-' || n, '25596641'
FROM bench_invoices;
INSERT INTO invoice_history (tenant_id, invoice_id, actor_id, from_state, to_state, document_id)
SELECT current_tenant_id(), invoice_id, user_id, NULL, 'submitted', document_id FROM bench_invoices;
COMMIT;
ANALYZE invoices, invoice_documents, invoice_history;

SELECT count(*) AS invoices FROM invoices WHERE tenant_id = current_tenant_id();
