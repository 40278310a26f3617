-- Invoices: one per person and month, its document versions (the PDF bytes with what the
-- inspector and the text rules read from them), and its append-only state history.

CREATE TYPE invoice_state AS ENUM ('submitted', 'returned', 'approved', 'paid');

CREATE TABLE invoices (
    tenant_id   uuid          NOT NULL REFERENCES tenants (id),
    id          uuid          NOT NULL DEFAULT gen_random_uuid(),
    user_id     uuid          NOT NULL,
    -- The period: the first day of the month.
    month       date          NOT NULL CHECK (extract(day FROM month) = 1),
    state       invoice_state NOT NULL DEFAULT 'submitted',
    -- Raised by every change, so a form loaded before a change is refused.
    version     integer       NOT NULL DEFAULT 1,
    -- The current document version (its row is written in the same transaction).
    document_id uuid          NOT NULL,
    created_at  timestamptz   NOT NULL DEFAULT now(),
    updated_at  timestamptz   NOT NULL DEFAULT now(),
    PRIMARY KEY (tenant_id, id),
    UNIQUE (tenant_id, user_id, month),
    FOREIGN KEY (tenant_id, user_id) REFERENCES users (tenant_id, id)
);

CREATE TABLE invoice_documents (
    tenant_id       uuid        NOT NULL REFERENCES tenants (id),
    id              uuid        NOT NULL DEFAULT gen_random_uuid(),
    invoice_id      uuid        NOT NULL,
    version_no      integer     NOT NULL CHECK (version_no >= 1),
    filename        text        NOT NULL CHECK (length(filename) BETWEEN 1 AND 200),
    content         bytea       NOT NULL,
    size_bytes      integer     NOT NULL CHECK (size_bytes = length(content)),
    sha256          bytea       NOT NULL CHECK (length(sha256) = 32),
    uploaded_by     uuid        NOT NULL,
    uploaded_at     timestamptz NOT NULL DEFAULT now(),
    pages           integer     NOT NULL CHECK (pages >= 1),
    has_text        boolean     NOT NULL,
    text            text        NOT NULL,
    thumbnail_png   bytea,
    -- Read from the text; NULL where no rule read a value.
    amount_minor    bigint,
    currency        text CHECK (currency ~ '^[A-Z]{3}$'),
    bank_account    text,
    iban            text,
    variable_symbol text,
    invoice_number  text,
    supplier_ico    text,
    PRIMARY KEY (tenant_id, id),
    UNIQUE (tenant_id, invoice_id, version_no),
    FOREIGN KEY (tenant_id, invoice_id) REFERENCES invoices (tenant_id, id),
    FOREIGN KEY (tenant_id, uploaded_by) REFERENCES users (tenant_id, id),
    CHECK ((amount_minor IS NULL) = (currency IS NULL))
);
-- "Was this file uploaded before?"
CREATE INDEX invoice_documents_by_hash ON invoice_documents (tenant_id, sha256);

ALTER TABLE invoices ADD FOREIGN KEY (tenant_id, document_id) REFERENCES invoice_documents (tenant_id, id)
    DEFERRABLE INITIALLY DEFERRED;

CREATE TABLE invoice_history (
    tenant_id   uuid          NOT NULL REFERENCES tenants (id),
    id          uuid          NOT NULL DEFAULT gen_random_uuid(),
    invoice_id  uuid          NOT NULL,
    at          timestamptz   NOT NULL DEFAULT now(),
    actor_id    uuid          NOT NULL,
    -- NULL for the first upload (the month was missing).
    from_state  invoice_state,
    to_state    invoice_state NOT NULL,
    reason      text CHECK (length(reason) <= 2000),
    -- The document an upload or replacement brought.
    document_id uuid,
    PRIMARY KEY (tenant_id, id),
    FOREIGN KEY (tenant_id, invoice_id) REFERENCES invoices (tenant_id, id),
    FOREIGN KEY (tenant_id, actor_id) REFERENCES users (tenant_id, id),
    FOREIGN KEY (tenant_id, document_id) REFERENCES invoice_documents (tenant_id, id)
);
CREATE INDEX invoice_history_by_invoice ON invoice_history (tenant_id, invoice_id, at);

CREATE TRIGGER invoice_history_append_only BEFORE UPDATE OR DELETE ON invoice_history
    FOR EACH ROW EXECUTE FUNCTION refuse_change();
-- Document versions are kept: replacing a file adds one, nothing removes one.
CREATE TRIGGER invoice_documents_append_only BEFORE UPDATE OR DELETE ON invoice_documents
    FOR EACH ROW EXECUTE FUNCTION refuse_change();

ALTER TABLE invoices ENABLE ROW LEVEL SECURITY;
ALTER TABLE invoices FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON invoices
    USING (tenant_id = current_tenant_id()) WITH CHECK (tenant_id = current_tenant_id());

ALTER TABLE invoice_documents ENABLE ROW LEVEL SECURITY;
ALTER TABLE invoice_documents FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON invoice_documents
    USING (tenant_id = current_tenant_id()) WITH CHECK (tenant_id = current_tenant_id());

ALTER TABLE invoice_history ENABLE ROW LEVEL SECURITY;
ALTER TABLE invoice_history FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON invoice_history
    USING (tenant_id = current_tenant_id()) WITH CHECK (tenant_id = current_tenant_id());
