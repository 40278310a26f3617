-- The count and sum of a month's invoices per state and currency, kept as invoices are written
-- (docs/ARCHITECTURE.md, "Page speed"). The overview showed them as an aggregate over the month's
-- invoices: a thousand index entries grouped on every view, about a third of the page's time in
-- the database.
--
-- A statement that writes invoices appends its net change per month, state and currency to
-- `invoice_month_total_changes` (an insert: writers never wait for each other there). Then, if no
-- other transaction is folding the company's changes (`pg_try_advisory_xact_lock`, without
-- waiting), it moves all of the company's committed changes into `invoice_month_totals`. Only the
-- one transaction holding that lock writes the totals' rows, so two writers can never hold rows
-- of the totals the other waits for: no deadlock, whatever order a transaction writes its
-- invoices in. A reader sums the month's totals and the changes not yet folded, in one snapshot;
-- a fold moves rows between the two tables in one transaction, so a reader sees it whole or not
-- at all. Changes left unfolded (their writer could not take the lock) are folded by the next
-- write of the company's invoices.
--
-- An export writes both tables as they are, and an import restores them: the trigger leaves them
-- alone while a transaction restores or erases the company (`tenant_rows_released`, 0027).

CREATE TABLE invoice_month_totals (
    tenant_id    uuid          NOT NULL REFERENCES tenants (id),
    month        date          NOT NULL CHECK (extract(day FROM month) = 1),
    state        invoice_state NOT NULL,
    -- '' for the invoices whose amount was not read (their currency is NULL).
    currency     text          NOT NULL CHECK (currency ~ '^([A-Z]{3})?$'),
    invoices     integer       NOT NULL,
    -- The sum of the amounts read (0 for currency '').
    amount_minor bigint        NOT NULL,
    PRIMARY KEY (tenant_id, month, state, currency)
);

CREATE TABLE invoice_month_total_changes (
    tenant_id    uuid          NOT NULL REFERENCES tenants (id),
    id           uuid          NOT NULL DEFAULT gen_random_uuid(),
    month        date          NOT NULL CHECK (extract(day FROM month) = 1),
    state        invoice_state NOT NULL,
    currency     text          NOT NULL CHECK (currency ~ '^([A-Z]{3})?$'),
    invoices     integer       NOT NULL,
    amount_minor bigint        NOT NULL,
    PRIMARY KEY (tenant_id, id)
);
CREATE INDEX invoice_month_total_changes_by_month ON invoice_month_total_changes (tenant_id, month);

-- Moves the committed changes of `tenant` into the totals, unless another transaction is doing
-- so; the caller's transaction holds the lock, and the totals' rows it wrote, until it ends.
CREATE FUNCTION fold_invoice_month_totals(tenant uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
    IF NOT pg_try_advisory_xact_lock(hashtextextended('invoice-month-totals:' || tenant::text, 0)) THEN
        RETURN;
    END IF;
    WITH moved AS (
        DELETE FROM invoice_month_total_changes WHERE tenant_id = tenant
        RETURNING month, state, currency, invoices, amount_minor
    ), summed AS (
        SELECT month, state, currency, sum(invoices)::int AS invoices, sum(amount_minor)::bigint AS amount_minor
        FROM moved GROUP BY month, state, currency
    )
    INSERT INTO invoice_month_totals AS t (tenant_id, month, state, currency, invoices, amount_minor)
    SELECT tenant, month, state, currency, invoices, amount_minor FROM summed
    WHERE invoices <> 0 OR amount_minor <> 0
    ORDER BY month, state, currency
    ON CONFLICT (tenant_id, month, state, currency) DO UPDATE
        SET invoices = t.invoices + excluded.invoices, amount_minor = t.amount_minor + excluded.amount_minor;
    DELETE FROM invoice_month_totals WHERE tenant_id = tenant AND invoices = 0 AND amount_minor = 0;
END $$;

CREATE FUNCTION invoice_month_totals_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    written bigint;
    tenant uuid;
BEGIN
    IF tenant_rows_released(CASE TG_OP WHEN 'INSERT' THEN 'roster.restore_tenant' ELSE 'roster.erase_tenant' END,
                            current_tenant_id(), TG_RELID) THEN
        RETURN NULL;
    END IF;
    -- Each event has its own transition tables: a statement may name only the ones it has.
    IF TG_OP = 'INSERT' THEN
        INSERT INTO invoice_month_total_changes (tenant_id, month, state, currency, invoices, amount_minor)
        SELECT tenant_id, month, state, coalesce(currency, ''), count(*), coalesce(sum(amount_minor), 0)
        FROM added GROUP BY tenant_id, month, state, coalesce(currency, '')
        ORDER BY 1, 2, 3, 4;
    ELSIF TG_OP = 'DELETE' THEN
        INSERT INTO invoice_month_total_changes (tenant_id, month, state, currency, invoices, amount_minor)
        SELECT tenant_id, month, state, coalesce(currency, ''), -count(*), -coalesce(sum(amount_minor), 0)
        FROM removed GROUP BY tenant_id, month, state, coalesce(currency, '')
        ORDER BY 1, 2, 3, 4;
    ELSE
        -- Most updates change none of the four (a version, an export, a field corrected).
        INSERT INTO invoice_month_total_changes (tenant_id, month, state, currency, invoices, amount_minor)
        SELECT tenant_id, month, state, currency, sum(n), sum(amount)
        FROM (SELECT tenant_id, month, state, coalesce(currency, '') AS currency, 1 AS n, coalesce(amount_minor, 0) AS amount
              FROM added
              UNION ALL
              SELECT tenant_id, month, state, coalesce(currency, ''), -1, -coalesce(amount_minor, 0) FROM removed) u
        GROUP BY tenant_id, month, state, currency
        HAVING sum(n) <> 0 OR sum(amount) <> 0
        ORDER BY 1, 2, 3, 4;
    END IF;
    GET DIAGNOSTICS written = ROW_COUNT;
    IF written = 0 THEN
        RETURN NULL;
    END IF;
    -- Row level security holds the statement to the company the transaction entered.
    tenant := current_tenant_id();
    IF tenant IS NOT NULL THEN
        PERFORM fold_invoice_month_totals(tenant);
    END IF;
    RETURN NULL;
END $$;

CREATE TRIGGER invoices_month_totals_on_insert AFTER INSERT ON invoices
    REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION invoice_month_totals_change();
CREATE TRIGGER invoices_month_totals_on_update AFTER UPDATE ON invoices
    REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION invoice_month_totals_change();
CREATE TRIGGER invoices_month_totals_on_delete AFTER DELETE ON invoices
    REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION invoice_month_totals_change();

-- The invoices there are (row level security let through for the owner for this one statement, as
-- in 0016, 0028 and 0029).
ALTER TABLE invoices NO FORCE ROW LEVEL SECURITY;
INSERT INTO invoice_month_totals (tenant_id, month, state, currency, invoices, amount_minor)
SELECT tenant_id, month, state, coalesce(currency, ''), count(*), coalesce(sum(amount_minor), 0)
FROM invoices GROUP BY tenant_id, month, state, coalesce(currency, '');
ALTER TABLE invoices FORCE ROW LEVEL SECURITY;

ALTER TABLE invoice_month_totals ENABLE ROW LEVEL SECURITY;
ALTER TABLE invoice_month_totals FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON invoice_month_totals
    USING (tenant_id = current_tenant_id()) WITH CHECK (tenant_id = current_tenant_id());

ALTER TABLE invoice_month_total_changes ENABLE ROW LEVEL SECURITY;
ALTER TABLE invoice_month_total_changes FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON invoice_month_total_changes
    USING (tenant_id = current_tenant_id()) WITH CHECK (tenant_id = current_tenant_id());
