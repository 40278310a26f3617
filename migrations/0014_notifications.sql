-- Roster speaks first (docs/ARCHITECTURE.md, "Notifications"): what each person wants to hear
-- about, the key that signs one-click unsubscribe links, the company's reminder days, and an
-- outbox that wakes its worker and refuses a second copy of a message with the same key.

-- A row only where a person chose otherwise than the kind's default.
CREATE TABLE mail_preferences (
    tenant_id  uuid        NOT NULL,
    user_id    uuid        NOT NULL,
    kind       text        NOT NULL CHECK (kind ~ '^[a-z]+(-[a-z]+)*$' AND length(kind) <= 40),
    wanted     boolean     NOT NULL,
    updated_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (tenant_id, user_id, kind),
    FOREIGN KEY (tenant_id, user_id) REFERENCES users (tenant_id, id) ON DELETE CASCADE
);

-- Signs the unsubscribe links of the tenant's mails (HMAC-SHA256); made on first use.
CREATE TABLE mail_keys (
    tenant_id  uuid        NOT NULL PRIMARY KEY REFERENCES tenants (id),
    key        bytea       NOT NULL CHECK (length(key) = 32),
    created_at timestamptz NOT NULL DEFAULT now()
);

-- Reminders of a missing invoice: on the n-th last working day of the month and on the n-th
-- working day of the next one, in the company's time zone; 0 turns a reminder off.
ALTER TABLE tenants
    ADD COLUMN invoice_reminder_before_end  int NOT NULL DEFAULT 1 CHECK (invoice_reminder_before_end BETWEEN 0 AND 10),
    ADD COLUMN invoice_reminder_after_start int NOT NULL DEFAULT 3 CHECK (invoice_reminder_after_start BETWEEN 0 AND 10);

-- A message with a key is queued at most once (a reminder: person, month and rule), whichever
-- worker or server queues it first; the others' inserts do nothing.
ALTER TABLE outbox
    ADD COLUMN dedupe_key      text CHECK (length(dedupe_key) BETWEEN 1 AND 200),
    ADD COLUMN unsubscribe_url text CHECK (length(unsubscribe_url) <= 1000 AND unsubscribe_url !~ '[\r\n<>\s]');
CREATE UNIQUE INDEX outbox_once ON outbox (tenant_id, dedupe_key) WHERE dedupe_key IS NOT NULL;

-- The worker listens: a statement that queues mail tells it which tenant to visit.
CREATE FUNCTION outbox_wake() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify('roster_outbox', t.tenant_id::text) FROM (SELECT DISTINCT tenant_id FROM queued) t;
    RETURN NULL;
END $$;
CREATE TRIGGER outbox_wake AFTER INSERT ON outbox
    REFERENCING NEW TABLE AS queued FOR EACH STATEMENT EXECUTE FUNCTION outbox_wake();

ALTER TABLE mail_preferences ENABLE ROW LEVEL SECURITY;
ALTER TABLE mail_preferences FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON mail_preferences
    USING (tenant_id = current_tenant_id()) WITH CHECK (tenant_id = current_tenant_id());

ALTER TABLE mail_keys ENABLE ROW LEVEL SECURITY;
ALTER TABLE mail_keys FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON mail_keys
    USING (tenant_id = current_tenant_id()) WITH CHECK (tenant_id = current_tenant_id());

-- The home page counts the company's open invoices (to review, to pay) over all months.
CREATE INDEX invoices_open ON invoices (tenant_id, state, month) WHERE state IN ('submitted', 'approved');
