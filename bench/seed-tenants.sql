-- 1,000 companies of 50 people each beside the "bench" tenant (bench/cluster): one IČO contract
-- and one rate each, and an invoice for each of the last three months (150,000 invoices with a
-- small stand-in document and their history). Run as the owner role; row level security is
-- forced for it too, so each company's rows are written with that company set.
\set ON_ERROR_STOP on
SET client_min_messages = warning;
INSERT INTO tenants (slug, name)
SELECT 'company-' || g, 'Company ' || g || ' s.r.o.' FROM generate_series(1, 1000) g
ON CONFLICT DO NOTHING;

DO $$
DECLARE
    company record;
BEGIN
    FOR company IN SELECT id, slug FROM tenants WHERE slug LIKE 'company-%' ORDER BY slug LOOP
        PERFORM set_config('roster.tenant_id', company.id::text, true);
        IF EXISTS (SELECT 1 FROM users WHERE tenant_id = company.id) THEN CONTINUE; END IF;
        INSERT INTO users (tenant_id, email, first_name, last_name, roles)
        SELECT company.id, 'person' || g || '@' || company.slug || '.example',
               (ARRAY['Jan', 'Eva', 'Petr', 'Jana', 'Tomáš'])[1 + g % 5], 'Novák ' || g,
               CASE WHEN g = 1 THEN ARRAY['employee', 'admin'] ELSE ARRAY['employee'] END
        FROM generate_series(1, 50) g;
        INSERT INTO contracts (tenant_id, user_id, kind, valid_from, capacity_hours)
        SELECT tenant_id, id, 'ico', date '2024-01-01', 40 FROM users WHERE tenant_id = company.id;
        INSERT INTO rates (tenant_id, user_id, effective_from, amount_minor, currency)
        SELECT tenant_id, id, date '2024-01-01', 60000, 'CZK' FROM users WHERE tenant_id = company.id;
        CREATE TEMP TABLE IF NOT EXISTS company_invoices (user_id uuid, month date, state invoice_state, invoice_id uuid,
                                                          document_id uuid, n bigint) ON COMMIT DROP;
        TRUNCATE company_invoices;
        INSERT INTO company_invoices
        SELECT u.id, (date_trunc('month', now()) - make_interval(months => age))::date,
               CASE age WHEN 1 THEN 'submitted' WHEN 2 THEN 'approved' ELSE 'paid' END::invoice_state,
               gen_random_uuid(), gen_random_uuid(), row_number() OVER ()
        FROM users u CROSS JOIN generate_series(1, 3) age WHERE u.tenant_id = company.id;
        SET CONSTRAINTS ALL DEFERRED;
        INSERT INTO invoices (tenant_id, id, user_id, month, state, document_id)
        SELECT company.id, invoice_id, user_id, month, state, document_id FROM company_invoices;
        INSERT INTO invoice_documents (tenant_id, id, invoice_id, version_no, filename, content, size_bytes, sha256,
                                       uploaded_by, pages, has_text, text, amount_minor, currency)
        SELECT company.id, document_id, invoice_id, 1, 'faktura.pdf', convert_to('%PDF-1.4 company ' || n, 'UTF8'),
               length(convert_to('%PDF-1.4 company ' || n, 'UTF8')), sha256(convert_to('%PDF-1.4 company ' || n, 'UTF8')),
               user_id, 1, true, 'Celkem k úhradě', 960000, 'CZK'
        FROM company_invoices;
        INSERT INTO invoice_history (tenant_id, invoice_id, actor_id, from_state, to_state, document_id)
        SELECT company.id, invoice_id, user_id, NULL, 'submitted', document_id FROM company_invoices;
    END LOOP;
END $$;
ANALYZE tenants, users, contracts, rates, invoices, invoice_documents, invoice_history;
SELECT count(*) AS companies FROM tenants WHERE slug LIKE 'company-%';
