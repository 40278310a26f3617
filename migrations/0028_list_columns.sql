-- Columns that lists read instead of working them out for every row of every page
-- (docs/ARCHITECTURE.md, "Page speed").
--
-- People are listed by folded surname, then folded first name. fold_name is a SQL function that
-- PostgreSQL cannot inline (unaccent is only stable), so ordering by it called it twice a row on
-- each page: a third of the overview's statement. Each person now keeps both folded names, worked
-- out once when the person is written, and the index lists people in that order.
ALTER TABLE users ADD COLUMN sort_last text GENERATED ALWAYS AS (fold_name(last_name)) STORED,
                  ADD COLUMN sort_first text GENERATED ALWAYS AS (fold_name(first_name)) STORED;
DROP INDEX users_by_surname;
CREATE INDEX users_by_surname ON users (tenant_id, sort_last, sort_first, id);

-- The overview shows the day each invoice's current document was uploaded: the invoice keeps a
-- copy, as it keeps the document's amount (0012, 0016), so a page of the overview does not look
-- up every row's document. The same two triggers copy it, whichever row is written second.
ALTER TABLE invoices ADD COLUMN uploaded_at timestamptz;

CREATE OR REPLACE FUNCTION invoice_takes_document_fields() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'INSERT' AND tenant_rows_released('roster.restore_tenant', NEW.tenant_id, TG_RELID) THEN
        RETURN NEW;
    END IF;
    IF TG_OP = 'UPDATE' AND NEW.document_id IS NOT DISTINCT FROM OLD.document_id THEN
        RETURN NEW;
    END IF;
    SELECT d.amount_minor, d.currency, d.bank_account, d.iban, d.variable_symbol, d.invoice_number, d.supplier_ico, d.due_date,
           d.uploaded_at
    INTO NEW.amount_minor, NEW.currency, NEW.bank_account, NEW.iban, NEW.variable_symbol, NEW.invoice_number,
         NEW.supplier_ico, NEW.due_date, NEW.uploaded_at
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
           supplier_ico = NEW.supplier_ico, due_date = NEW.due_date, uploaded_at = NEW.uploaded_at, corrected = '{}'
    WHERE tenant_id = NEW.tenant_id AND document_id = NEW.id;
    RETURN NULL;
END $$;

-- The invoices there are take their current document's day (row level security let through for
-- the owner for this one statement, as in 0016).
ALTER TABLE invoices NO FORCE ROW LEVEL SECURITY;
ALTER TABLE invoice_documents NO FORCE ROW LEVEL SECURITY;
UPDATE invoices i SET uploaded_at = d.uploaded_at
FROM invoice_documents d WHERE d.tenant_id = i.tenant_id AND d.id = i.document_id;
ALTER TABLE invoices FORCE ROW LEVEL SECURITY;
ALTER TABLE invoice_documents FORCE ROW LEVEL SECURITY;

-- A month's totals per state and currency come from the index in its order: grouped as they are
-- read, with no hash table (the old index had the currency outside its key). The index also
-- serves every other look-up of a month's invoices, so the month's other index goes.
DROP INDEX invoices_month_totals;
DROP INDEX invoices_by_month;
CREATE INDEX invoices_by_month ON invoices (tenant_id, month, state, currency) INCLUDE (amount_minor);
