-- E-mail: an outbox written in the same transaction as what it reports (nothing is lost when
-- the mail server is down), delivered by a worker with retries; and the requests for sign-in
-- links, kept to rate-limit them per e-mail address and per client address.

CREATE TABLE outbox (
    tenant_id       uuid        NOT NULL REFERENCES tenants (id),
    id              uuid        NOT NULL DEFAULT gen_random_uuid(),
    recipient       text        NOT NULL CHECK (length(recipient) BETWEEN 3 AND 254 AND recipient LIKE '_%@_%'
                                                AND recipient !~ '[\r\n<>,;]'),
    subject         text        NOT NULL CHECK (length(subject) BETWEEN 1 AND 200 AND subject !~ '[\r\n]'),
    body            text        NOT NULL CHECK (length(body) <= 100000),
    created_at      timestamptz NOT NULL DEFAULT now(),
    attempts        int         NOT NULL DEFAULT 0,
    next_attempt_at timestamptz NOT NULL DEFAULT now(),
    sent_at         timestamptz,
    failed_at       timestamptz,
    last_error      text,
    PRIMARY KEY (tenant_id, id)
);
-- The worker's question: what is due?
CREATE INDEX outbox_due ON outbox (tenant_id, next_attempt_at) WHERE sent_at IS NULL AND failed_at IS NULL;

CREATE TABLE sign_in_requests (
    tenant_id    uuid        NOT NULL REFERENCES tenants (id),
    id           uuid        NOT NULL DEFAULT gen_random_uuid(),
    email        text        NOT NULL,
    client       text        NOT NULL,
    requested_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (tenant_id, id)
);
CREATE INDEX sign_in_requests_by_email ON sign_in_requests (tenant_id, lower(email), requested_at);
CREATE INDEX sign_in_requests_by_client ON sign_in_requests (tenant_id, client, requested_at);

ALTER TABLE outbox ENABLE ROW LEVEL SECURITY;
ALTER TABLE outbox FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON outbox
    USING (tenant_id = current_tenant_id()) WITH CHECK (tenant_id = current_tenant_id());

ALTER TABLE sign_in_requests ENABLE ROW LEVEL SECURITY;
ALTER TABLE sign_in_requests FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON sign_in_requests
    USING (tenant_id = current_tenant_id()) WITH CHECK (tenant_id = current_tenant_id());
