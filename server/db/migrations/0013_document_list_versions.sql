CREATE TABLE "document_list_versions" (
	"teacher_id" integer PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "document_list_versions" ADD CONSTRAINT "document_list_versions_teacher_id_teachers_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teachers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Bumps a teacher's documents-list version. Deferred to the commit, so the row lock on the
-- version is held only while the transaction commits (30 pupils handing in at once to
-- one teacher queue for microseconds, not for their whole transactions). A teacher being
-- deleted in the same transaction is gone by then: nothing to bump.
CREATE FUNCTION bump_document_list_version(owner integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO document_list_versions AS v (teacher_id, version)
    SELECT owner, 1 WHERE EXISTS (SELECT 1 FROM teachers WHERE id = owner)
    ON CONFLICT (teacher_id) DO UPDATE SET version = v.version + 1;
END $$;
--> statement-breakpoint
CREATE FUNCTION document_list_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM bump_document_list_version(OLD.teacher_id); END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.teacher_id IS DISTINCT FROM OLD.teacher_id) THEN
    PERFORM bump_document_list_version(NEW.teacher_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER documents_list_changed AFTER INSERT OR UPDATE OR DELETE ON documents
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION document_list_changed();
--> statement-breakpoint
-- The list shows each document's number of feedback items.
CREATE CONSTRAINT TRIGGER feedback_list_changed AFTER INSERT OR DELETE OR UPDATE OF document_id ON feedback
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION document_list_changed();
--> statement-breakpoint
-- ...each pupil's name and photo.
CREATE CONSTRAINT TRIGGER students_list_changed AFTER DELETE OR UPDATE OF name, surname, surname_initials, image_url, teacher_id ON students
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION document_list_changed();
--> statement-breakpoint
-- ...and the pupils' addresses, which carry the classroom phrase.
CREATE CONSTRAINT TRIGGER classroom_keys_list_changed AFTER INSERT OR UPDATE OR DELETE ON classroom_keys
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION document_list_changed();
