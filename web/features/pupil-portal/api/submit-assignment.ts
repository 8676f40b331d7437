import type { SubmitAssignmentRequest, SubmitAssignmentResponse } from '@contract/pupil-portal';
import { apiFetch } from '@web/lib/api';
import { uploadFormData } from '@web/lib/upload-file';
import { useAction } from '@web/lib/use-action';

interface UploadResponse {
  fileUrl: string;
}

type SubmitResponse = SubmitAssignmentResponse;

/** Which step failed decides the toast: "Upload failed" or "Submission failed". */
export class HandInError extends Error {
  readonly step: 'upload' | 'submit';

  constructor(step: 'upload' | 'submit', cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
    this.name = 'HandInError';
    this.step = step;
  }
}

export interface HandInInput {
  file: File;
  details: Omit<SubmitAssignmentRequest, 'fileUrl'>;
  onProgress: (fraction: number) => void;
}

/** POST /api/uploads (multipart, with progress), then POST /api/student-portal/submit-assignment. */
export async function handIn({ file, details, onProgress }: HandInInput): Promise<SubmitResponse> {
  const form = new FormData();
  // Fields before the file: the server reads the classroom key before it stores anything.
  form.append('classroomKeyId', details.classroomKeyId);
  form.append('file', file, file.name);
  let fileUrl: string;
  try {
    ({ fileUrl } = await uploadFormData<UploadResponse>('/api/uploads', form, { onProgress }));
  } catch (error) {
    throw new HandInError('upload', error);
  }
  try {
    return await apiFetch<SubmitResponse>('/api/student-portal/submit-assignment', {
      method: 'POST',
      body: { ...details, fileUrl },
    });
  } catch (error) {
    throw new HandInError('submit', error);
  }
}

export function useHandIn() {
  return useAction<HandInInput, SubmitResponse, HandInError>(handIn);
}
