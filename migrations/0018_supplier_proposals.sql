-- A contractor proposes a change of their own supplier details; an admin confirms it (which
-- saves it as an admin's change: audited, and a changed account mailed) or declines it
-- (docs/ARCHITECTURE.md, Supplier details). At most one proposal per person waits; a decided one
-- is kept.
CREATE TABLE supplier_proposals (
    tenant_id       uuid        NOT NULL REFERENCES tenants (id),
    id              uuid        NOT NULL DEFAULT gen_random_uuid(),
    user_id         uuid        NOT NULL,
    ico             text CHECK (ico ~ '^[0-9]{8}$'),
    dic             text CHECK (dic ~ '^[A-Z]{2}[0-9A-Z]{2,12}$'),
    vat_payer       boolean     NOT NULL,
    billing_address text        NOT NULL CHECK (length(billing_address) <= 500),
    bank_account    text CHECK (length(bank_account) <= 22),
    iban            text CHECK (iban ~ '^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$'),
    -- The version of the details the proposal was made on: it is confirmed only onto those.
    based_on        integer     NOT NULL CHECK (based_on >= 0),
    proposed_at     timestamptz NOT NULL DEFAULT now(),
    decided_at      timestamptz,
    decided_by      uuid,
    confirmed       boolean,
    PRIMARY KEY (tenant_id, id),
    FOREIGN KEY (tenant_id, user_id) REFERENCES users (tenant_id, id),
    FOREIGN KEY (tenant_id, decided_by) REFERENCES users (tenant_id, id),
    CHECK (bank_account IS NULL OR iban IS NULL),
    CHECK (NOT vat_payer OR dic IS NOT NULL),
    CHECK ((decided_at IS NULL) = (confirmed IS NULL) AND (decided_at IS NULL) = (decided_by IS NULL))
);
CREATE UNIQUE INDEX supplier_proposals_waiting ON supplier_proposals (tenant_id, user_id) WHERE decided_at IS NULL;

ALTER TABLE supplier_proposals ENABLE ROW LEVEL SECURITY;
ALTER TABLE supplier_proposals FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON supplier_proposals
    USING (tenant_id = current_tenant_id()) WITH CHECK (tenant_id = current_tenant_id());
