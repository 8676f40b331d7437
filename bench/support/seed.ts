import { sql } from 'drizzle-orm';
import { openDatabase } from '../../server/db/client';
import { documents, feedback, students, teachers } from '../../server/db/schema';
import { TEACHER_SESSION_COOKIE } from '../../server/platform/cookies';
import { hashPassword } from '../../server/platform/secrets';
import { createTeacherSession } from '../../server/records/teachers';

// About the size of a two-page essay's extracted text (the issue measured 11.4 MB for
// 1,000 hand-ins): the list must not read it.
const ESSAY = 'The lighthouse at Gull Point stands on a rocky hill. '.repeat(200);

export type Seeded = { manyCookie: string; fewCookie: string };

/**
 * A teacher with `many` hand-ins (a third with three feedback items each, one in five
 * with a pupil) and one with `few`, each with a session. Runs the migrations first.
 */
export async function seedTeachers(
  target: { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string },
  many: number,
  few: number,
): Promise<Seeded> {
  const handle = await openDatabase(target);
  const { db } = handle;
  const passwordHash = await hashPassword('bench-password-2026');
  const cookies: string[] = [];
  for (const [index, count] of [many, few].entries()) {
    const [teacher] = await db
      .insert(teachers)
      .values({
        email: `bench-${index}-${Date.now()}@classroom-voice.local`,
        passwordHash,
        firstName: 'Bench',
        emailVerifiedAt: new Date(),
      })
      .returning();
    const pupils = await db
      .insert(students)
      .values(
        Array.from({ length: 30 }, (_, i) => ({
          teacherId: teacher!.id,
          name: `Pupil${i}`,
          surname: `Surname${i}`,
        })),
      )
      .returning({ id: students.id });
    for (let start = 0; start < count; start += 200) {
      const batch = Array.from({ length: Math.min(200, count - start) }, (_, j) => {
        const i = start + j;
        return {
          uniqueId: `b${index}${String(i).padStart(6, '0')}`,
          teacherId: teacher!.id,
          studentId: i % 5 === 0 ? pupils[i % 30]!.id : null,
          title: `Essay ${i}`,
          author: `Pupil ${i % 30}`,
          status: (['new', 'under review', 'reviewed', 'shared'] as const)[i % 4],
          extractionStatus: 'done' as const,
          extractedContent: ESSAY,
          totalPages: 2,
        };
      });
      const inserted = await db.insert(documents).values(batch).returning({ id: documents.id });
      const items = inserted
        .filter((_, j) => (start + j) % 3 === 0)
        .flatMap((doc) =>
          [1, 2, 3].map((n) => ({
            teacherId: teacher!.id,
            documentId: doc.id,
            type: 'text' as const,
            content: `Well argued, point ${n}.`,
            highlightId: `h${doc.id}-${n}`,
          })),
        );
      if (items.length > 0) await db.insert(feedback).values(items);
    }
    const session = await createTeacherSession(db, teacher!.id, 'bench');
    cookies.push(`${TEACHER_SESSION_COOKIE}=${session.token}`);
  }
  // A server's autovacuum analyses a table within a minute or so of a bulk insert, and the
  // app does it for the embedded database at start (platform/database-upkeep.ts): measure
  // the steady state, not the minute before the planner has statistics.
  if (target.kind === 'postgres') await db.execute(sql`analyze`);
  await handle.close();
  return { manyCookie: cookies[0]!, fewCookie: cookies[1]! };
}

/**
 * `count` verified teachers who sign in with `password` (hashed once, so seeding many
 * stays quick), each with `documentsEach` older hand-ins already read (a few with written
 * feedback) from a class of 30: the history a teacher pages through. Runs the migrations.
 * Returns their e-mail addresses, in order.
 */
export async function seedClassTeachers(
  url: string,
  options: { count: number; documentsEach: number; password: string },
): Promise<string[]> {
  const handle = await openDatabase({ kind: 'postgres', url });
  const { db } = handle;
  const passwordHash = await hashPassword(options.password);
  const emails: string[] = [];
  try {
    for (let t = 0; t < options.count; t += 1) {
      const email = `soak-teacher-${t}-${Date.now()}@classroom-voice.local`;
      const [teacher] = await db
        .insert(teachers)
        .values({ email, passwordHash, firstName: `Teacher${t}`, emailVerifiedAt: new Date() })
        .returning();
      const pupils = await db
        .insert(students)
        .values(
          Array.from({ length: 30 }, (_, i) => ({
            teacherId: teacher!.id,
            name: `Pupil${i}`,
            surname: `Surname${i}`,
          })),
        )
        .returning({ id: students.id });
      const inserted = await db
        .insert(documents)
        .values(
          Array.from({ length: options.documentsEach }, (_, i) => ({
            uniqueId: `s${String(t).padStart(3, '0')}${String(i).padStart(4, '0')}`,
            teacherId: teacher!.id,
            studentId: pupils[i % 30]!.id,
            title: `Essay ${i}`,
            author: `Pupil${i % 30} Surname${i % 30}`,
            status: (['new', 'under review', 'reviewed', 'shared'] as const)[i % 4],
            extractionStatus: 'done' as const,
            extractedContent: ESSAY,
            totalPages: 2,
          })),
        )
        .returning({ id: documents.id });
      const items = inserted
        .filter((_, i) => i % 3 === 0)
        .map((doc) => ({
          teacherId: teacher!.id,
          documentId: doc.id,
          type: 'text' as const,
          content: 'A clear opening paragraph.',
          highlightId: `h${doc.id}`,
        }));
      if (items.length > 0) await db.insert(feedback).values(items);
      emails.push(email);
    }
  } finally {
    await handle.close();
  }
  return emails;
}
