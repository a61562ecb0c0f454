/** An answer other than 2xx, thrown by any part of the emulator and written by the server. */
export class EmulatorError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = "EmulatorError";
  }
}

export const badRequest = (message: string) => new EmulatorError(400, "ERR_BAD_REQUEST", message);

export const uidNotFound = (uid: string) => new EmulatorError(404, "ERR_UID_NOT_FOUND", `The UID ${uid} does not exist.`);

export const messageNotFound = (id: string) =>
  new EmulatorError(404, "ERR_MESSAGE_NOT_FOUND", `The message with id ${id} does not exist.`);

export const routeNotFound = (method: string, path: string) =>
  new EmulatorError(404, "ERR_ROUTE_NOT_FOUND", `No route matches ${method} ${path}.`);

/** The error body every non-2xx answer carries. */
export const errorBody = (error: EmulatorError) => ({ error: { code: error.code, message: error.message } });
