-- Absences and the company's own days off (docs/ARCHITECTURE.md, Absences).
-- An absence is a request of whole days (or one half day) that the person's team leader, or an
-- admin, approves or declines; the person may withdraw it while it waits. A person's pending and
-- approved absences never overlap.

CREATE TABLE absences (
    tenant_id       uuid        NOT NULL REFERENCES tenants (id),
    id              uuid        NOT NULL DEFAULT gen_random_uuid(),
    user_id         uuid        NOT NULL,
    kind            text        NOT NULL CHECK (kind IN ('vacation', 'sick', 'doctor', 'unpaid', 'other')),
    first_day       date        NOT NULL,
    last_day        date        NOT NULL,
    -- One half day (first_day = last_day).
    half_day        boolean     NOT NULL DEFAULT false,
    note            text        NOT NULL DEFAULT '' CHECK (length(note) <= 500),
    status          text        NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'declined', 'withdrawn')),
    decided_by      uuid,
    decided_at      timestamptz,
    decision_reason text        CHECK (length(decision_reason) <= 500),
    created_at      timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (tenant_id, id),
    FOREIGN KEY (tenant_id, user_id) REFERENCES users (tenant_id, id),
    FOREIGN KEY (tenant_id, decided_by) REFERENCES users (tenant_id, id),
    CHECK (last_day >= first_day AND last_day - first_day <= 366),
    CHECK (NOT half_day OR first_day = last_day),
    CHECK ((status IN ('approved', 'declined')) = (decided_by IS NOT NULL AND decided_at IS NOT NULL)),
    EXCLUDE USING gist (tenant_id WITH =, user_id WITH =, daterange(first_day, last_day, '[]') WITH &&)
        WHERE (status IN ('pending', 'approved'))
);
CREATE INDEX absences_by_person ON absences (tenant_id, user_id, first_day);
CREATE INDEX absences_waiting ON absences (tenant_id, status) WHERE status = 'pending';

-- Days the whole company is off besides the public holidays (a company holiday, a bridge day).
CREATE TABLE company_days_off (
    tenant_id uuid NOT NULL REFERENCES tenants (id),
    day       date NOT NULL,
    name      text NOT NULL CHECK (name = btrim(name) AND length(name) BETWEEN 1 AND 100),
    PRIMARY KEY (tenant_id, day)
);

-- The vacation a contract gives a year, in days (employees, HPP: 20 days unless agreed otherwise).
ALTER TABLE contracts
    ADD COLUMN vacation_days numeric(4,1) NOT NULL DEFAULT 20 CHECK (vacation_days >= 0 AND vacation_days <= 60);

ALTER TABLE absences ENABLE ROW LEVEL SECURITY;
ALTER TABLE absences FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON absences
    USING (tenant_id = current_tenant_id()) WITH CHECK (tenant_id = current_tenant_id());

ALTER TABLE company_days_off ENABLE ROW LEVEL SECURITY;
ALTER TABLE company_days_off FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON company_days_off
    USING (tenant_id = current_tenant_id()) WITH CHECK (tenant_id = current_tenant_id());
