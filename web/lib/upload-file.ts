import { ApiRequestError } from './api';

export interface UploadOptions {
  /** Called with 0..1 as the browser sends the body (fetch cannot report this, XHR can). */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

function field(data: unknown, name: 'message' | 'code'): string | undefined {
  if (data && typeof data === 'object' && name in data) {
    const value = (data as Record<string, unknown>)[name];
    if (typeof value === 'string' && value) return value;
  }
  return undefined;
}

/**
 * Posts multipart form data and resolves with the JSON answer. Failures throw
 * ApiRequestError like apiFetch does, so screens handle both the same way; a network
 * failure has status 0.
 */
export function uploadFormData<T>(
  url: string,
  body: FormData,
  { onProgress, signal }: UploadOptions = {},
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    });
    xhr.addEventListener('load', () => {
      const data = parseJson(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(1);
        resolve(data as T);
        return;
      }
      reject(
        new ApiRequestError(
          xhr.status,
          field(data, 'message') ?? `Request failed with status ${xhr.status}`,
          field(data, 'code'),
        ),
      );
    });
    xhr.addEventListener('error', () =>
      reject(new ApiRequestError(0, 'Request failed with status 0 (network error)')),
    );
    xhr.addEventListener('abort', () => reject(new DOMException('Upload aborted', 'AbortError')));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}
