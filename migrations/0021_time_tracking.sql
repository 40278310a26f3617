-- Time tracking: clients, their projects (open to everyone or to some teams and people), the
-- time people book on them, and each person's running timer (docs/ARCHITECTURE.md, Time tracking).
-- An entry is a span of real time on one local day of the tenant; its length in seconds is
-- derived from the span, never typed, and one person's spans never overlap.

CREATE TABLE clients (
    tenant_id   uuid        NOT NULL REFERENCES tenants (id),
    id          uuid        NOT NULL DEFAULT gen_random_uuid(),
    name        text        NOT NULL CHECK (name = btrim(name) AND length(name) BETWEEN 1 AND 100),
    archived_at timestamptz,
    created_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (tenant_id, id)
);
CREATE UNIQUE INDEX clients_name_per_tenant ON clients (tenant_id, lower(name));

CREATE TABLE projects (
    tenant_id   uuid        NOT NULL REFERENCES tenants (id),
    id          uuid        NOT NULL DEFAULT gen_random_uuid(),
    client_id   uuid        NOT NULL,
    name        text        NOT NULL CHECK (name = btrim(name) AND length(name) BETWEEN 1 AND 100),
    billable    boolean     NOT NULL DEFAULT true,
    -- false: anyone may book on it; true: only the teams and people of project_teams and project_people.
    restricted  boolean     NOT NULL DEFAULT false,
    archived_at timestamptz,
    created_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (tenant_id, id),
    FOREIGN KEY (tenant_id, client_id) REFERENCES clients (tenant_id, id)
);
CREATE UNIQUE INDEX projects_name_per_client ON projects (tenant_id, client_id, lower(name));

CREATE TABLE project_teams (
    tenant_id  uuid NOT NULL,
    project_id uuid NOT NULL,
    team_id    uuid NOT NULL,
    PRIMARY KEY (tenant_id, project_id, team_id),
    FOREIGN KEY (tenant_id, project_id) REFERENCES projects (tenant_id, id) ON DELETE CASCADE,
    FOREIGN KEY (tenant_id, team_id) REFERENCES teams (tenant_id, id) ON DELETE CASCADE
);

CREATE TABLE project_people (
    tenant_id  uuid NOT NULL,
    project_id uuid NOT NULL,
    user_id    uuid NOT NULL,
    PRIMARY KEY (tenant_id, project_id, user_id),
    FOREIGN KEY (tenant_id, project_id) REFERENCES projects (tenant_id, id) ON DELETE CASCADE,
    FOREIGN KEY (tenant_id, user_id) REFERENCES users (tenant_id, id)
);

CREATE TABLE time_entries (
    tenant_id   uuid        NOT NULL REFERENCES tenants (id),
    id          uuid        NOT NULL DEFAULT gen_random_uuid(),
    user_id     uuid        NOT NULL,
    project_id  uuid        NOT NULL,
    -- The tenant's local day the span lies on (it starts on it and ends by its midnight).
    work_date   date        NOT NULL,
    started_at  timestamptz NOT NULL,
    ended_at    timestamptz NOT NULL,
    seconds     integer     NOT NULL GENERATED ALWAYS AS (extract(epoch FROM ended_at - started_at)::integer) STORED,
    description text        NOT NULL DEFAULT '' CHECK (length(description) <= 500),
    created_at  timestamptz NOT NULL DEFAULT now(),
    updated_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (tenant_id, id),
    FOREIGN KEY (tenant_id, user_id) REFERENCES users (tenant_id, id),
    FOREIGN KEY (tenant_id, project_id) REFERENCES projects (tenant_id, id),
    CHECK (ended_at > started_at AND ended_at - started_at <= interval '25 hours'),
    -- One person is never in two places at once.
    EXCLUDE USING gist (tenant_id WITH =, user_id WITH =, tstzrange(started_at, ended_at) WITH &&)
);
CREATE INDEX time_entries_by_person_day ON time_entries (tenant_id, user_id, work_date);
CREATE INDEX time_entries_by_project_day ON time_entries (tenant_id, project_id, work_date);

-- At most one running timer per person (the primary key); its start lives here, so it runs on
-- across pages, reloads and devices.
CREATE TABLE running_timers (
    tenant_id   uuid        NOT NULL REFERENCES tenants (id),
    user_id     uuid        NOT NULL,
    id          uuid        NOT NULL DEFAULT gen_random_uuid(),
    project_id  uuid        NOT NULL,
    description text        NOT NULL DEFAULT '' CHECK (length(description) <= 500),
    started_at  timestamptz NOT NULL,
    PRIMARY KEY (tenant_id, user_id),
    UNIQUE (tenant_id, id),
    FOREIGN KEY (tenant_id, user_id) REFERENCES users (tenant_id, id),
    FOREIGN KEY (tenant_id, project_id) REFERENCES projects (tenant_id, id)
);

ALTER TABLE clients ENABLE ROW LEVEL SECURITY;
ALTER TABLE clients FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON clients
    USING (tenant_id = current_tenant_id()) WITH CHECK (tenant_id = current_tenant_id());

ALTER TABLE projects ENABLE ROW LEVEL SECURITY;
ALTER TABLE projects FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON projects
    USING (tenant_id = current_tenant_id()) WITH CHECK (tenant_id = current_tenant_id());

ALTER TABLE project_teams ENABLE ROW LEVEL SECURITY;
ALTER TABLE project_teams FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON project_teams
    USING (tenant_id = current_tenant_id()) WITH CHECK (tenant_id = current_tenant_id());

ALTER TABLE project_people ENABLE ROW LEVEL SECURITY;
ALTER TABLE project_people FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON project_people
    USING (tenant_id = current_tenant_id()) WITH CHECK (tenant_id = current_tenant_id());

ALTER TABLE time_entries ENABLE ROW LEVEL SECURITY;
ALTER TABLE time_entries FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON time_entries
    USING (tenant_id = current_tenant_id()) WITH CHECK (tenant_id = current_tenant_id());

ALTER TABLE running_timers ENABLE ROW LEVEL SECURITY;
ALTER TABLE running_timers FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON running_timers
    USING (tenant_id = current_tenant_id()) WITH CHECK (tenant_id = current_tenant_id());
