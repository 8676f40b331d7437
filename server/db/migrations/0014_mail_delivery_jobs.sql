ALTER TABLE "mail_outbox" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "failed_at" timestamp with time zone;--> statement-breakpoint
-- Wakes the processes that LISTEN on jobs_ready (server/platform/job-wakeups.ts) when a job
-- becomes ready: queued for now, or handed back. A trigger, so every enqueue notifies in its
-- own transaction, and the notification is delivered when (and only if) that commits.
CREATE FUNCTION "notify_job_ready"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('jobs_ready', NEW.kind);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "jobs_notify_ready" AFTER INSERT OR UPDATE OF "status" ON "jobs"
  FOR EACH ROW WHEN (NEW.status = 'queued' AND NEW.run_after <= now())
  EXECUTE FUNCTION "notify_job_ready"();
