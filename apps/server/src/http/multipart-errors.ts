import { AppError } from '../errors.ts';

/**
 * The multipart reader's (busboy's) own errors carry no status: a body cut short, a part that
 * ends early, a missing boundary or a malformed part header. They are the client's mistake.
 */
const BROKEN_MULTIPART =
  /unexpected end of multipart data|terminated early|boundary not found|malformed part header|unsupported content-type/i;

/** The 400 a broken multipart body deserves, or null when the error is something else. */
export function multipartProblem(error: {
  message?: string;
  statusCode?: number;
  code?: string;
}): AppError | null {
  if (
    error.code === 'FST_MP_PREMATURE_CLOSE' ||
    (!error.statusCode && BROKEN_MULTIPART.test(error.message ?? ''))
  ) {
    return new AppError(
      400,
      'The upload is incomplete or not valid multipart/form-data: send the whole file again in the field "file"',
    );
  }
  return null;
}
