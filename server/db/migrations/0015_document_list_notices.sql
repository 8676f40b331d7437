-- The embedded database (PGlite) is one process that nothing else writes to: its documents
-- list cache can learn of every change from a notification instead of reading the version
-- row on each request (decision 0028, amended). The notice is sent only in a session that
-- asks for it (server/modules/documents/list-versions.ts sets cv.list_change_notices), so a
-- PostgreSQL deployment's commits do not queue on the notification lock for nobody.
CREATE OR REPLACE FUNCTION bump_document_list_version(owner integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO document_list_versions AS v (teacher_id, version)
    SELECT owner, 1 WHERE EXISTS (SELECT 1 FROM teachers WHERE id = owner)
    ON CONFLICT (teacher_id) DO UPDATE SET version = v.version + 1;
  IF current_setting('cv.list_change_notices', true) = 'on' THEN
    PERFORM pg_notify('document_list_changed', owner::text);
  END IF;
END $$;
