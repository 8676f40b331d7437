ALTER TABLE "feedback" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "documents_file_unique" ON "documents" USING btree ("file_id");--> statement-breakpoint
CREATE UNIQUE INDEX "feedback_audio_file_unique" ON "feedback" USING btree ("audio_file_id");