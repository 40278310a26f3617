-- The demo company (docs/ARCHITECTURE.md, "The demo company"). A company is a demo company from
-- its creation or never: `Roster demo` creates it so, and nothing can mark a real company later.
-- Only in a demo company may the append-only tables be rewritten, and only by a transaction that
-- names that company in `roster.demo_rewrite`: the demo dates its history into past months, and
-- `demo --reset` removes it whole.

ALTER TABLE tenants ADD COLUMN demo boolean NOT NULL DEFAULT false;

-- The demo company of earlier versions: the slug "acme" whose people all have addresses of the
-- reserved domain acme.example (RFC 2606), which no real company can receive mail at.
-- Row level security binds the owner too: the company is entered for the statement.
DO $$
DECLARE acme uuid;
BEGIN
    SELECT id INTO acme FROM tenants WHERE slug = 'acme';
    IF acme IS NOT NULL THEN
        PERFORM set_config('roster.tenant_id', acme::text, true);
        UPDATE tenants t SET demo = true
        WHERE t.id = acme
          AND EXISTS (SELECT 1 FROM users u WHERE u.tenant_id = acme)
          AND NOT EXISTS (SELECT 1 FROM users u WHERE u.tenant_id = acme AND u.email NOT LIKE '%@acme.example');
        PERFORM set_config('roster.tenant_id', '', true);
    END IF;
END $$;

CREATE FUNCTION refuse_demo_mark_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'a company is a demo company from its creation or never';
END $$;
CREATE TRIGGER tenants_demo_fixed BEFORE UPDATE OF demo ON tenants
    FOR EACH ROW WHEN (NEW.demo IS DISTINCT FROM OLD.demo) EXECUTE FUNCTION refuse_demo_mark_change();

CREATE OR REPLACE FUNCTION refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF lower(current_setting('roster.demo_rewrite', true)) = OLD.tenant_id::text
       AND EXISTS (SELECT 1 FROM tenants WHERE id = OLD.tenant_id AND demo) THEN
        IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
        IF NEW.tenant_id = OLD.tenant_id THEN RETURN NEW; END IF;
    END IF;
    RAISE EXCEPTION '% is append-only', TG_TABLE_NAME;
END $$;
