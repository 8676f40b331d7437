import type { FastifyInstance } from 'fastify';
import type { SchemaTypes } from '../../platform/api-docs';
import { notFound } from '../../platform/errors';
import { requireAdmin } from '../../records/admin';
import type { AppContext } from '../../records/context';
import {
  deleteAvatar,
  deleteVoice,
  findAvatarById,
  findVoiceById,
  listAvatarsWithOwners,
  listVoicesWithOwners,
  presentAvatar,
  presentVoice,
} from '../../records/profiles';
import { adminSchemas } from './route-schemas';

type Owner = { id: number; email: string; firstName: string | null; lastName: string | null };

const ownerOf = (teacher: Owner) => ({
  teacherId: teacher.id,
  ownerName: [teacher.firstName, teacher.lastName].filter(Boolean).join(' ') || teacher.email,
  ownerEmail: teacher.email,
});

/** The administrator sees every teacher's voice and avatar profiles and can remove one. */
export async function adminProfileRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<SchemaTypes>();
  app.addHook('preValidation', requireAdmin(ctx.db));

  app.get('/api/admin/voice-profiles', { schema: adminSchemas.voiceProfiles }, async () => {
    const rows = await listVoicesWithOwners(ctx.db);
    return rows.map((row) => ({ ...presentVoice(row.profile), ...ownerOf(row.owner) }));
  });

  app.get('/api/admin/avatar-profiles', { schema: adminSchemas.avatarProfiles }, async () => {
    const rows = await listAvatarsWithOwners(ctx.db);
    return rows.map((row) => ({ ...presentAvatar(row.profile), ...ownerOf(row.owner) }));
  });

  app.delete(
    '/api/admin/voice-profiles/:id',
    { schema: adminSchemas.deleteVoiceProfile },
    async (request) => {
      const { id } = request.params;
      const row = await findVoiceById(ctx.db, id);
      if (!row) throw notFound('Voice profile not found');
      await deleteVoice(ctx, row);
      return { success: true };
    },
  );

  app.delete(
    '/api/admin/avatar-profiles/:id',
    { schema: adminSchemas.deleteAvatarProfile },
    async (request) => {
      const { id } = request.params;
      const row = await findAvatarById(ctx.db, id);
      if (!row) throw notFound('Avatar profile not found');
      await deleteAvatar(ctx, row);
      return { success: true };
    },
  );
}
