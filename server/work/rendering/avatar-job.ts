import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { detectFaceIsolated, FaceDetectionError } from '../../ai/face-detection';
import { avatarProfiles, files } from '../../db/schema';
import { PermanentJobError } from '../../platform/jobs';
import type { AppContext } from '../../records/context';
import { markAvatarFailed, markAvatarReady } from '../../records/profiles';

const payloadSchema = z.object({ avatarProfileId: z.number().int() });

/**
 * Prepares an avatar off the request path: finds the one face in the photo (in a worker
 * thread that exits afterwards) and stores where the eyes and mouth are. Until then the
 * profile is "processing"; a photo without exactly one face leaves it "failed" with a
 * message the teacher can act on.
 */
export function prepareAvatarJobHandler(ctx: AppContext) {
  return {
    async run(payload: unknown) {
      const { avatarProfileId } = payloadSchema.parse(payload);
      const [row] = await ctx.db
        .select({ avatar: avatarProfiles, file: files })
        .from(avatarProfiles)
        .leftJoin(files, eq(files.id, avatarProfiles.imageFileId))
        .where(eq(avatarProfiles.id, avatarProfileId));
      if (!row) return; // deleted meanwhile
      if (!row.file) throw new PermanentJobError('The photo is missing. Please upload it again.');
      const photo = await ctx.files.read(row.file.storageKey);
      let face: Awaited<ReturnType<typeof detectFaceIsolated>>;
      try {
        face = await detectFaceIsolated(photo);
      } catch (error) {
        if (error instanceof FaceDetectionError) throw new PermanentJobError(error.message);
        throw error;
      }
      await markAvatarReady(ctx.db, avatarProfileId, face);
    },
    async onFailure(payload: unknown, error: Error) {
      const parsed = payloadSchema.safeParse(payload);
      if (!parsed.success) return;
      const message =
        error instanceof PermanentJobError
          ? error.message
          : 'This photo could not be prepared. Please try again or use another photo.';
      await markAvatarFailed(ctx.db, parsed.data.avatarProfileId, message);
    },
  };
}
