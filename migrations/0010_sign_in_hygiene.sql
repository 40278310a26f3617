-- Sign-in hygiene: refused link requests are recorded but not counted; sessions end after a
-- time without use; outbox rows are claimed for a while (a lease) instead of being held under a
-- lock while sendmail runs, and a message that is no use after some time (a sign-in link) says
-- until when it may be delivered. Indexes let the periodic cleanup find expired rows per tenant.

ALTER TABLE sign_in_requests ADD COLUMN allowed boolean NOT NULL DEFAULT true;
CREATE INDEX sign_in_requests_by_time ON sign_in_requests (tenant_id, requested_at);

ALTER TABLE sessions ADD COLUMN last_seen_at timestamptz NOT NULL DEFAULT now();
CREATE INDEX sessions_by_expiry ON sessions (tenant_id, expires_at);
CREATE INDEX sessions_by_last_seen ON sessions (tenant_id, last_seen_at);

-- claimed_until: a worker is delivering the message until then; after it (the worker died) the
-- message is due again. expires_at: not delivered after then (it is marked, not sent).
ALTER TABLE outbox ADD COLUMN claimed_until timestamptz, ADD COLUMN expires_at timestamptz;

CREATE INDEX sign_in_links_by_expiry ON sign_in_links (tenant_id, expires_at);
CREATE INDEX oidc_attempts_by_expiry ON oidc_attempts (tenant_id, expires_at);
CREATE INDEX oauth_codes_by_expiry ON oauth_codes (tenant_id, expires_at);
CREATE INDEX oauth_tokens_by_expiry ON oauth_tokens (tenant_id, expires_at);
