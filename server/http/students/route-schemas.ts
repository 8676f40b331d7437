import { documentListSchema } from '../../../contract/documents';
import {
  mergeStudentsResponseSchema,
  mergeStudentsSchema,
  STUDENT_MESSAGES,
  studentErasedSchema,
  studentFootprintSchema,
  studentIdParamsSchema,
  studentInputSchema,
  studentListSchema,
  studentSchema,
} from '../../../contract/students';
import { describedParams, fileResponse, recordId, teacherOnly } from '../../platform/api-docs';
import { notFoundParams, readByTheRoute } from '../../platform/validation';

const tags = ['Pupils'];
const security = teacherOnly;
const params = notFoundParams(
  describedParams(studentIdParamsSchema, { id: recordId('pupil') }),
  STUDENT_MESSAGES.notFound,
);
/**
 * The pupil form's rules follow the teacher's settings (a grade, or a year group, is
 * required): the route parses it with the teacher's form (`studentInputSchemaFor`).
 */
const studentForm = readByTheRoute(studentInputSchema);

export const studentSchemas = {
  list: {
    tags,
    security,
    summary: 'The teacher’s pupils, alphabetically',
    response: { 200: studentListSchema },
  },
  create: {
    tags,
    security,
    summary: 'Add a pupil to the directory',
    body: studentForm,
    response: { 200: studentSchema },
  },
  read: { tags, security, summary: 'One pupil', params, response: { 200: studentSchema } },
  update: {
    tags,
    security,
    summary: 'Change a pupil’s details',
    params,
    body: studentForm,
    response: { 200: studentSchema },
  },
  erase: {
    tags,
    security,
    summary: 'Erase a pupil and everything about them',
    params,
    response: { 200: studentErasedSchema },
  },
  footprint: {
    tags,
    security,
    summary: 'What erasing the pupil would remove',
    params,
    response: { 200: studentFootprintSchema },
  },
  documents: {
    tags,
    security,
    summary: 'Every document of the pupil',
    params,
    response: { 200: documentListSchema },
  },
  merge: {
    tags,
    security,
    summary: 'Merge this pupil’s record into another record of the same child',
    params,
    body: mergeStudentsSchema,
    response: { 200: mergeStudentsResponseSchema },
  },
  export: {
    tags,
    security,
    summary: 'Everything about the pupil, as a zip',
    params,
    response: { 200: fileResponse('The pupil’s records and files, streamed', 'application/zip') },
  },
};
