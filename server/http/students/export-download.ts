import type { FastifyReply, FastifyRequest } from 'fastify';
import { privatePageHeaders } from '../../platform/http';
import { zipStream } from '../../platform/zip-stream';
import type { AppContext } from '../../records/context';
import { pupilDisplayName, type Student } from '../../records/pupils';
import { exportFileName, pupilExportEntries, pupilRecords } from '../../work/pupil-records';

/**
 * Sends everything about the pupil as a zip, streamed: nothing of it is held in memory
 * whole. The teacher's directory and the administrator's view of a teacher's pupils both
 * answer with this, so the two downloads cannot differ. The caller has checked ownership.
 */
export async function sendPupilExport(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  student: Student,
) {
  const exportedAt = new Date();
  const entries = await pupilExportEntries(
    await pupilRecords(ctx.db, student),
    ctx.files,
    exportedAt,
  );
  const archive = zipStream(entries);
  archive.on('error', (error) =>
    request.log.error({ err: error, reqId: request.id }, 'Pupil export failed mid-stream'),
  );
  privatePageHeaders(reply);
  return reply
    .header('Content-Type', 'application/zip')
    .header(
      'Content-Disposition',
      `attachment; filename*=UTF-8''${encodeURIComponent(exportFileName(pupilDisplayName(student), exportedAt))}`,
    )
    .send(archive);
}
