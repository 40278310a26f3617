-- Corrections of what was read from an invoice (docs/ARCHITECTURE.md, Corrections).
--
-- A document keeps what the text rules read from it, for ever (documents are append-only). The
-- invoice row holds the values the company works with: a copy of its current document's values,
-- which an admin may correct while the invoice is submitted or approved and not exported.
-- `corrected` names the fields changed by hand. A new document (a replacement file) brings its
-- own values and clears `corrected`: the corrections belonged to the old file. Every correction
-- is in `invoice_corrections` with the old and the new value and who made it.
ALTER TABLE invoices
    ADD COLUMN bank_account    text,
    ADD COLUMN iban            text,
    ADD COLUMN variable_symbol text,
    ADD COLUMN invoice_number  text,
    ADD COLUMN supplier_ico    text,
    ADD COLUMN due_date        date,
    ADD COLUMN corrected       text[] NOT NULL DEFAULT '{}'
        CHECK (corrected <@ ARRAY['total', 'account', 'variable-symbol', 'invoice-number', 'supplier-id', 'due-date']),
    ADD CHECK ((amount_minor IS NULL) = (currency IS NULL));

-- The copy of 0012 covered the amount; it now covers every value read, and a new document
-- clears the corrections.
DROP TRIGGER invoice_amount_from_document ON invoices;
DROP TRIGGER document_amount_to_invoice ON invoice_documents;
DROP FUNCTION invoice_takes_document_amount();
DROP FUNCTION document_gives_invoice_amount();

CREATE FUNCTION invoice_takes_document_fields() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
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

CREATE TRIGGER invoice_fields_from_document BEFORE INSERT OR UPDATE OF document_id ON invoices
    FOR EACH ROW EXECUTE FUNCTION invoice_takes_document_fields();

-- A first upload writes the invoice before its document (the key is deferred): the document
-- gives its values when it arrives.
CREATE FUNCTION document_gives_invoice_fields() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE invoices SET amount_minor = NEW.amount_minor, currency = NEW.currency, bank_account = NEW.bank_account,
           iban = NEW.iban, variable_symbol = NEW.variable_symbol, invoice_number = NEW.invoice_number,
           supplier_ico = NEW.supplier_ico, due_date = NEW.due_date, corrected = '{}'
    WHERE tenant_id = NEW.tenant_id AND document_id = NEW.id;
    RETURN NULL;
END $$;

CREATE TRIGGER document_fields_to_invoice AFTER INSERT ON invoice_documents
    FOR EACH ROW EXECUTE FUNCTION document_gives_invoice_fields();

-- The invoices there are take their current document's values. Migrations run without a tenant
-- set, and row level security (forced, so even for the tables' owner) would hide every row:
-- the owner is let through for this one statement. The amount is copied again too, for the
-- invoices written before 0012, whose own copy met the same wall.
ALTER TABLE invoices NO FORCE ROW LEVEL SECURITY;
ALTER TABLE invoice_documents NO FORCE ROW LEVEL SECURITY;
UPDATE invoices i SET amount_minor = d.amount_minor, currency = d.currency, bank_account = d.bank_account, iban = d.iban,
       variable_symbol = d.variable_symbol, invoice_number = d.invoice_number, supplier_ico = d.supplier_ico,
       due_date = d.due_date
FROM invoice_documents d WHERE d.tenant_id = i.tenant_id AND d.id = i.document_id;
ALTER TABLE invoices FORCE ROW LEVEL SECURITY;
ALTER TABLE invoice_documents FORCE ROW LEVEL SECURITY;

CREATE TABLE invoice_corrections (
    tenant_id   uuid        NOT NULL REFERENCES tenants (id),
    id          uuid        NOT NULL DEFAULT gen_random_uuid(),
    invoice_id  uuid        NOT NULL,
    -- The file whose values were corrected.
    document_id uuid        NOT NULL,
    at          timestamptz NOT NULL DEFAULT now(),
    actor_id    uuid        NOT NULL,
    field       text        NOT NULL
        CHECK (field IN ('total', 'account', 'variable-symbol', 'invoice-number', 'supplier-id', 'due-date')),
    -- As stored (`InvoiceCorrection.storedText`); NULL where nothing was known.
    old_value   text CHECK (length(old_value) <= 100),
    new_value   text CHECK (length(new_value) <= 100),
    PRIMARY KEY (tenant_id, id),
    FOREIGN KEY (tenant_id, invoice_id) REFERENCES invoices (tenant_id, id),
    FOREIGN KEY (tenant_id, document_id) REFERENCES invoice_documents (tenant_id, id),
    FOREIGN KEY (tenant_id, actor_id) REFERENCES users (tenant_id, id),
    CHECK (old_value IS DISTINCT FROM new_value)
);
CREATE INDEX invoice_corrections_by_invoice ON invoice_corrections (tenant_id, invoice_id, at);

CREATE TRIGGER invoice_corrections_append_only BEFORE UPDATE OR DELETE ON invoice_corrections
    FOR EACH ROW EXECUTE FUNCTION refuse_change();

ALTER TABLE invoice_corrections ENABLE ROW LEVEL SECURITY;
ALTER TABLE invoice_corrections FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON invoice_corrections
    USING (tenant_id = current_tenant_id()) WITH CHECK (tenant_id = current_tenant_id());
