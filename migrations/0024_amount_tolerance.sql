-- How far an invoice's total may differ from the expected amount before the review desk flags
-- it, in hundredths of a percent of the expected amount (100 = 1 %).
ALTER TABLE tenants
    ADD COLUMN amount_tolerance_bp integer NOT NULL DEFAULT 100 CHECK (amount_tolerance_bp BETWEEN 0 AND 10000);
