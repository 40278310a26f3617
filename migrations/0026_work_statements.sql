-- Work statements (docs/ARCHITECTURE.md, Work statements): an employee on HPP, DPP or DPČ sends
-- no invoice; when their month of time is approved, Roster writes the month's statement (an XLSX
-- file: hours per day and project, absences, the rate, the total) and keeps it like an invoice
-- document: versions that are never changed or removed, each with its SHA-256. Admins approve a
-- statement or return it with a reason (which reopens the month's time); it is never paid, so
-- it never meets a payment order.

CREATE TABLE work_statements (
    tenant_id    uuid          NOT NULL REFERENCES tenants (id),
    id           uuid          NOT NULL DEFAULT gen_random_uuid(),
    user_id      uuid          NOT NULL,
    month        date          NOT NULL CHECK (extract(day FROM month) = 1),
    state        invoice_state NOT NULL DEFAULT 'submitted' CHECK (state <> 'paid'),
    -- Raised by every change, so a form loaded before a change is refused.
    version      integer       NOT NULL DEFAULT 1,
    document_id  uuid          NOT NULL,
    -- Copied from the current document: the month's list is one scan of this table.
    seconds      integer       NOT NULL CHECK (seconds >= 0),
    amount_minor bigint,
    currency     text          CHECK (currency ~ '^[A-Z]{3}$'),
    basis        text          NOT NULL CHECK (basis IN ('hours', 'capacity')),
    created_at   timestamptz   NOT NULL DEFAULT now(),
    updated_at   timestamptz   NOT NULL DEFAULT now(),
    PRIMARY KEY (tenant_id, id),
    UNIQUE (tenant_id, user_id, month),
    FOREIGN KEY (tenant_id, user_id) REFERENCES users (tenant_id, id),
    CHECK ((amount_minor IS NULL) = (currency IS NULL))
);
CREATE INDEX work_statements_by_month ON work_statements (tenant_id, month, state);

CREATE TABLE work_statement_documents (
    tenant_id    uuid        NOT NULL REFERENCES tenants (id),
    id           uuid        NOT NULL DEFAULT gen_random_uuid(),
    statement_id uuid        NOT NULL,
    version_no   integer     NOT NULL CHECK (version_no >= 1),
    filename     text        NOT NULL CHECK (length(filename) BETWEEN 1 AND 200),
    content      bytea       NOT NULL,
    size_bytes   integer     NOT NULL CHECK (size_bytes = length(content)),
    sha256       bytea       NOT NULL CHECK (length(sha256) = 32),
    -- The statement's table, from which the month's workbook is written (a sheet per person).
    sheet        jsonb       NOT NULL,
    generated_by uuid        NOT NULL,
    generated_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (tenant_id, id),
    UNIQUE (tenant_id, statement_id, version_no),
    FOREIGN KEY (tenant_id, statement_id) REFERENCES work_statements (tenant_id, id),
    FOREIGN KEY (tenant_id, generated_by) REFERENCES users (tenant_id, id)
);
ALTER TABLE work_statement_documents ALTER COLUMN content SET STORAGE EXTERNAL;

ALTER TABLE work_statements ADD FOREIGN KEY (tenant_id, document_id) REFERENCES work_statement_documents (tenant_id, id)
    DEFERRABLE INITIALLY DEFERRED;

CREATE TABLE work_statement_history (
    tenant_id    uuid          NOT NULL REFERENCES tenants (id),
    id           uuid          NOT NULL DEFAULT gen_random_uuid(),
    statement_id uuid          NOT NULL,
    at           timestamptz   NOT NULL DEFAULT now(),
    actor_id     uuid          NOT NULL,
    -- NULL for the first version.
    from_state   invoice_state,
    to_state     invoice_state NOT NULL,
    reason       text          CHECK (length(reason) <= 2000),
    own          boolean       NOT NULL DEFAULT false,
    -- The document a new version brought.
    document_id  uuid,
    PRIMARY KEY (tenant_id, id),
    FOREIGN KEY (tenant_id, statement_id) REFERENCES work_statements (tenant_id, id),
    FOREIGN KEY (tenant_id, actor_id) REFERENCES users (tenant_id, id),
    FOREIGN KEY (tenant_id, document_id) REFERENCES work_statement_documents (tenant_id, id)
);
CREATE INDEX work_statement_history_by_statement ON work_statement_history (tenant_id, statement_id, at);

CREATE TRIGGER work_statement_history_append_only BEFORE UPDATE OR DELETE ON work_statement_history
    FOR EACH ROW EXECUTE FUNCTION refuse_change();
CREATE TRIGGER work_statement_documents_append_only BEFORE UPDATE OR DELETE ON work_statement_documents
    FOR EACH ROW EXECUTE FUNCTION refuse_change();

ALTER TABLE work_statements ENABLE ROW LEVEL SECURITY;
ALTER TABLE work_statements FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON work_statements
    USING (tenant_id = current_tenant_id()) WITH CHECK (tenant_id = current_tenant_id());

ALTER TABLE work_statement_documents ENABLE ROW LEVEL SECURITY;
ALTER TABLE work_statement_documents FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON work_statement_documents
    USING (tenant_id = current_tenant_id()) WITH CHECK (tenant_id = current_tenant_id());

ALTER TABLE work_statement_history ENABLE ROW LEVEL SECURITY;
ALTER TABLE work_statement_history FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON work_statement_history
    USING (tenant_id = current_tenant_id()) WITH CHECK (tenant_id = current_tenant_id());

