DROP TABLE "report_link_views" CASCADE;--> statement-breakpoint
DROP TABLE "report_links" CASCADE;--> statement-breakpoint
DROP TABLE "share_link_views" CASCADE;--> statement-breakpoint
DROP TABLE "share_links" CASCADE;