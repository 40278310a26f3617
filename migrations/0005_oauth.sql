-- OAuth 2.0 for API clients (RFC 6749 with PKCE, RFC 7636; native apps, RFC 8252).
-- Clients are Roster's own apps, registered here for every tenant. Codes and tokens belong to
-- a tenant; only their SHA-256 is stored. Tokens of one sign-in form a family: reusing a
-- refresh token that was already exchanged revokes the whole family.

CREATE TABLE oauth_clients (
    client_id     text   PRIMARY KEY CHECK (client_id ~ '^[a-z0-9-]{3,64}$'),
    name          text   NOT NULL,
    -- Exact redirect URIs; a loopback http://127.0.0.1/... URI matches on any port (RFC 8252 7.3).
    redirect_uris text[] NOT NULL CHECK (cardinality(redirect_uris) > 0)
);
INSERT INTO oauth_clients (client_id, name, redirect_uris) VALUES
    ('roster-mobile', 'Roster for phones', ARRAY['cz.roster.app:/oauth/callback']),
    ('roster-cli', 'Roster command line', ARRAY['http://127.0.0.1/callback']);

CREATE TABLE oauth_codes (
    tenant_id      uuid        NOT NULL REFERENCES tenants (id),
    id             uuid        NOT NULL DEFAULT gen_random_uuid(),
    code_hash      bytea       NOT NULL CHECK (length(code_hash) = 32),
    client_id      text        NOT NULL REFERENCES oauth_clients (client_id),
    user_id        uuid        NOT NULL,
    redirect_uri   text        NOT NULL,
    code_challenge text        NOT NULL CHECK (code_challenge ~ '^[A-Za-z0-9_-]{43}$'),
    family_id      uuid        NOT NULL DEFAULT gen_random_uuid(),
    created_at     timestamptz NOT NULL DEFAULT now(),
    expires_at     timestamptz NOT NULL,
    used_at        timestamptz,
    PRIMARY KEY (tenant_id, id),
    UNIQUE (tenant_id, code_hash),
    FOREIGN KEY (tenant_id, user_id) REFERENCES users (tenant_id, id) ON DELETE CASCADE
);

CREATE TABLE oauth_tokens (
    tenant_id  uuid        NOT NULL REFERENCES tenants (id),
    id         uuid        NOT NULL DEFAULT gen_random_uuid(),
    family_id  uuid        NOT NULL,
    kind       text        NOT NULL CHECK (kind IN ('access', 'refresh')),
    token_hash bytea       NOT NULL CHECK (length(token_hash) = 32),
    client_id  text        NOT NULL REFERENCES oauth_clients (client_id),
    user_id    uuid        NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    expires_at timestamptz NOT NULL,
    -- A refresh token is exchanged once; the time it was is kept to recognise a reuse.
    used_at    timestamptz,
    revoked_at timestamptz,
    PRIMARY KEY (tenant_id, id),
    UNIQUE (tenant_id, token_hash),
    FOREIGN KEY (tenant_id, user_id) REFERENCES users (tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX oauth_tokens_by_family ON oauth_tokens (tenant_id, family_id);
CREATE INDEX oauth_tokens_by_user ON oauth_tokens (tenant_id, user_id);

ALTER TABLE oauth_codes ENABLE ROW LEVEL SECURITY;
ALTER TABLE oauth_codes FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON oauth_codes
    USING (tenant_id = current_tenant_id()) WITH CHECK (tenant_id = current_tenant_id());

ALTER TABLE oauth_tokens ENABLE ROW LEVEL SECURITY;
ALTER TABLE oauth_tokens FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON oauth_tokens
    USING (tenant_id = current_tenant_id()) WITH CHECK (tenant_id = current_tenant_id());
