-- The outbox's claims are short and renewed while their worker goes on (`MailWorker`,
-- `OutboxQueries.lease`): `claim_id` names the batch a worker claimed, so it renews, and marks,
-- only what it still holds. `handed_over_at` is written just before a message goes to the
-- transport: after a crash, only that one message is in doubt, and the rest of the batch is due
-- again as soon as the short lease has passed. The message in doubt goes out again with the same
-- Message-ID (the outbox row's id), on which the receiver can drop a second copy.
ALTER TABLE outbox ADD COLUMN claim_id uuid, ADD COLUMN handed_over_at timestamptz;
