import { z } from 'zod';
import {
  ADMIN_PUPIL_MESSAGES,
  adminLoginRequestSchema,
  adminPupilParamsSchema,
  adminPupilSchema,
  adminSessionSchema,
  adminTeacherParamsSchema,
  adminUserDeletedSchema,
  adminUserListQuerySchema,
  adminUserListSchema,
  adminUserSchema,
  adminUserSummarySchema,
  userIdParamsSchema,
} from '../../../contract/admin';
import { logoutResponseSchema } from '../../../contract/auth';
import {
  DOCUMENTS_NEXT_CURSOR_HEADER,
  DOCUMENTS_TOTAL_HEADER,
} from '../../../contract/document-constants';
import {
  adminAvatarProfileSchema,
  adminVoiceProfileSchema,
  profileDeletedSchema,
  profileIdParamsSchema,
} from '../../../contract/profiles';
import { studentErasedSchema, studentFootprintSchema } from '../../../contract/students';
import { adminOnly, describedParams, fileResponse, recordId } from '../../platform/api-docs';
import { notFoundParams } from '../../platform/validation';

const tags = ['Administrator'];
const security = adminOnly;

/** The user routes answer a malformed id with a 400 ("User id must be a number"). */
const userParams = describedParams(userIdParamsSchema, { id: recordId('teacher') });
const teacherParams = notFoundParams(
  describedParams(adminTeacherParamsSchema, { teacherId: recordId('teacher') }),
  ADMIN_PUPIL_MESSAGES.teacherNotFound,
);
const pupilParams = notFoundParams(
  describedParams(adminPupilParamsSchema, {
    teacherId: recordId('teacher'),
    studentId: 'The id of one of that teacher’s pupils (decimal digits)',
  }),
  {
    teacherId: ADMIN_PUPIL_MESSAGES.teacherNotFound,
    studentId: ADMIN_PUPIL_MESSAGES.pupilNotFound,
  },
);
const profileParams = describedParams(profileIdParamsSchema, { id: recordId('profile') });

export const adminSchemas = {
  login: {
    tags,
    summary: 'Sign in as the administrator',
    description: 'Sets the administrator session cookie; throttled per address.',
    body: adminLoginRequestSchema,
    response: { 200: adminSessionSchema },
  },
  logout: { tags, summary: 'Sign the administrator out', response: { 200: logoutResponseSchema } },
  session: {
    tags,
    security,
    summary: 'The administrator session',
    response: { 200: adminSessionSchema },
  },
  users: {
    tags,
    security,
    summary: 'Teacher accounts, newest first, one page at a time',
    description: `The \`${DOCUMENTS_TOTAL_HEADER}\` header gives how many match; \`${DOCUMENTS_NEXT_CURSOR_HEADER}\`, when present, is the \`cursor\` for the next page.`,
    querystring: adminUserListQuerySchema,
    response: { 200: adminUserListSchema },
  },
  summary: {
    tags,
    security,
    summary: 'How many teachers there are, verified and blocked',
    response: { 200: adminUserSummarySchema },
  },
  verify: {
    tags,
    security,
    summary: 'Mark a teacher’s e-mail address as verified',
    params: userParams,
    response: { 200: adminUserSchema },
  },
  block: {
    tags,
    security,
    summary: 'Block a teacher (ends their sessions)',
    params: userParams,
    response: { 200: adminUserSchema },
  },
  unblock: {
    tags,
    security,
    summary: 'Unblock a teacher',
    params: userParams,
    response: { 200: adminUserSchema },
  },
  deleteUser: {
    tags,
    security,
    summary: 'Delete a teacher account and everything it holds',
    params: userParams,
    response: { 200: adminUserDeletedSchema },
  },
  voiceProfiles: {
    tags,
    security,
    summary: 'Every teacher’s voice profiles, with their owner',
    response: { 200: z.array(adminVoiceProfileSchema) },
  },
  avatarProfiles: {
    tags,
    security,
    summary: 'Every teacher’s avatar profiles, with their owner',
    response: { 200: z.array(adminAvatarProfileSchema) },
  },
  deleteVoiceProfile: {
    tags,
    security,
    summary: 'Remove a voice profile and its recordings',
    params: notFoundParams(profileParams, 'Voice profile not found'),
    response: { 200: profileDeletedSchema },
  },
  deleteAvatarProfile: {
    tags,
    security,
    summary: 'Remove an avatar profile and its media',
    params: notFoundParams(profileParams, 'Avatar profile not found'),
    response: { 200: profileDeletedSchema },
  },
  teacherPupils: {
    tags,
    security,
    summary: 'A teacher’s pupils, with how many documents and reports each has',
    params: teacherParams,
    response: { 200: z.array(adminPupilSchema) },
  },
  pupilFootprint: {
    tags,
    security,
    summary: 'What erasing one of a teacher’s pupils would remove',
    params: pupilParams,
    response: { 200: studentFootprintSchema },
  },
  pupilExport: {
    tags,
    security,
    summary: 'Everything about one of a teacher’s pupils, as a zip',
    params: pupilParams,
    response: { 200: fileResponse('The pupil’s records and files, streamed', 'application/zip') },
  },
  erasePupil: {
    tags,
    security,
    summary: 'Erase one of a teacher’s pupils and everything about them',
    params: pupilParams,
    response: { 200: studentErasedSchema },
  },
};
