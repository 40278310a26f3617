-- The invoice overview's totals add up the amounts read from each invoice's current document:
-- with the amount and currency in the index, each of a month's invoices costs one index probe
-- and no visit to the document row, so the totals follow the month's size, not the tenant's.
CREATE INDEX invoice_documents_amounts ON invoice_documents (tenant_id, id) INCLUDE (amount_minor, currency);
