ALTER TABLE "jobs" ADD COLUMN "fair_key" text;--> statement-breakpoint
CREATE INDEX "jobs_fair_key_idx" ON "jobs" USING btree ("fair_key","status","finished_at");