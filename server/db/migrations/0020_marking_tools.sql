CREATE TABLE "bank_comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"teacher_id" integer NOT NULL,
	"text" text NOT NULL,
	"uses" integer DEFAULT 0 NOT NULL,
	"last_used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document_marks" (
	"document_id" integer PRIMARY KEY NOT NULL,
	"teacher_id" integer NOT NULL,
	"mark" text,
	"rubric" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"published_mark" text,
	"published_rubric" jsonb,
	"published_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "feedback" ADD COLUMN "ink" jsonb;--> statement-breakpoint
ALTER TABLE "bank_comments" ADD CONSTRAINT "bank_comments_teacher_id_teachers_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teachers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_marks" ADD CONSTRAINT "document_marks_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_marks" ADD CONSTRAINT "document_marks_teacher_id_teachers_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teachers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_comments_teacher_text_unique" ON "bank_comments" USING btree ("teacher_id",md5("text"));--> statement-breakpoint
CREATE INDEX "document_marks_teacher_idx" ON "document_marks" USING btree ("teacher_id","updated_at");