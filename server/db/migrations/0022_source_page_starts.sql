ALTER TABLE "documents" ADD COLUMN "source_page_starts" jsonb;
