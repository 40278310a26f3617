-- The desk flags an invoice whose number another invoice of the same person carries. Since the
-- invoice row holds the number as corrected (0016), that check reads invoices, and without an
-- index it walked every invoice of the person for each row of the desk: a tenant with 100 months
-- of history made the desk of 1,000 invoices three times slower than one with 10.
CREATE INDEX invoices_by_number ON invoices (tenant_id, user_id, invoice_number) WHERE invoice_number IS NOT NULL;
