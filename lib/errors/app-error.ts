import { errorCatalogue, type ErrorCode } from './catalogue';

export type FieldErrors = Record<string, string>;

export interface AppErrorOptions {
  /** Values for the message's ICU placeholders. */
  values?: Record<string, string | number>;
  /** Field -> message key (translated when answered). */
  fieldErrors?: FieldErrors;
  /** Extra data a client may use (for example the id of a duplicate, a retry time). */
  details?: Record<string, unknown>;
  /** Extra response headers (Retry-After). */
  headers?: Record<string, string>;
}

/**
 * An expected refusal: shown to the user, translated. Anything else thrown is a defect, logged
 * with a request id and answered generically.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly messageKey: string;
  readonly options: AppErrorOptions;

  constructor(code: ErrorCode, messageKey?: string, options: AppErrorOptions = {}) {
    const key = messageKey ?? errorCatalogue[code].messageKey;
    super(key);
    this.name = 'AppError';
    this.code = code;
    this.messageKey = key;
    this.options = options;
  }

  get status(): number {
    return errorCatalogue[this.code].status;
  }
}

export function notFound(messageKey = 'errors.http.404'): AppError {
  return new AppError('NOT_FOUND', messageKey);
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
