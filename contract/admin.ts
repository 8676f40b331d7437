import { z } from 'zod';
import { userSchema } from './auth';
import { recordIdSchema } from './ids';
import { isStorableText, UNSTORABLE_TEXT } from './text';

export const adminLoginRequestSchema = z.object({
  username: z
    .string({ error: 'Username is required' })
    .trim()
    .min(1, 'Username is required')
    .max(100, 'Username is too long'),
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(200, 'Password is too long'),
});
export type AdminLoginRequest = z.input<typeof adminLoginRequestSchema>;

export const adminSessionSchema = z.object({ username: z.string() });
export type AdminSession = z.infer<typeof adminSessionSchema>;

export const adminUserSchema = userSchema.extend({
  lastLoginAt: z.string().nullable(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminUserListSchema = z.array(adminUserSchema);

/**
 * The teacher list is read a page at a time, newest first, as the documents list is: the
 * answer stays a plain list of teachers, and the total and the next page's cursor travel
 * in the documents list's headers (contract/document-constants.ts).
 */
export const ADMIN_USERS_PAGE_SIZE = 50;
export const ADMIN_USERS_MAX_PAGE_SIZE = 100;

export const adminUserListQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a whole number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(ADMIN_USERS_MAX_PAGE_SIZE, `limit must be at most ${ADMIN_USERS_MAX_PAGE_SIZE}`)
    .default(ADMIN_USERS_PAGE_SIZE),
  cursor: z.string().max(100, 'Invalid cursor').optional(),
  /** A case-insensitive substring of the teacher's name or e-mail address. */
  q: z
    .string()
    .max(200, 'Search must be at most 200 characters')
    .refine(isStorableText, UNSTORABLE_TEXT)
    .optional(),
});
export type AdminUserListQuery = z.infer<typeof adminUserListQuerySchema>;

/** The dashboard's counts: the whole district's, without reading every teacher. */
export const adminUserSummarySchema = z.object({
  teachers: z.number(),
  verified: z.number(),
  blocked: z.number(),
});
export type AdminUserSummary = z.infer<typeof adminUserSummarySchema>;

export const userIdParamsSchema = z.object({
  id: recordIdSchema('User id must be a number'),
});

/** Decimal digits only, as for every id in an address: "0x10", "1e3" or " 7" name nothing. */
const decimalId = (message: string) =>
  z
    .string({ error: message })
    .regex(/^[1-9]\d{0,9}$/, message)
    .transform(Number)
    .pipe(z.number().max(2_147_483_647, message));

export const ADMIN_PUPIL_MESSAGES = {
  teacherNotFound: 'User not found',
  pupilNotFound: 'Student not found',
} as const;

export const adminTeacherParamsSchema = z.object({
  teacherId: decimalId(ADMIN_PUPIL_MESSAGES.teacherNotFound),
});

export const adminPupilParamsSchema = adminTeacherParamsSchema.extend({
  studentId: decimalId(ADMIN_PUPIL_MESSAGES.pupilNotFound),
});

/**
 * A teacher's pupil as the administrator sees it: enough to tell pupils apart and to know
 * what an export or erase concerns, and nothing more (no contact details, notes or code).
 */
export const adminPupilSchema = z.object({
  id: z.number(),
  name: z.string(),
  surname: z.string().nullable(),
  surnameInitials: z.string().nullable(),
  displayName: z.string(),
  yearGroup: z.string().nullable(),
  createdAt: z.string(),
  documents: z.number(),
  parentReports: z.number(),
});
export type AdminPupil = z.infer<typeof adminPupilSchema>;

export const adminUserDeletedSchema = z.object({ message: z.literal('User deleted') });
