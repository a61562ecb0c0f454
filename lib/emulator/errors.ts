import type { AuthErrorCode } from "./schemas";

/** An answer other than 2xx, thrown by any part of the emulator and written by the server. */
export class EmulatorError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly headers: Record<string, string> = {},
    /** On validation failures, as the real service: field name -> messages. */
    readonly details?: Record<string, string[]>,
  ) {
    super(message);
    this.name = "EmulatorError";
  }
}

/** The real service's words for each refusal of the key or the app (its error guide). */
export const AUTH_ERROR_MESSAGES: Record<AuthErrorCode, string> = {
  AUTH_ERR_EMPTY_APIKEY: "The apikey header is missing: send the app's API key in it.",
  AUTH_ERR_APIKEY_NOT_FOUND: "The API key does not exist for this app.",
  AUTH_ERR_NO_ACCESS: "The API key does not have access to this resource: a fullAccess key is required.",
  AUTH_ERR_INVALID_APPID: "The app ID is not valid.",
};

export const badRequest = (message: string, details?: Record<string, string[]>) => new EmulatorError(400, "ERR_BAD_REQUEST", message, {}, details);

export const uidNotFound = (uid: string) => new EmulatorError(404, "ERR_UID_NOT_FOUND", `The UID ${uid} does not exist.`);

/** The real service's code for an unknown message id (its pin errors, cometchat-real-service.md). */
export const messageNotFound = (id: string) =>
  new EmulatorError(404, "ERR_MESSAGE_ID_NOT_FOUND", `The message with id ${id} does not exist.`);

/** The real service answers an unknown endpoint or method so (its error guide). */
export const routeNotFound = (method: string, path: string) =>
  new EmulatorError(404, "ERR_API_NOT_FOUND", `No route matches ${method} ${path}.`);

/**
 * The error body every non-2xx answer carries, in the real service's form (cometchat-real-service.md,
 * "Error body"): the contract's code and message, plus devMessage and source, and details on a
 * validation failure.
 */
export const errorBody = (error: EmulatorError) => ({
  error: {
    code: error.code,
    message: error.message,
    devMessage: `${error.code}: ${error.message}`,
    source: "chat-api",
    ...(error.details ? { details: error.details } : {}),
  },
});
