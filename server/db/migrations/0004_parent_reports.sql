CREATE TABLE "parent_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"teacher_id" integer NOT NULL,
	"student_id" integer,
	"subjects" text NOT NULL,
	"content" text NOT NULL,
	"transcript" text DEFAULT '' NOT NULL,
	"template_id" text,
	"status" text DEFAULT 'draft' NOT NULL,
	"video_render_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "report_link_views" (
	"id" serial PRIMARY KEY NOT NULL,
	"report_link_id" integer NOT NULL,
	"viewed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"teacher_id" integer NOT NULL,
	"report_id" integer NOT NULL,
	"key_hash" text NOT NULL,
	"recipient_name" text,
	"recipient_email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "parent_reports" ADD CONSTRAINT "parent_reports_teacher_id_teachers_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teachers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parent_reports" ADD CONSTRAINT "parent_reports_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parent_reports" ADD CONSTRAINT "parent_reports_video_render_id_video_renders_id_fk" FOREIGN KEY ("video_render_id") REFERENCES "public"."video_renders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_link_views" ADD CONSTRAINT "report_link_views_report_link_id_report_links_id_fk" FOREIGN KEY ("report_link_id") REFERENCES "public"."report_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_links" ADD CONSTRAINT "report_links_teacher_id_teachers_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teachers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_links" ADD CONSTRAINT "report_links_report_id_parent_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."parent_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "parent_reports_teacher_idx" ON "parent_reports" USING btree ("teacher_id","updated_at");--> statement-breakpoint
CREATE INDEX "parent_reports_student_idx" ON "parent_reports" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "report_link_views_link_idx" ON "report_link_views" USING btree ("report_link_id");--> statement-breakpoint
CREATE UNIQUE INDEX "report_links_key_unique" ON "report_links" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "report_links_report_idx" ON "report_links" USING btree ("report_id");