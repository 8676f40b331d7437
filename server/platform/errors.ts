/**
 * Errors with a status and a stable code. Route code throws these; the one error
 * handler in app.ts turns them (and every other failure) into { message, code }.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, code = 'bad_request') =>
  new AppError(400, code, message);
export const unauthorized = (message = 'Not authenticated', code = 'unauthorized') =>
  new AppError(401, code, message);
export const forbidden = (message: string, code = 'forbidden') => new AppError(403, code, message);
/** Also the answer for another teacher's record: existence is not revealed. */
export const notFound = (message = 'Not found', code = 'not_found') =>
  new AppError(404, code, message);
export const conflict = (message: string, code = 'conflict') => new AppError(409, code, message);
export const tooManyRequests = (retryAfterSeconds: number, code = 'too_many_attempts') =>
  new AppError(
    429,
    code,
    `Too many attempts. Please wait ${Math.max(1, Math.ceil(retryAfterSeconds / 60))} minute(s) and try again.`,
  );
