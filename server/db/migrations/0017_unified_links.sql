CREATE TABLE "link_views" (
	"id" serial PRIMARY KEY NOT NULL,
	"link_id" integer NOT NULL,
	"viewed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "links" (
	"id" serial PRIMARY KEY NOT NULL,
	"teacher_id" integer NOT NULL,
	"kind" text NOT NULL,
	"document_id" integer,
	"report_id" integer,
	"key_hash" text NOT NULL,
	"recipient_name" text,
	"recipient_email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "links_one_subject" CHECK (("links"."kind" = 'feedback' and "links"."document_id" is not null and "links"."report_id" is null) or ("links"."kind" = 'report' and "links"."report_id" is not null and "links"."document_id" is null))
);
--> statement-breakpoint
ALTER TABLE "link_views" ADD CONSTRAINT "link_views_link_id_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "links" ADD CONSTRAINT "links_teacher_id_teachers_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teachers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "links" ADD CONSTRAINT "links_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "links" ADD CONSTRAINT "links_report_id_parent_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."parent_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "link_views_link_idx" ON "link_views" USING btree ("link_id","viewed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "links_key_unique" ON "links" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "links_document_idx" ON "links" USING btree ("document_id","created_at","id");--> statement-breakpoint
CREATE INDEX "links_report_idx" ON "links" USING btree ("report_id","created_at","id");--> statement-breakpoint
CREATE INDEX "links_teacher_idx" ON "links" USING btree ("teacher_id","created_at");--> statement-breakpoint
-- Every existing link moves into the one table, with its key (so it keeps working) and
-- its views; the old tables are dropped by the next migration.
ALTER TABLE "links" ADD COLUMN "moved_from" text;--> statement-breakpoint
INSERT INTO "links" ("teacher_id", "kind", "document_id", "key_hash", "recipient_name", "recipient_email", "created_at", "expires_at", "revoked_at", "moved_from")
SELECT "teacher_id", 'feedback', "document_id", "key_hash", "student_name", "student_email", "created_at", "expires_at", "revoked_at", 'share:' || "id"
FROM "share_links" ORDER BY "id";--> statement-breakpoint
INSERT INTO "links" ("teacher_id", "kind", "report_id", "key_hash", "recipient_name", "recipient_email", "created_at", "expires_at", "revoked_at", "moved_from")
SELECT "teacher_id", 'report', "report_id", "key_hash", "recipient_name", "recipient_email", "created_at", "expires_at", "revoked_at", 'report:' || "id"
FROM "report_links" ORDER BY "id";--> statement-breakpoint
INSERT INTO "link_views" ("link_id", "viewed_at")
SELECT "links"."id", "share_link_views"."viewed_at" FROM "share_link_views"
JOIN "links" ON "links"."moved_from" = 'share:' || "share_link_views"."share_link_id" ORDER BY "share_link_views"."id";--> statement-breakpoint
INSERT INTO "link_views" ("link_id", "viewed_at")
SELECT "links"."id", "report_link_views"."viewed_at" FROM "report_link_views"
JOIN "links" ON "links"."moved_from" = 'report:' || "report_link_views"."report_link_id" ORDER BY "report_link_views"."id";--> statement-breakpoint
ALTER TABLE "links" DROP COLUMN "moved_from";
