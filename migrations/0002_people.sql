-- People: profile fields, teams, contracts (a history that never overlaps), hourly rates,
-- and the audit trail of every change to a person.

CREATE EXTENSION IF NOT EXISTS unaccent;
CREATE EXTENSION IF NOT EXISTS btree_gist;

-- unaccent() is only STABLE (it reads a dictionary); pinning the dictionary makes it safe
-- to use in a generated column and an index.
CREATE FUNCTION fold_name(value text) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
    AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, value)) $$;

CREATE TABLE teams (
    tenant_id  uuid        NOT NULL REFERENCES tenants (id),
    id         uuid        NOT NULL DEFAULT gen_random_uuid(),
    name       text        NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 100),
    leader_id  uuid,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (tenant_id, id),
    FOREIGN KEY (tenant_id, leader_id) REFERENCES users (tenant_id, id)
);
CREATE UNIQUE INDEX teams_name_per_tenant ON teams (tenant_id, lower(name));
CREATE INDEX teams_by_leader ON teams (tenant_id, leader_id);

ALTER TABLE users
    ADD COLUMN position       text NOT NULL DEFAULT '' CHECK (length(position) <= 100),
    ADD COLUMN personal_email text CHECK (personal_email IS NULL OR (length(personal_email) <= 254 AND personal_email LIKE '_%@_%')),
    ADD COLUMN phone          text CHECK (phone IS NULL OR phone ~ '^\+?[0-9 ]{6,20}$'),
    ADD COLUMN team_id        uuid,
    ADD COLUMN search_name    text GENERATED ALWAYS AS (fold_name(first_name || ' ' || last_name)) STORED,
    ADD FOREIGN KEY (tenant_id, team_id) REFERENCES teams (tenant_id, id);
CREATE INDEX users_by_surname ON users (tenant_id, fold_name(last_name), fold_name(first_name), id);
CREATE INDEX users_by_team ON users (tenant_id, team_id);

CREATE TABLE contracts (
    tenant_id      uuid         NOT NULL,
    id             uuid         NOT NULL DEFAULT gen_random_uuid(),
    user_id        uuid         NOT NULL,
    kind           text         NOT NULL CHECK (kind IN ('ico', 'hpp', 'dpp', 'dpc')),
    valid_from     date         NOT NULL,
    valid_to       date,        -- inclusive last day; NULL while open-ended
    capacity_hours numeric(4,1) NOT NULL CHECK (capacity_hours > 0 AND capacity_hours <= 80),
    created_at     timestamptz  NOT NULL DEFAULT now(),
    PRIMARY KEY (tenant_id, id),
    FOREIGN KEY (tenant_id, user_id) REFERENCES users (tenant_id, id),
    CHECK (valid_to IS NULL OR valid_to >= valid_from),
    -- One person never has two contracts on the same day.
    EXCLUDE USING gist (tenant_id WITH =, user_id WITH =,
                        daterange(valid_from, valid_to, '[]') WITH &&)
);

CREATE TABLE rates (
    tenant_id      uuid        NOT NULL,
    id             uuid        NOT NULL DEFAULT gen_random_uuid(),
    user_id        uuid        NOT NULL,
    effective_from date        NOT NULL,
    amount_minor   bigint      NOT NULL CHECK (amount_minor > 0 AND amount_minor <= 10000000),
    currency       char(3)     NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
    created_by     uuid,
    created_at     timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (tenant_id, id),
    UNIQUE (tenant_id, user_id, effective_from),
    FOREIGN KEY (tenant_id, user_id) REFERENCES users (tenant_id, id),
    FOREIGN KEY (tenant_id, created_by) REFERENCES users (tenant_id, id)
);

-- Append-only: who changed what about whom, when.
CREATE TABLE audit_events (
    tenant_id  uuid        NOT NULL,
    id         uuid        NOT NULL DEFAULT gen_random_uuid(),
    actor_id   uuid,
    subject_id uuid        NOT NULL,
    action     text        NOT NULL CHECK (length(action) BETWEEN 1 AND 50),
    changes    jsonb       NOT NULL DEFAULT '{}',
    at         timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (tenant_id, id),
    FOREIGN KEY (tenant_id, actor_id) REFERENCES users (tenant_id, id),
    FOREIGN KEY (tenant_id, subject_id) REFERENCES users (tenant_id, id)
);
CREATE INDEX audit_events_by_subject ON audit_events (tenant_id, subject_id, at DESC);

CREATE FUNCTION refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION '% is append-only', TG_TABLE_NAME;
END $$;
CREATE TRIGGER audit_events_append_only BEFORE UPDATE OR DELETE ON audit_events
    FOR EACH ROW EXECUTE FUNCTION refuse_change();

ALTER TABLE teams ENABLE ROW LEVEL SECURITY;
ALTER TABLE teams FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON teams
    USING (tenant_id = current_tenant_id()) WITH CHECK (tenant_id = current_tenant_id());

ALTER TABLE contracts ENABLE ROW LEVEL SECURITY;
ALTER TABLE contracts FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON contracts
    USING (tenant_id = current_tenant_id()) WITH CHECK (tenant_id = current_tenant_id());

ALTER TABLE rates ENABLE ROW LEVEL SECURITY;
ALTER TABLE rates FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON rates
    USING (tenant_id = current_tenant_id()) WITH CHECK (tenant_id = current_tenant_id());

ALTER TABLE audit_events ENABLE ROW LEVEL SECURITY;
ALTER TABLE audit_events FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON audit_events
    USING (tenant_id = current_tenant_id()) WITH CHECK (tenant_id = current_tenant_id());
