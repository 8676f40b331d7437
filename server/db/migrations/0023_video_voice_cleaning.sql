ALTER TABLE "video_renders" ADD COLUMN "voice_cleaning" jsonb;
