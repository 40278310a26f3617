-- A contractor's master data as a supplier (docs/ARCHITECTURE.md, Supplier details): IČO, DIČ,
-- VAT payer, billing address, and the registered bank account the company pays. One row per
-- person, kept by admins; every change is in `audit_events`, and a change of the registered
-- account is mailed to the person (a classic invoice fraud is a changed account).
CREATE TABLE supplier_details (
    tenant_id       uuid        NOT NULL REFERENCES tenants (id),
    user_id         uuid        NOT NULL,
    ico             text CHECK (ico ~ '^[0-9]{8}$'),
    dic             text CHECK (dic ~ '^[A-Z]{2}[0-9A-Z]{2,12}$'),
    vat_payer       boolean     NOT NULL DEFAULT false,
    billing_address text        NOT NULL DEFAULT '' CHECK (length(billing_address) <= 500),
    -- The registered account: a Czech account number or an IBAN, never both.
    bank_account    text CHECK (length(bank_account) <= 22),
    iban            text CHECK (iban ~ '^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$'),
    -- Raised by every change, so a form loaded before a change is refused.
    version         integer     NOT NULL DEFAULT 1,
    updated_at      timestamptz NOT NULL DEFAULT now(),
    updated_by      uuid,
    PRIMARY KEY (tenant_id, user_id),
    FOREIGN KEY (tenant_id, user_id) REFERENCES users (tenant_id, id),
    FOREIGN KEY (tenant_id, updated_by) REFERENCES users (tenant_id, id),
    CHECK (bank_account IS NULL OR iban IS NULL),
    CHECK (NOT vat_payer OR dic IS NOT NULL)
);

ALTER TABLE supplier_details ENABLE ROW LEVEL SECURITY;
ALTER TABLE supplier_details FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON supplier_details
    USING (tenant_id = current_tenant_id()) WITH CHECK (tenant_id = current_tenant_id());
