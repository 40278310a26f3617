-- The month-end desk: the due date read from each file, the last export of each invoice (an
-- export never repeats an invoice unless asked), and the account the company pays from.

ALTER TABLE invoice_documents ADD COLUMN due_date date;

ALTER TABLE invoices ADD COLUMN exported_at timestamptz;
-- The desk and the overview: a tenant's invoices of a month, by state.
CREATE INDEX invoices_by_month ON invoices (tenant_id, month, state);
-- "Is this document some invoice's current one?", asked per row by the desk's flags.
CREATE UNIQUE INDEX invoices_by_document ON invoices (tenant_id, document_id);
-- "The same supplier invoice number as another invoice": by person and number.
CREATE INDEX invoice_documents_by_number ON invoice_documents (tenant_id, invoice_number) WHERE invoice_number IS NOT NULL;

-- One row per tenant: the debtor of payment orders.
CREATE TABLE payment_settings (
    tenant_id   uuid        NOT NULL REFERENCES tenants (id),
    debtor_name text        NOT NULL CHECK (length(btrim(debtor_name)) BETWEEN 1 AND 70),
    iban        text        NOT NULL CHECK (iban ~ '^[A-Z]{2}[0-9]{2}[A-Z0-9]{10,30}$'),
    bic         text        CHECK (bic ~ '^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$'),
    updated_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (tenant_id)
);

ALTER TABLE payment_settings ENABLE ROW LEVEL SECURITY;
ALTER TABLE payment_settings FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON payment_settings
    USING (tenant_id = current_tenant_id()) WITH CHECK (tenant_id = current_tenant_id());
