import type { Transaction } from '../../db/client';
import { enqueueJob } from '../../platform/jobs';
import type { FirstOpening } from '../links';
import { preferencesOf } from '../settings';

/** The e-mail telling a teacher their shared feedback or report was opened: sent by a job. */
export const LINK_OPENED_NOTICE_JOB = 'link-opened-notice';

/**
 * Decided with the opening, by the preference the teacher has at that moment (a
 * preference switched on later must not send a notice for an opening made while it was
 * off): in the transaction that records the first view, a notice job is queued for each
 * teacher who wants one. The pupil or parent never waits for it.
 */
export async function queueFirstOpeningNotices(tx: Transaction, opened: FirstOpening[]) {
  for (const { link, openedAt } of opened) {
    const { documentComments } = await preferencesOf(tx, link.teacherId);
    if (!documentComments) continue;
    await enqueueJob(tx, LINK_OPENED_NOTICE_JOB, {
      linkId: link.id,
      openedAt: openedAt.toISOString(),
    });
  }
}
