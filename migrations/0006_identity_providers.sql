-- Sign-in through the company's OpenID Connect provider: one provider per tenant (its client
-- secret sealed with AES-GCM under a key from the environment), and the sign-ins under way,
-- each bound to the browser that started it by a cookie whose hash is stored.

CREATE TABLE identity_providers (
    tenant_id     uuid        NOT NULL REFERENCES tenants (id),
    issuer        text        NOT NULL CHECK (issuer ~ '^https?://[^\s]+$' AND length(issuer) <= 500),
    client_id     text        NOT NULL CHECK (length(client_id) BETWEEN 1 AND 500),
    secret_sealed bytea       NOT NULL,
    display_name  text        NOT NULL CHECK (length(btrim(display_name)) BETWEEN 1 AND 100),
    updated_at    timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (tenant_id)
);

CREATE TABLE oidc_attempts (
    tenant_id     uuid        NOT NULL REFERENCES tenants (id),
    id            uuid        NOT NULL DEFAULT gen_random_uuid(),
    state_hash    bytea       NOT NULL CHECK (length(state_hash) = 32),
    browser_hash  bytea       NOT NULL CHECK (length(browser_hash) = 32),
    nonce         text        NOT NULL,
    code_verifier text        NOT NULL,
    issuer        text        NOT NULL,
    client_id     text        NOT NULL,
    created_at    timestamptz NOT NULL DEFAULT now(),
    expires_at    timestamptz NOT NULL,
    used_at       timestamptz,
    PRIMARY KEY (tenant_id, id),
    UNIQUE (tenant_id, state_hash)
);

ALTER TABLE identity_providers ENABLE ROW LEVEL SECURITY;
ALTER TABLE identity_providers FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON identity_providers
    USING (tenant_id = current_tenant_id()) WITH CHECK (tenant_id = current_tenant_id());

ALTER TABLE oidc_attempts ENABLE ROW LEVEL SECURITY;
ALTER TABLE oidc_attempts FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON oidc_attempts
    USING (tenant_id = current_tenant_id()) WITH CHECK (tenant_id = current_tenant_id());
