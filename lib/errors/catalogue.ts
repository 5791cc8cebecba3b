/**
 * The error catalogue of spec section 8: each code names the HTTP status, the body code and the
 * message shown when a refusal carries no more specific message.
 */
export const errorCatalogue = {
  BAD_REQUEST: { status: 400, messageKey: 'errors.http.400' },
  VALIDATION: { status: 400, messageKey: 'errors.validation' },
  UNAUTHORIZED: { status: 401, messageKey: 'errors.http.401' },
  FORBIDDEN: { status: 403, messageKey: 'errors.http.403' },
  NOT_FOUND: { status: 404, messageKey: 'errors.http.404' },
  METHOD_NOT_ALLOWED: { status: 405, messageKey: 'errors.http.405' },
  TIMEOUT: { status: 408, messageKey: 'errors.http.408' },
  CONFLICT: { status: 409, messageKey: 'errors.http.409' },
  PAYLOAD_TOO_LARGE: { status: 413, messageKey: 'errors.http.413' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, messageKey: 'errors.http.415' },
  // An Idempotency-Key used before with another request (lib/api/idempotency.ts).
  UNPROCESSABLE: { status: 422, messageKey: 'errors.http.422' },
  TOO_MANY_REQUESTS: { status: 429, messageKey: 'errors.http.429' },
  LOGIN_ERROR: { status: 455, messageKey: 'errors.http.455' },
  // The password was right and the account has two-step verification on: data.challenge goes to
  // POST /user/login/twoFactor with a code (no tokens are issued yet).
  TWO_FACTOR_REQUIRED: { status: 456, messageKey: 'errors.http.456' },
  EMAIL_EXISTS: { status: 488, messageKey: 'errors.http.488' },
  INTERNAL: { status: 500, messageKey: 'errors.http.500' },
  BAD_GATEWAY: { status: 502, messageKey: 'errors.http.502' },
  UNAVAILABLE: { status: 503, messageKey: 'errors.http.503' },
  GATEWAY_TIMEOUT: { status: 504, messageKey: 'errors.http.504' },
} as const;

export type ErrorCode = keyof typeof errorCatalogue;

export function statusOf(code: ErrorCode): number {
  return errorCatalogue[code].status;
}
