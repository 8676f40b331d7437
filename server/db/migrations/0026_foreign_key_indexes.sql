-- Every foreign key is indexed on its referencing column. PostgreSQL finds the rows that
-- point at a deleted row (to cascade or to set null) by a plain query on that column; without
-- an index each deletion reads the whole referencing table. Deleting one hand-in deletes its
-- file, and feedback.region_crop_file_id had no index: on a district's 5,000,000 feedback
-- items each file deleted read all of them (78 ms a hand-in already at 250,000 items), so the
-- retention purge and a pupil's erasure grew with the district instead of with the work.
-- Partial where most rows have no reference: the index holds only those that do.
CREATE INDEX "feedback_region_crop_file_idx" ON "feedback" USING btree ("region_crop_file_id") WHERE "feedback"."region_crop_file_id" is not null;--> statement-breakpoint
CREATE INDEX "video_renders_audio_file_idx" ON "video_renders" USING btree ("audio_file_id") WHERE "video_renders"."audio_file_id" is not null;--> statement-breakpoint
CREATE INDEX "video_renders_video_file_idx" ON "video_renders" USING btree ("video_file_id") WHERE "video_renders"."video_file_id" is not null;--> statement-breakpoint
CREATE INDEX "video_renders_avatar_profile_idx" ON "video_renders" USING btree ("avatar_profile_id") WHERE "video_renders"."avatar_profile_id" is not null;--> statement-breakpoint
CREATE INDEX "video_renders_voice_profile_idx" ON "video_renders" USING btree ("voice_profile_id") WHERE "video_renders"."voice_profile_id" is not null;--> statement-breakpoint
CREATE INDEX "parent_reports_video_render_idx" ON "parent_reports" USING btree ("video_render_id") WHERE "parent_reports"."video_render_id" is not null;--> statement-breakpoint
CREATE INDEX "voice_profiles_sample_file_idx" ON "voice_profiles" USING btree ("sample_file_id") WHERE "voice_profiles"."sample_file_id" is not null;--> statement-breakpoint
CREATE INDEX "avatar_profiles_image_file_idx" ON "avatar_profiles" USING btree ("image_file_id") WHERE "avatar_profiles"."image_file_id" is not null;--> statement-breakpoint
CREATE INDEX "avatar_profiles_video_file_idx" ON "avatar_profiles" USING btree ("video_file_id") WHERE "avatar_profiles"."video_file_id" is not null;--> statement-breakpoint
CREATE INDEX "mail_outbox_teacher_idx" ON "mail_outbox" USING btree ("teacher_id");
