/** The dashboard's own error codes and their HTTP statuses. The chat service's codes pass through unchanged. */
export const apiErrorStatus = {
  ERR_BAD_REQUEST: 400,
  ERR_UNAUTHORIZED: 401,
  ERR_FORBIDDEN: 403,
  ERR_TWO_FACTOR_REQUIRED: 403,
  ERR_CROSS_ORIGIN: 403,
  ERR_NOT_FOUND: 404,
  ERR_CONFLICT: 409,
  ERR_PAYLOAD_TOO_LARGE: 413,
  ERR_UNSUPPORTED_MEDIA_TYPE: 415,
  ERR_RATE_LIMITED: 429,
  ERR_INTERNAL: 500,
  ERR_AUDIT_UNAVAILABLE: 503,
} as const;
export type ApiErrorCode = keyof typeof apiErrorStatus;

export class ApiError extends Error {
  readonly status: number;
  constructor(
    readonly code: ApiErrorCode,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = "ApiError";
    this.status = apiErrorStatus[code];
  }
}

export function errorBody(code: string, message: string) {
  return { error: { code, message } };
}
