-- Tenant export, import and erasure (docs/ARCHITECTURE.md, "Tenant export, import and erasure").
-- `Roster tenant delete` erases a company whole (the right to erasure), and `Roster tenant import`
-- restores an exported company exactly as it was. History is append-only (0002, 0015) and some
-- triggers write or refuse rows on their own (0016, 0023), so each needs one exception:
--
-- * `roster.erase_tenant` = the company's id lets the transaction DELETE that company's rows from
--   the append-only tables and the time entries of its closed months, and its row in `tenants`.
-- * `roster.restore_tenant` = the company's id lets the transaction INSERT that company's rows as
--   they were exported: an invoice keeps its corrected values instead of taking its document's,
--   and time and absences of closed months are written back.
--
-- Either is honoured only for the company the transaction has entered (`roster.tenant_id`, which
-- row level security binds too), and only when the role running the statement owns the table.
-- Any role can set a `roster.*` setting, but the application role (the server's DATABASE_URL)
-- owns no table: a request, whatever it made the server run, cannot erase or rewrite history.
-- The commands connect as the owner role of the migrations, the only place either is set.

CREATE FUNCTION tenant_rows_released(setting text, tenant uuid, tbl oid) RETURNS boolean
    LANGUAGE plpgsql STABLE AS $$
BEGIN
    IF tenant IS NULL OR coalesce(lower(current_setting(setting, true)), '') <> tenant::text
       OR tenant IS DISTINCT FROM current_tenant_id() THEN
        RETURN false;
    END IF;
    RETURN EXISTS (SELECT FROM pg_class c WHERE c.oid = tbl AND pg_has_role(current_user, c.relowner, 'MEMBER'));
END $$;

CREATE OR REPLACE FUNCTION refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'DELETE' AND tenant_rows_released('roster.erase_tenant', OLD.tenant_id, TG_RELID) THEN
        RETURN OLD;
    END IF;
    IF lower(current_setting('roster.demo_rewrite', true)) = OLD.tenant_id::text
       AND EXISTS (SELECT 1 FROM tenants WHERE id = OLD.tenant_id AND demo) THEN
        IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
        IF NEW.tenant_id = OLD.tenant_id THEN RETURN NEW; END IF;
    END IF;
    RAISE EXCEPTION '% is append-only', TG_TABLE_NAME;
END $$;

CREATE OR REPLACE FUNCTION refuse_entry_of_closed_month() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'DELETE' AND tenant_rows_released('roster.erase_tenant', OLD.tenant_id, TG_RELID) THEN
        RETURN OLD;
    END IF;
    IF TG_OP = 'INSERT' AND tenant_rows_released('roster.restore_tenant', NEW.tenant_id, TG_RELID) THEN
        RETURN NEW;
    END IF;
    IF TG_OP <> 'INSERT' AND EXISTS (
        SELECT FROM time_months m WHERE m.tenant_id = OLD.tenant_id AND m.user_id = OLD.user_id
          AND m.month = date_trunc('month', OLD.work_date)::date AND m.status IN ('submitted', 'approved')) THEN
        RAISE EXCEPTION 'the month of this time entry is closed' USING ERRCODE = 'RM001';
    END IF;
    IF TG_OP <> 'DELETE' AND EXISTS (
        SELECT FROM time_months m WHERE m.tenant_id = NEW.tenant_id AND m.user_id = NEW.user_id
          AND m.month = date_trunc('month', NEW.work_date)::date AND m.status IN ('submitted', 'approved')) THEN
        RAISE EXCEPTION 'the month of this time entry is closed' USING ERRCODE = 'RM001';
    END IF;
    RETURN coalesce(NEW, OLD);
END $$;

CREATE OR REPLACE FUNCTION refuse_absence_of_closed_month() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'INSERT' AND tenant_rows_released('roster.restore_tenant', NEW.tenant_id, TG_RELID) THEN
        RETURN NEW;
    END IF;
    IF EXISTS (
        SELECT FROM time_months m WHERE m.tenant_id = NEW.tenant_id AND m.user_id = NEW.user_id AND m.status = 'approved'
          AND m.month BETWEEN date_trunc('month', NEW.first_day)::date AND date_trunc('month', NEW.last_day)::date) THEN
        RAISE EXCEPTION 'an absence in a closed month' USING ERRCODE = 'RM002';
    END IF;
    RETURN NEW;
END $$;

CREATE OR REPLACE FUNCTION invoice_takes_document_fields() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'INSERT' AND tenant_rows_released('roster.restore_tenant', NEW.tenant_id, TG_RELID) THEN
        RETURN NEW;
    END IF;
    IF TG_OP = 'UPDATE' AND NEW.document_id IS NOT DISTINCT FROM OLD.document_id THEN
        RETURN NEW;
    END IF;
    SELECT d.amount_minor, d.currency, d.bank_account, d.iban, d.variable_symbol, d.invoice_number, d.supplier_ico, d.due_date
    INTO NEW.amount_minor, NEW.currency, NEW.bank_account, NEW.iban, NEW.variable_symbol, NEW.invoice_number,
         NEW.supplier_ico, NEW.due_date
    FROM invoice_documents d WHERE d.tenant_id = NEW.tenant_id AND d.id = NEW.document_id;
    NEW.corrected := '{}';
    RETURN NEW;
END $$;

CREATE OR REPLACE FUNCTION document_gives_invoice_fields() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF tenant_rows_released('roster.restore_tenant', NEW.tenant_id, TG_RELID) THEN
        RETURN NULL;
    END IF;
    UPDATE invoices SET amount_minor = NEW.amount_minor, currency = NEW.currency, bank_account = NEW.bank_account,
           iban = NEW.iban, variable_symbol = NEW.variable_symbol, invoice_number = NEW.invoice_number,
           supplier_ico = NEW.supplier_ico, due_date = NEW.due_date, corrected = '{}'
    WHERE tenant_id = NEW.tenant_id AND document_id = NEW.id;
    RETURN NULL;
END $$;

-- A company's row could not be deleted at all (no policy for DELETE): only its erasure may.
CREATE POLICY tenants_erase ON tenants FOR DELETE
    USING (tenant_rows_released('roster.erase_tenant', id, 'tenants'::regclass));
