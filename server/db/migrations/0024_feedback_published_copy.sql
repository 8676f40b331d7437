ALTER TABLE "documents" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "feedback" ADD COLUMN "published_content" text;--> statement-breakpoint
ALTER TABLE "feedback" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
-- Work already shared or marked reviewed has been published: pupils keep seeing it when the
-- teacher reopens it. Its published items' comments are as they are now. The list-version
-- triggers these updates fire run at once, not at the commit: migrations after this one run
-- in the same transaction, and PostgreSQL refuses to alter a table with trigger events pending.
SET CONSTRAINTS ALL IMMEDIATE;--> statement-breakpoint
UPDATE "documents" SET "published_at" = coalesce("shared_at", "reviewed_at", "updated_at")
  WHERE "status" IN ('reviewed', 'shared')
    OR EXISTS (SELECT 1 FROM "feedback" WHERE "feedback"."document_id" = "documents"."id" AND "feedback"."published_at" IS NOT NULL);--> statement-breakpoint
UPDATE "feedback" SET "published_content" = "content" WHERE "published_at" IS NOT NULL;--> statement-breakpoint
-- Every deferrable constraint is a trigger created INITIALLY DEFERRED: back to that.
SET CONSTRAINTS ALL DEFERRED;--> statement-breakpoint
-- The documents list counts only items the teacher has not deleted: deleting a published
-- item (setting deleted_at) changes the count as a delete does.
DROP TRIGGER "feedback_list_changed" ON "feedback";--> statement-breakpoint
CREATE CONSTRAINT TRIGGER feedback_list_changed AFTER INSERT OR DELETE OR UPDATE OF document_id, deleted_at ON feedback
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION document_list_changed();
