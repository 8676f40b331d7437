CREATE TABLE "suggestion_responses" (
	"id" serial PRIMARY KEY NOT NULL,
	"teacher_id" integer NOT NULL,
	"response" text NOT NULL,
	"suggestion_key" text NOT NULL,
	"topic_id" text,
	"class_name" text,
	"feedback_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "class_name" text;--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "recurring" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "suggestion_responses" ADD CONSTRAINT "suggestion_responses_teacher_id_teachers_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teachers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "suggestion_responses_teacher_idx" ON "suggestion_responses" USING btree ("teacher_id","created_at");