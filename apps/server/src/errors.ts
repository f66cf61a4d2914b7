/** The one error type services throw; the error handler maps `status` to the HTTP answer. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly details?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const unauthorized = (message = 'Authentication required') => new AppError(401, message);
export const forbidden = (message = 'You do not have permission to do this') => new AppError(403, message);
export const notFound = (message = 'Not found') => new AppError(404, message);
export const badRequest = (message: string, details?: Record<string, string>) =>
  new AppError(400, message, details);
