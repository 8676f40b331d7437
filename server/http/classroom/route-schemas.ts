import { classroomPhraseSchema, updateClassroomPhraseSchema } from '../../../contract/classroom';
import { teacherOnly } from '../../platform/api-docs';

const tags = ['Settings'];
const security = teacherOnly;

export const classroomSchemas = {
  read: {
    tags,
    security,
    summary: 'The teacher’s classroom passphrase (created on first use)',
    response: { 200: classroomPhraseSchema },
  },
  suggestion: {
    tags,
    security,
    summary: 'A fresh, unused passphrase suggestion (nothing is saved)',
    response: { 200: classroomPhraseSchema },
  },
  update: {
    tags,
    security,
    summary: 'Change the classroom passphrase (old pupil addresses stop working)',
    description: '“Already in use” answers are limited to 10 an hour per teacher.',
    body: updateClassroomPhraseSchema,
    response: { 200: classroomPhraseSchema },
  },
};
