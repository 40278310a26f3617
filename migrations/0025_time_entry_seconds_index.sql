-- Expected amounts read a month's approved seconds per person and day (TimeBasisQueries): with
-- the seconds in the person's index on days, that is an index-only scan, not a visit to every
-- entry's row.
CREATE INDEX time_entries_by_person_day_seconds ON time_entries (tenant_id, user_id, work_date) INCLUDE (seconds);
DROP INDEX time_entries_by_person_day;
