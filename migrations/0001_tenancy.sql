-- Tenants, users, browser sessions and one-time sign-in links.
-- Every tenant-owned table: tenant_id first in the primary key and in every foreign key,
-- row level security enabled and forced, policy on the per-transaction setting.

CREATE FUNCTION current_tenant_id() RETURNS uuid
    LANGUAGE sql STABLE PARALLEL SAFE
    AS $$ SELECT NULLIF(current_setting('roster.tenant_id', true), '')::uuid $$;

CREATE TABLE tenants (
    id               uuid        NOT NULL DEFAULT gen_random_uuid() PRIMARY KEY,
    slug             text        NOT NULL UNIQUE
                                 CHECK (slug ~ '^[a-z0-9]([a-z0-9-]{0,38}[a-z0-9])?$'),
    name             text        NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 200),
    time_zone        text        NOT NULL DEFAULT 'Europe/Prague',
    default_language text        NOT NULL DEFAULT 'cs' CHECK (default_language IN ('cs', 'en')),
    currency         char(3)     NOT NULL DEFAULT 'CZK' CHECK (currency ~ '^[A-Z]{3}$'),
    created_at       timestamptz NOT NULL DEFAULT now()
);

-- Tenants are looked up by slug before any tenant is known, so everyone may read them;
-- only the current tenant's row may be changed.
ALTER TABLE tenants ENABLE ROW LEVEL SECURITY;
ALTER TABLE tenants FORCE ROW LEVEL SECURITY;
CREATE POLICY tenants_read ON tenants FOR SELECT USING (true);
CREATE POLICY tenants_create ON tenants FOR INSERT WITH CHECK (true);
CREATE POLICY tenants_update ON tenants FOR UPDATE
    USING (id = current_tenant_id()) WITH CHECK (id = current_tenant_id());

CREATE TABLE users (
    tenant_id          uuid        NOT NULL REFERENCES tenants (id),
    id                 uuid        NOT NULL DEFAULT gen_random_uuid(),
    email              text        NOT NULL
                                   CHECK (email = btrim(email) AND length(email) BETWEEN 3 AND 254
                                          AND email LIKE '_%@_%'),
    first_name         text        NOT NULL CHECK (length(btrim(first_name)) BETWEEN 1 AND 100),
    last_name          text        NOT NULL CHECK (length(btrim(last_name)) BETWEEN 1 AND 100),
    title              text        NOT NULL DEFAULT '' CHECK (length(title) <= 50),
    roles              text[]      NOT NULL DEFAULT '{employee}'
                                   CHECK (cardinality(roles) > 0
                                          AND roles <@ ARRAY['employee', 'team_leader', 'admin']),
    active             boolean     NOT NULL DEFAULT true,
    preferred_language text        CHECK (preferred_language IN ('cs', 'en')),
    created_at         timestamptz NOT NULL DEFAULT now(),
    updated_at         timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (tenant_id, id)
);
CREATE UNIQUE INDEX users_email_per_tenant ON users (tenant_id, lower(email));

CREATE TABLE sessions (
    tenant_id  uuid        NOT NULL,
    id         uuid        NOT NULL DEFAULT gen_random_uuid(),
    token_hash bytea       NOT NULL CHECK (length(token_hash) = 32),
    user_id    uuid        NOT NULL,
    csrf_token text        NOT NULL CHECK (length(csrf_token) >= 32),
    created_at timestamptz NOT NULL DEFAULT now(),
    expires_at timestamptz NOT NULL,
    PRIMARY KEY (tenant_id, id),
    UNIQUE (tenant_id, token_hash),
    FOREIGN KEY (tenant_id, user_id) REFERENCES users (tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX sessions_by_user ON sessions (tenant_id, user_id);

CREATE TABLE sign_in_links (
    tenant_id  uuid        NOT NULL,
    id         uuid        NOT NULL DEFAULT gen_random_uuid(),
    token_hash bytea       NOT NULL CHECK (length(token_hash) = 32),
    user_id    uuid        NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    expires_at timestamptz NOT NULL,
    used_at    timestamptz,
    PRIMARY KEY (tenant_id, id),
    UNIQUE (tenant_id, token_hash),
    FOREIGN KEY (tenant_id, user_id) REFERENCES users (tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX sign_in_links_by_user ON sign_in_links (tenant_id, user_id);

ALTER TABLE users ENABLE ROW LEVEL SECURITY;
ALTER TABLE users FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON users
    USING (tenant_id = current_tenant_id()) WITH CHECK (tenant_id = current_tenant_id());

ALTER TABLE sessions ENABLE ROW LEVEL SECURITY;
ALTER TABLE sessions FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON sessions
    USING (tenant_id = current_tenant_id()) WITH CHECK (tenant_id = current_tenant_id());

ALTER TABLE sign_in_links ENABLE ROW LEVEL SECURITY;
ALTER TABLE sign_in_links FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON sign_in_links
    USING (tenant_id = current_tenant_id()) WITH CHECK (tenant_id = current_tenant_id());
