-- The desk shows whether each invoice's current document has text and a thumbnail. The invoice
-- keeps both now, as it keeps the document's amount and day (0012, 0016, 0028): the same two
-- triggers copy them, whichever row is written second, and a desk of a thousand invoices no longer
-- looks up a thousand documents (docs/ARCHITECTURE.md, "Page speed"). NULL until the document is
-- written (a document's facts never change: 0007).
ALTER TABLE invoices ADD COLUMN document_has_text boolean,
                     ADD COLUMN document_has_thumbnail boolean;

CREATE OR REPLACE FUNCTION invoice_takes_document_fields() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'INSERT' AND tenant_rows_released('roster.restore_tenant', NEW.tenant_id, TG_RELID) THEN
        RETURN NEW;
    END IF;
    IF TG_OP = 'UPDATE' AND NEW.document_id IS NOT DISTINCT FROM OLD.document_id THEN
        RETURN NEW;
    END IF;
    SELECT d.amount_minor, d.currency, d.bank_account, d.iban, d.variable_symbol, d.invoice_number, d.supplier_ico, d.due_date,
           d.uploaded_at, d.has_text, d.thumbnail_png IS NOT NULL
    INTO NEW.amount_minor, NEW.currency, NEW.bank_account, NEW.iban, NEW.variable_symbol, NEW.invoice_number,
         NEW.supplier_ico, NEW.due_date, NEW.uploaded_at, NEW.document_has_text, NEW.document_has_thumbnail
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
           supplier_ico = NEW.supplier_ico, due_date = NEW.due_date, uploaded_at = NEW.uploaded_at,
           document_has_text = NEW.has_text, document_has_thumbnail = NEW.thumbnail_png IS NOT NULL, corrected = '{}'
    WHERE tenant_id = NEW.tenant_id AND document_id = NEW.id;
    RETURN NULL;
END $$;

-- The invoices there are take their current document's (row level security let through for the
-- owner for this one statement, as in 0016 and 0028; the totals of 0030 do not change).
ALTER TABLE invoices NO FORCE ROW LEVEL SECURITY;
ALTER TABLE invoice_documents NO FORCE ROW LEVEL SECURITY;
ALTER TABLE invoices DISABLE TRIGGER invoices_month_totals_on_update;
UPDATE invoices i SET document_has_text = d.has_text, document_has_thumbnail = d.thumbnail_png IS NOT NULL
FROM invoice_documents d WHERE d.tenant_id = i.tenant_id AND d.id = i.document_id;
ALTER TABLE invoices ENABLE TRIGGER invoices_month_totals_on_update;
ALTER TABLE invoices FORCE ROW LEVEL SECURITY;
ALTER TABLE invoice_documents FORCE ROW LEVEL SECURITY;
