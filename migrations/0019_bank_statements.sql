-- Bank statements an admin imports to mark invoices paid (docs/ARCHITECTURE.md, Bank statements).
-- A statement and its lines are kept as read, never changed; the same statement imported again
-- (the same bytes, or the bank's same statement of the same account) is found, not added.
CREATE TABLE bank_statements (
    tenant_id   uuid        NOT NULL REFERENCES tenants (id),
    id          uuid        NOT NULL DEFAULT gen_random_uuid(),
    format      text        NOT NULL CHECK (format IN ('camt053', 'abo')),
    -- The bank's identification of the statement.
    reference   text        NOT NULL CHECK (length(reference) BETWEEN 1 AND 100),
    -- The company's account, as the bank names it ('' when the file names none).
    account     text        NOT NULL CHECK (length(account) <= 40),
    from_date   date,
    to_date     date,
    filename    text        NOT NULL CHECK (length(filename) BETWEEN 1 AND 255),
    sha256      bytea       NOT NULL CHECK (length(sha256) = 32),
    line_count  integer     NOT NULL CHECK (line_count >= 0),
    imported_by uuid        NOT NULL,
    imported_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (tenant_id, id),
    FOREIGN KEY (tenant_id, imported_by) REFERENCES users (tenant_id, id)
);
CREATE UNIQUE INDEX bank_statements_same_file ON bank_statements (tenant_id, sha256);
CREATE UNIQUE INDEX bank_statements_same_statement ON bank_statements (tenant_id, format, account, reference);
CREATE INDEX bank_statements_newest ON bank_statements (tenant_id, imported_at DESC);

CREATE TABLE bank_statement_lines (
    tenant_id       uuid    NOT NULL REFERENCES tenants (id),
    statement_id    uuid    NOT NULL,
    line_no         integer NOT NULL CHECK (line_no >= 1),
    booked_on       date    NOT NULL,
    debit           boolean NOT NULL,
    reversal        boolean NOT NULL,
    amount_minor    bigint  NOT NULL CHECK (amount_minor > 0),
    currency        text    NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
    variable_symbol text CHECK (variable_symbol ~ '^[1-9][0-9]{0,9}$'),
    -- The other side's account: checked and normalised, and as the bank printed it.
    iban            text CHECK (iban ~ '^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$'),
    account         text CHECK (length(account) <= 40),
    name            text CHECK (length(name) <= 140),
    reference       text CHECK (length(reference) <= 100),
    message         text CHECK (length(message) <= 140),
    PRIMARY KEY (tenant_id, statement_id, line_no),
    FOREIGN KEY (tenant_id, statement_id) REFERENCES bank_statements (tenant_id, id)
);

CREATE TRIGGER bank_statements_append_only BEFORE UPDATE OR DELETE ON bank_statements
    FOR EACH ROW EXECUTE FUNCTION refuse_change();
CREATE TRIGGER bank_statement_lines_append_only BEFORE UPDATE OR DELETE ON bank_statement_lines
    FOR EACH ROW EXECUTE FUNCTION refuse_change();

-- A payment marked from a statement names it and the day the bank booked it.
ALTER TABLE invoice_history
    ADD COLUMN statement_id uuid,
    ADD COLUMN booked_on    date,
    ADD FOREIGN KEY (tenant_id, statement_id) REFERENCES bank_statements (tenant_id, id),
    ADD CHECK ((statement_id IS NULL) = (booked_on IS NULL));

ALTER TABLE bank_statements ENABLE ROW LEVEL SECURITY;
ALTER TABLE bank_statements FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON bank_statements
    USING (tenant_id = current_tenant_id()) WITH CHECK (tenant_id = current_tenant_id());

ALTER TABLE bank_statement_lines ENABLE ROW LEVEL SECURITY;
ALTER TABLE bank_statement_lines FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON bank_statement_lines
    USING (tenant_id = current_tenant_id()) WITH CHECK (tenant_id = current_tenant_id());
