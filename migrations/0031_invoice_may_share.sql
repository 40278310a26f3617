-- Two of the desk's flags ask about other invoices: "the same file" (another document of the
-- company has this invoice's file and is another invoice's current one) and "the same number"
-- (another invoice of the same person has this invoice's number). The desk asked both of every
-- row, two index probes a row that almost always found nothing: a third of the desk's statement
-- (docs/ARCHITECTURE.md, "Page speed").
--
-- Each invoice now carries whether it may share either, kept as invoices and documents are
-- written, and the desk asks the exact question only of the invoices that may. A mark is never
-- taken back when what it saw goes away (an invoice's number corrected, say): it only means "ask".
-- A mark missed would hide a flag, so each writer first takes the company's transaction lock on
-- the marks, and only then looks for another: of two transactions writing invoices' files or
-- numbers at once, the second waits for the first to end and then sees its rows. One lock per
-- company, not one per file or number: a transaction that writes many invoices (a seed, a
-- company's demo data) would otherwise take a lock per invoice and run out of the server's lock
-- table, and a transaction holding one lock cannot deadlock with another over them.
--
-- An export carries the marks, and an import restores them as they were: the triggers leave the
-- rows alone while a transaction restores the company (`tenant_rows_released`, 0027).

ALTER TABLE invoices ADD COLUMN file_may_be_shared boolean NOT NULL DEFAULT false,
                     ADD COLUMN number_may_be_shared boolean NOT NULL DEFAULT false;

-- The invoices there are, marked as they stand (row level security let through for the owner for
-- these statements, as in 0016 and 0028; the totals of 0030 do not change, so their trigger is
-- left out of it).
ALTER TABLE invoices NO FORCE ROW LEVEL SECURITY;
ALTER TABLE invoice_documents NO FORCE ROW LEVEL SECURITY;
ALTER TABLE invoices DISABLE TRIGGER invoices_month_totals_on_update;
UPDATE invoices i SET file_may_be_shared = true
WHERE EXISTS (SELECT 1 FROM invoice_documents d
              JOIN invoice_documents o ON o.tenant_id = d.tenant_id AND o.sha256 = d.sha256 AND o.id <> d.id
              WHERE d.tenant_id = i.tenant_id AND d.id = i.document_id);
UPDATE invoices i SET number_may_be_shared = true
WHERE i.invoice_number IS NOT NULL
  AND EXISTS (SELECT 1 FROM invoices o
              WHERE o.tenant_id = i.tenant_id AND o.user_id = i.user_id AND o.invoice_number = i.invoice_number
                AND o.id <> i.id);
ALTER TABLE invoices ENABLE TRIGGER invoices_month_totals_on_update;
ALTER TABLE invoices FORCE ROW LEVEL SECURITY;
ALTER TABLE invoice_documents FORCE ROW LEVEL SECURITY;

-- The lock of one company's marks.
CREATE FUNCTION invoice_marks_lock(tenant uuid) RETURNS void LANGUAGE sql AS $$
    SELECT pg_advisory_xact_lock(hashtextextended('invoice-marks:' || tenant, 0))
$$;

-- A document whose file another document has marks every invoice whose current document has
-- that file (a document is written once: 0007).
CREATE FUNCTION document_marks_shared_file() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF tenant_rows_released('roster.restore_tenant', NEW.tenant_id, TG_RELID) THEN
        RETURN NULL;
    END IF;
    PERFORM invoice_marks_lock(NEW.tenant_id);
    IF EXISTS (SELECT 1 FROM invoice_documents
               WHERE tenant_id = NEW.tenant_id AND sha256 = NEW.sha256 AND id <> NEW.id) THEN
        UPDATE invoices SET file_may_be_shared = true
        WHERE tenant_id = NEW.tenant_id AND NOT file_may_be_shared
          AND document_id IN (SELECT id FROM invoice_documents WHERE tenant_id = NEW.tenant_id AND sha256 = NEW.sha256);
    END IF;
    RETURN NULL;
END $$;

CREATE TRIGGER document_marks_shared_file AFTER INSERT ON invoice_documents
    FOR EACH ROW EXECUTE FUNCTION document_marks_shared_file();

-- An invoice that takes a document looks for the document's file elsewhere (a document written
-- after the invoice that names it marks the invoice itself, above).
CREATE FUNCTION invoice_marks_shared_file() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    file bytea;
BEGIN
    IF TG_OP = 'INSERT' AND tenant_rows_released('roster.restore_tenant', NEW.tenant_id, TG_RELID) THEN
        RETURN NEW;
    END IF;
    IF TG_OP = 'UPDATE' AND NEW.document_id IS NOT DISTINCT FROM OLD.document_id THEN
        RETURN NEW;
    END IF;
    SELECT d.sha256 INTO file FROM invoice_documents d WHERE d.tenant_id = NEW.tenant_id AND d.id = NEW.document_id;
    IF file IS NOT NULL THEN
        PERFORM invoice_marks_lock(NEW.tenant_id);
        NEW.file_may_be_shared := NEW.file_may_be_shared OR EXISTS (
            SELECT 1 FROM invoice_documents
            WHERE tenant_id = NEW.tenant_id AND sha256 = file AND id <> NEW.document_id);
    END IF;
    RETURN NEW;
END $$;

CREATE TRIGGER invoice_marks_shared_file BEFORE INSERT OR UPDATE OF document_id ON invoices
    FOR EACH ROW EXECUTE FUNCTION invoice_marks_shared_file();

-- An invoice that takes a number another invoice of the person has marks them all. Its own mark
-- is written by this trigger's UPDATE, which changes no number, so it does not fire again.
CREATE FUNCTION invoice_marks_shared_number() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'INSERT' AND tenant_rows_released('roster.restore_tenant', NEW.tenant_id, TG_RELID) THEN
        RETURN NULL;
    END IF;
    PERFORM invoice_marks_lock(NEW.tenant_id);
    IF EXISTS (SELECT 1 FROM invoices
               WHERE tenant_id = NEW.tenant_id AND user_id = NEW.user_id AND invoice_number = NEW.invoice_number
                 AND id <> NEW.id) THEN
        UPDATE invoices SET number_may_be_shared = true
        WHERE tenant_id = NEW.tenant_id AND user_id = NEW.user_id AND invoice_number = NEW.invoice_number
          AND NOT number_may_be_shared;
    END IF;
    RETURN NULL;
END $$;

CREATE TRIGGER invoice_marks_shared_number_on_insert AFTER INSERT ON invoices
    FOR EACH ROW WHEN (NEW.invoice_number IS NOT NULL) EXECUTE FUNCTION invoice_marks_shared_number();
CREATE TRIGGER invoice_marks_shared_number_on_update AFTER UPDATE ON invoices
    FOR EACH ROW WHEN (NEW.invoice_number IS NOT NULL AND NEW.invoice_number IS DISTINCT FROM OLD.invoice_number)
    EXECUTE FUNCTION invoice_marks_shared_number();
