-- The month closed (docs/ARCHITECTURE.md, The month closed): a person submits a month of their
-- time; their team's leader (or an admin) approves it or returns it with a reason; an admin may
-- reopen it. A submitted or approved month's entries cannot change, nor an approved month's
-- absences: triggers refuse it whoever writes (the pages, the API, the timer).

CREATE TABLE time_months (
    tenant_id    uuid        NOT NULL REFERENCES tenants (id),
    user_id      uuid        NOT NULL,
    month        date        NOT NULL CHECK (extract(day FROM month) = 1),
    status       text        NOT NULL CHECK (status IN ('submitted', 'approved', 'returned')),
    submitted_at timestamptz NOT NULL DEFAULT now(),
    decided_by   uuid,
    decided_at   timestamptz,
    reason       text        CHECK (length(reason) <= 500),
    PRIMARY KEY (tenant_id, user_id, month),
    FOREIGN KEY (tenant_id, user_id) REFERENCES users (tenant_id, id),
    FOREIGN KEY (tenant_id, decided_by) REFERENCES users (tenant_id, id),
    CHECK (status = 'submitted' OR (decided_by IS NOT NULL AND decided_at IS NOT NULL))
);
CREATE INDEX time_months_by_month ON time_months (tenant_id, month, status);

-- An entry of a submitted or approved month is not written, changed or deleted.
CREATE FUNCTION refuse_entry_of_closed_month() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP <> 'INSERT' AND EXISTS (
        SELECT FROM time_months m WHERE m.tenant_id = OLD.tenant_id AND m.user_id = OLD.user_id
          AND m.month = date_trunc('month', OLD.work_date)::date AND m.status IN ('submitted', 'approved')) THEN
        RAISE EXCEPTION 'the month of this time entry is closed' USING ERRCODE = 'RM001';
    END IF;
    IF TG_OP <> 'DELETE' AND EXISTS (
        SELECT FROM time_months m WHERE m.tenant_id = NEW.tenant_id AND m.user_id = NEW.user_id
          AND m.month = date_trunc('month', NEW.work_date)::date AND m.status IN ('submitted', 'approved')) THEN
        RAISE EXCEPTION 'the month of this time entry is closed' USING ERRCODE = 'RM001';
    END IF;
    RETURN coalesce(NEW, OLD);
END $$;
CREATE TRIGGER time_entries_of_closed_months BEFORE INSERT OR UPDATE OR DELETE ON time_entries
    FOR EACH ROW EXECUTE FUNCTION refuse_entry_of_closed_month();

-- An absence that touches an approved month is not added or changed (asked, decided, withdrawn).
CREATE FUNCTION refuse_absence_of_closed_month() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF EXISTS (
        SELECT FROM time_months m WHERE m.tenant_id = NEW.tenant_id AND m.user_id = NEW.user_id AND m.status = 'approved'
          AND m.month BETWEEN date_trunc('month', NEW.first_day)::date AND date_trunc('month', NEW.last_day)::date) THEN
        RAISE EXCEPTION 'an absence in a closed month' USING ERRCODE = 'RM002';
    END IF;
    RETURN NEW;
END $$;
CREATE TRIGGER absences_of_closed_months BEFORE INSERT OR UPDATE ON absences
    FOR EACH ROW EXECUTE FUNCTION refuse_absence_of_closed_month();

ALTER TABLE time_months ENABLE ROW LEVEL SECURITY;
ALTER TABLE time_months FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON time_months
    USING (tenant_id = current_tenant_id()) WITH CHECK (tenant_id = current_tenant_id());
