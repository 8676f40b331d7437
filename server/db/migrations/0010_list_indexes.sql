DROP INDEX "documents_teacher_idx";--> statement-breakpoint
DROP INDEX "lesson_plans_teacher_idx";--> statement-breakpoint
DROP INDEX "parent_reports_teacher_idx";--> statement-breakpoint
DROP INDEX "report_links_report_idx";--> statement-breakpoint
DROP INDEX "share_links_document_idx";--> statement-breakpoint
CREATE INDEX "documents_teacher_list_idx" ON "documents" USING btree ("teacher_id","created_at","id");--> statement-breakpoint
CREATE INDEX "documents_teacher_status_idx" ON "documents" USING btree ("teacher_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "teachers_created_idx" ON "teachers" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "lesson_plans_teacher_idx" ON "lesson_plans" USING btree ("teacher_id","created_at","id");--> statement-breakpoint
CREATE INDEX "parent_reports_teacher_idx" ON "parent_reports" USING btree ("teacher_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "report_links_report_idx" ON "report_links" USING btree ("report_id","created_at","id");--> statement-breakpoint
CREATE INDEX "share_links_document_idx" ON "share_links" USING btree ("document_id","created_at","id");