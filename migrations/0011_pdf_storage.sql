-- Uploaded files are kept as they came, without PostgreSQL's compression: a PDF's content is
-- compressed already (and a thumbnail is a PNG), so compressing it again only costs the
-- server CPU while a burst of uploads is stored, which the pages being served then wait for.
-- Values stay out of line (TOAST) as before.
ALTER TABLE invoice_documents ALTER COLUMN content SET STORAGE EXTERNAL;
ALTER TABLE invoice_documents ALTER COLUMN thumbnail_png SET STORAGE EXTERNAL;
