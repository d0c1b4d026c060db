/** A failure a service reports to its caller; the error plugin turns it into the API's error shape. */
export class AppError extends Error {
  constructor(
    readonly statusCode: 400 | 401 | 403 | 404 | 409 | 412 | 413 | 422 | 429,
    message: string,
    readonly errors?: { path: string; message: string }[],
  ) {
    super(message);
  }
}

export const notFound = (what = 'Not found') => new AppError(404, what);
export const forbidden = (message = "You don't have permission to access this feature.") =>
  new AppError(403, message);
export const conflict = (message: string) => new AppError(409, message);
export const badRequest = (message: string, errors?: { path: string; message: string }[]) =>
  new AppError(400, message, errors);

export const validationFailedMessage = 'Validation failed';
/** 400 as the contract words invalid input (DESIGN §3): one entry per failing field. */
export const invalidFields = (errors: { path: string; message: string }[]) =>
  new AppError(400, validationFailedMessage, errors);
export const invalidField = (path: string, message: string) => invalidFields([{ path, message }]);
