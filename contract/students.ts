import { z } from 'zod';

/** A pupil in the teacher's directory (spec entry-pupils-admin §3). */
export const studentSchema = z.object({
  id: z.number(),
  name: z.string(),
  surname: z.string().nullable(),
  surnameInitials: z.string().nullable(),
  /** Name and surname, or the surname initials a pupil gave when handing in. */
  displayName: z.string(),
  yearGroup: z.string().nullable(),
  grade: z.string().nullable(),
  email: z.string().nullable(),
  notes: z.string().nullable(),
  parentName: z.string().nullable(),
  parentEmail: z.string().nullable(),
  imageUrl: z.string().nullable(),
  createdAt: z.string(),
});
export type Student = z.infer<typeof studentSchema>;
