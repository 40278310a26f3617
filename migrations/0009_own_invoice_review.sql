-- Separation of duties in invoice review: an admin approves or pays their own invoice only when
-- the company has no other active admin, and the history row of such a change says it was the
-- actor's own invoice. The partial index answers "is there another active admin?" per tenant.

ALTER TABLE invoice_history ADD COLUMN own_invoice boolean NOT NULL DEFAULT false;

CREATE INDEX users_active_admins ON users (tenant_id, id) WHERE active AND 'admin' = ANY (roles);
