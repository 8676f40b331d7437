CREATE TABLE "avatar_profiles" (
	"id" serial PRIMARY KEY NOT NULL,
	"teacher_id" integer NOT NULL,
	"name" text NOT NULL,
	"image_file_id" text,
	"video_file_id" text,
	"avatar_id" text,
	"engine" text DEFAULT 'builtin' NOT NULL,
	"status" text DEFAULT 'processing' NOT NULL,
	"error" text,
	"face" jsonb,
	"consent_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lesson_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"teacher_id" integer NOT NULL,
	"title" text NOT NULL,
	"date_range" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lessons" (
	"id" serial PRIMARY KEY NOT NULL,
	"teacher_id" integer NOT NULL,
	"plan_id" integer NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"time_slot" text NOT NULL,
	"day" text NOT NULL,
	"color" text DEFAULT 'blue' NOT NULL,
	"suggestion_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "video_renders" (
	"id" text PRIMARY KEY NOT NULL,
	"teacher_id" integer NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"engine" text,
	"voice_source" text DEFAULT 'recording' NOT NULL,
	"audio_file_id" text,
	"video_file_id" text,
	"avatar_profile_id" integer,
	"voice_profile_id" integer,
	"transcript" text DEFAULT '' NOT NULL,
	"enhanced_transcript" text DEFAULT '' NOT NULL,
	"captions" text,
	"duration_ms" integer,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "voice_profiles" (
	"id" serial PRIMARY KEY NOT NULL,
	"teacher_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"sample_file_id" text,
	"voice_id" text NOT NULL,
	"engine" text DEFAULT 'builtin' NOT NULL,
	"settings" jsonb,
	"consent_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "avatar_profiles" ADD CONSTRAINT "avatar_profiles_teacher_id_teachers_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teachers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "avatar_profiles" ADD CONSTRAINT "avatar_profiles_image_file_id_files_id_fk" FOREIGN KEY ("image_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "avatar_profiles" ADD CONSTRAINT "avatar_profiles_video_file_id_files_id_fk" FOREIGN KEY ("video_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_plans" ADD CONSTRAINT "lesson_plans_teacher_id_teachers_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teachers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_teacher_id_teachers_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teachers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_plan_id_lesson_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."lesson_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_renders" ADD CONSTRAINT "video_renders_teacher_id_teachers_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teachers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_renders" ADD CONSTRAINT "video_renders_audio_file_id_files_id_fk" FOREIGN KEY ("audio_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_renders" ADD CONSTRAINT "video_renders_video_file_id_files_id_fk" FOREIGN KEY ("video_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_renders" ADD CONSTRAINT "video_renders_avatar_profile_id_avatar_profiles_id_fk" FOREIGN KEY ("avatar_profile_id") REFERENCES "public"."avatar_profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_renders" ADD CONSTRAINT "video_renders_voice_profile_id_voice_profiles_id_fk" FOREIGN KEY ("voice_profile_id") REFERENCES "public"."voice_profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voice_profiles" ADD CONSTRAINT "voice_profiles_teacher_id_teachers_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teachers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voice_profiles" ADD CONSTRAINT "voice_profiles_sample_file_id_files_id_fk" FOREIGN KEY ("sample_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "avatar_profiles_teacher_idx" ON "avatar_profiles" USING btree ("teacher_id");--> statement-breakpoint
CREATE UNIQUE INDEX "avatar_profiles_avatar_id_unique" ON "avatar_profiles" USING btree ("avatar_id");--> statement-breakpoint
CREATE INDEX "lesson_plans_teacher_idx" ON "lesson_plans" USING btree ("teacher_id","created_at");--> statement-breakpoint
CREATE INDEX "lessons_plan_idx" ON "lessons" USING btree ("plan_id","day");--> statement-breakpoint
CREATE INDEX "lessons_teacher_idx" ON "lessons" USING btree ("teacher_id");--> statement-breakpoint
CREATE UNIQUE INDEX "lessons_plan_suggestion_unique" ON "lessons" USING btree ("plan_id","suggestion_key");--> statement-breakpoint
CREATE INDEX "video_renders_teacher_idx" ON "video_renders" USING btree ("teacher_id","created_at");--> statement-breakpoint
CREATE INDEX "voice_profiles_teacher_idx" ON "voice_profiles" USING btree ("teacher_id");--> statement-breakpoint
CREATE UNIQUE INDEX "voice_profiles_voice_id_unique" ON "voice_profiles" USING btree ("voice_id");