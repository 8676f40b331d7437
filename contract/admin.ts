import { z } from 'zod';
import { userSchema } from './auth';
import { recordIdSchema } from './ids';

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
