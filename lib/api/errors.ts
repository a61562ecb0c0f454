/** The dashboard's own error codes and their HTTP statuses. The chat service's codes pass through unchanged. */
export const apiErrorStatus = {
  ERR_BAD_REQUEST: 400,
  ERR_UNAUTHORIZED: 401,
  ERR_FORBIDDEN: 403,
  /** A password typed to confirm an account change was not right (not 401: the session itself is fine). */
  ERR_WRONG_PASSWORD: 403,
  ERR_TWO_FACTOR_REQUIRED: 403,
  ERR_CROSS_ORIGIN: 403,
  ERR_PRESENCE_REQUIRED: 403,
  ERR_NOT_FOUND: 404,
  ERR_CONFLICT: 409,
  ERR_PAYLOAD_TOO_LARGE: 413,
  ERR_UNSUPPORTED_MEDIA_TYPE: 415,
  ERR_PRECONDITION_REQUIRED: 428,
  ERR_RATE_LIMITED: 429,
  ERR_VOLUME_LIMIT: 429,
  ERR_INTERNAL: 500,
  ERR_AUDIT_UNAVAILABLE: 503,
  /** The media route refused a URL: host, scheme or address not allowed (lib/media). */
  ERR_MEDIA_REFUSED: 403,
  ERR_MEDIA_TOO_LARGE: 502,
  ERR_MEDIA_UNAVAILABLE: 502,
  ERR_MEDIA_TIMEOUT: 504,
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

/** `details` (field -> messages) lets a form put the chat service's validation messages beside its fields. */
export function errorBody(code: string, message: string, details?: Record<string, string[]>) {
  return { error: { code, message, ...(details ? { details } : {}) } };
}
