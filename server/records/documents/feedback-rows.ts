import { eq } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { feedback } from './tables';

/*
 * A document's feedback items are part of its record, as its mark is: they are published,
 * reopened and deleted with it, in its transactions (publishFeedback, deleteDocument). So
 * this module owns the feedback table (decision 0066); records/feedback, which anchors,
 * crops and presents items, writes them through these.
 */

type Writer = Database | Transaction;
type FeedbackValues = typeof feedback.$inferInsert;

export async function insertFeedbackItem(db: Writer, values: FeedbackValues) {
  const [created] = await db.insert(feedback).values(values).returning();
  return created!;
}

/** Sets these columns of one item; the updated row, or undefined when it has gone. */
export async function updateFeedbackItem(db: Writer, id: number, values: Partial<FeedbackValues>) {
  const [updated] = await db.update(feedback).set(values).where(eq(feedback.id, id)).returning();
  return updated;
}

export async function deleteFeedbackItem(db: Writer, id: number) {
  await db.delete(feedback).where(eq(feedback.id, id));
}
