-- Hourly rates: corrections are marked on the row (and audited), reports find rates by month,
-- and the rounding rule of the Swift code (`Rounding.divide`) exists in SQL as well.

ALTER TABLE rates
    ADD COLUMN corrected_at timestamptz,
    ADD COLUMN corrected_by uuid,
    ADD FOREIGN KEY (tenant_id, corrected_by) REFERENCES users (tenant_id, id);

-- "Which rates took effect in this month?" for the increase reports.
CREATE INDEX rates_by_effective_from ON rates (tenant_id, effective_from);
-- "Did this person have a contract in that month?", asked per person and month by the reports
-- (the exclusion constraint's GiST index answers it too, but several times slower).
CREATE INDEX contracts_by_user ON contracts (tenant_id, user_id, valid_from);

-- numerator / denominator rounded half away from zero, exactly, for a positive denominator.
CREATE FUNCTION round_div(numerator bigint, denominator bigint) RETURNS bigint
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN sign(numerator)::bigint * ((2 * abs(numerator) + denominator) / (2 * denominator));
