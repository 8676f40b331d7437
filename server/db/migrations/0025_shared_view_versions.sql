CREATE TABLE "shared_view_versions" (
	"teacher_id" integer PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "shared_view_versions" ADD CONSTRAINT "shared_view_versions_teacher_id_teachers_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teachers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Every teacher starts with a row: on PostgreSQL a missing row means "teacher gone, build
-- the answer again", never "nothing changed yet" (server/db/teacher-versions.ts).
INSERT INTO "shared_view_versions" ("teacher_id", "version") SELECT "id", 1 FROM "teachers";
--> statement-breakpoint
-- Bumps a teacher's shared-view version (decision 0054), as bump_document_list_version
-- does for the documents list: deferred to the commit so the row lock is held only while
-- the transaction commits, and announced on the embedded database only in a session that
-- asks for it (cv.shared_view_notices), even for a teacher being deleted.
CREATE FUNCTION bump_shared_view_version(owner integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO shared_view_versions AS v (teacher_id, version)
    SELECT owner, 1 WHERE EXISTS (SELECT 1 FROM teachers WHERE id = owner)
    ON CONFLICT (teacher_id) DO UPDATE SET version = v.version + 1;
  IF current_setting('cv.shared_view_notices', true) = 'on' THEN
    PERFORM pg_notify('shared_view_changed', owner::text);
  END IF;
END $$;
--> statement-breakpoint
CREATE FUNCTION shared_view_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM bump_shared_view_version(OLD.teacher_id); END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.teacher_id IS DISTINCT FROM OLD.teacher_id) THEN
    PERFORM bump_shared_view_version(NEW.teacher_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION teacher_name_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bump_shared_view_version(NEW.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A view shows the document (title, text, author, status) ...
CREATE CONSTRAINT TRIGGER documents_shared_view_changed AFTER UPDATE OR DELETE ON documents
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION shared_view_changed();
--> statement-breakpoint
-- ... its feedback as published, with its recordings and cut-outs ...
CREATE CONSTRAINT TRIGGER feedback_shared_view_changed AFTER INSERT OR UPDATE OR DELETE ON feedback
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION shared_view_changed();
--> statement-breakpoint
-- ... the mark as shared ...
CREATE CONSTRAINT TRIGGER document_marks_shared_view_changed AFTER INSERT OR UPDATE OR DELETE ON document_marks
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION shared_view_changed();
--> statement-breakpoint
-- ... whether the link still opens (revoked or deleted: never served from memory again) ...
CREATE CONSTRAINT TRIGGER links_shared_view_changed AFTER INSERT OR UPDATE OR DELETE ON links
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION shared_view_changed();
--> statement-breakpoint
-- ... the pupil's file ...
CREATE CONSTRAINT TRIGGER files_shared_view_changed AFTER UPDATE OR DELETE ON files
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION shared_view_changed();
--> statement-breakpoint
-- ... and the teacher's name.
CREATE CONSTRAINT TRIGGER teachers_shared_view_changed AFTER UPDATE OF first_name, last_name ON teachers
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION teacher_name_changed();
