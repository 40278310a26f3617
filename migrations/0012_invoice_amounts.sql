-- The invoice overview's totals add up, per state, the amounts read from each invoice's current
-- document. Each invoice keeps a copy of that amount and currency, so the totals of a month are
-- one index-only scan of the month's invoices, whatever the size of the tenant's history.
--
-- The copy is kept by the database, not by the code that writes invoices: whichever of the
-- invoice row and its document is written second copies the amount. Documents are append-only
-- (0007), so a document's amount never changes after it is written.
ALTER TABLE invoices ADD COLUMN amount_minor bigint, ADD COLUMN currency text CHECK (currency ~ '^[A-Z]{3}$');

CREATE FUNCTION invoice_takes_document_amount() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    SELECT d.amount_minor, d.currency INTO NEW.amount_minor, NEW.currency
    FROM invoice_documents d WHERE d.tenant_id = NEW.tenant_id AND d.id = NEW.document_id;
    RETURN NEW;
END $$;

CREATE TRIGGER invoice_amount_from_document BEFORE INSERT OR UPDATE OF document_id ON invoices
    FOR EACH ROW EXECUTE FUNCTION invoice_takes_document_amount();

CREATE FUNCTION document_gives_invoice_amount() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE invoices SET amount_minor = NEW.amount_minor, currency = NEW.currency
    WHERE tenant_id = NEW.tenant_id AND document_id = NEW.id
      AND (amount_minor, currency) IS DISTINCT FROM (NEW.amount_minor, NEW.currency);
    RETURN NULL;
END $$;

CREATE TRIGGER document_amount_to_invoice AFTER INSERT ON invoice_documents
    FOR EACH ROW EXECUTE FUNCTION document_gives_invoice_amount();

UPDATE invoices i SET amount_minor = d.amount_minor, currency = d.currency
FROM invoice_documents d WHERE d.tenant_id = i.tenant_id AND d.id = i.document_id;

CREATE INDEX invoices_month_totals ON invoices (tenant_id, month, state) INCLUDE (amount_minor, currency);
