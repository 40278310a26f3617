-- An approved month keeps the seconds worked on each of its days (day 1 first): its entries
-- cannot change while it is approved, so expected amounts read one row per person instead of
-- every entry of the month. Reopening (status 'returned') drops it; the next approval writes it
-- again.
ALTER TABLE time_months
    ADD COLUMN day_seconds integer[] CHECK (day_seconds IS NULL OR cardinality(day_seconds) BETWEEN 28 AND 31),
    ADD CHECK ((status = 'approved') = (day_seconds IS NOT NULL));
