import "server-only";
import { z } from "zod";
import { auditRunner, type AuditFailure, type AuditRunner } from "@/lib/audit/record";
import { roleAllows } from "@/lib/auth/roles";
import { getStaffSession, mustSetUpTwoFactor, type StaffSession } from "@/lib/auth/session";
import { ChatError, ChatRateLimitedError, ChatServiceError } from "@/lib/chat/errors";
import { db } from "@/lib/db/client";
import type { Db } from "@/lib/db/open";
import type { StaffRole } from "@/lib/db/schema";
import { env } from "@/lib/env/server";
import { log } from "@/lib/log";
import { isCrossSiteRequest } from "@/lib/security/fetch-metadata";
import { setStrictTransportSecurity } from "@/lib/security/headers";
import { ApiError, errorBody } from "./errors";
import { DEFAULT_MAX_BODY_BYTES, readJsonBody, sentNoBody } from "./read-body";

type Schema = z.ZodType;
type Infer<S> = S extends z.ZodType ? z.infer<S> : undefined;

export type RouteSpec<P, Q, B> = {
  /** Who may call it: a staff role (admin includes moderator) or "public" (no session is read). */
  access: StaffRole | "public";
  params?: P;
  query?: Q;
  body?: B;
  maxBodyBytes?: number;
  /**
   * A GET that changes something (writes an audit row): answered only to the dashboard's own
   * pages or a typed address, never to a link or an image on another site (403).
   */
  readWrites?: true;
};

export type RouteContext<P, Q, B, A> = {
  request: Request;
  requestId: string;
  params: Infer<P>;
  query: Infer<Q>;
  body: Infer<B>;
  staff: A extends "public" ? null : StaffSession;
  db: () => Promise<Db>;
  audited: AuditRunner;
};

type NextRouteContext = { params: Promise<Record<string, string | string[] | undefined>> };

const writeMethods = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** A route that takes no query refuses one, like an unknown field anywhere else (400 naming it). */
const noQuerySchema = z.strictObject({}).transform(() => undefined);

/**
 * Builds every route handler of the dashboard's API: request id, cross-origin check on writes,
 * session (401), two-factor policy and role (403), zod parsing of params, query and body (400
 * naming the field), then the handler; any thrown error becomes the JSON error envelope.
 */
export function route<P extends Schema | undefined, Q extends Schema | undefined, B extends Schema | undefined, A extends StaffRole | "public">(
  spec: RouteSpec<P, Q, B> & { access: A },
  handler: (ctx: RouteContext<P, Q, B, A>) => Promise<unknown>,
) {
  return async (request: Request, context: NextRouteContext): Promise<Response> => {
    const requestId = crypto.randomUUID();
    const started = performance.now();
    const url = new URL(request.url);
    let response: Response;
    try {
      if (writeMethods.has(request.method)) assertSameOrigin(request);
      else if (spec.readWrites && isCrossSiteRequest(request.headers, new URL(env().appUrl).origin)) throw crossOrigin();
      const staff = spec.access === "public" ? null : await requireStaff(request, spec.access);
      const params = parse(spec.params, await context.params, "path");
      const query = parse(spec.query ?? noQuerySchema, Object.fromEntries(url.searchParams), "query") as Infer<Q>;
      const sent = spec.body && !sentNoBody(request) ? await readJsonBody(request, spec.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES) : undefined;
      const body = spec.body ? parse(spec.body, sent, "body") : undefined;
      const actor = staff ? { id: staff.id, email: staff.email, role: staff.role } : null;
      const result = await handler({
        request,
        requestId,
        params,
        query,
        body,
        staff,
        db,
        audited: auditRunner(db, { actor, requestId }, auditFailure),
      } as RouteContext<P, Q, B, A>);
      response = result instanceof Response ? result : Response.json(result);
    } catch (error) {
      response = errorResponse(error, requestId);
    }
    response.headers.set("x-request-id", requestId);
    setStrictTransportSecurity(response.headers, env());
    if (!response.headers.has("cache-control")) response.headers.set("cache-control", "no-store");
    const status = response.status;
    const level = status >= 500 ? "warn" : "debug";
    // Every request passes here: the record is built only when its level is logged.
    if (log().isLevelEnabled(level)) {
      log()[level]({ requestId, method: request.method, path: url.pathname, status, ms: Math.round(performance.now() - started) }, "api request");
    }
    return response;
  };
}

/** The signed-in staff member with this role, or the 401/403 to answer; also for streams that check again while open. */
export async function requireStaff(request: Request, role: StaffRole): Promise<StaffSession> {
  const staff = await getStaffSession(request.headers);
  if (!staff) throw new ApiError("ERR_UNAUTHORIZED", "Sign in to use the dashboard.");
  if (mustSetUpTwoFactor(staff)) {
    throw new ApiError("ERR_TWO_FACTOR_REQUIRED", "Set up two-factor authentication on your account page first.");
  }
  if (!roleAllows(staff.role, role)) {
    throw new ApiError("ERR_FORBIDDEN", `This needs the ${role} role; you are signed in as ${staff.role}.`);
  }
  return staff;
}

/** Browsers send Origin on every cross-site write; a request without one is not from a browser page. */
function assertSameOrigin(request: Request): void {
  const origin = request.headers.get("origin");
  const site = request.headers.get("sec-fetch-site");
  const allowed = new URL(env().appUrl).origin;
  if ((origin !== null && origin !== allowed) || (origin === null && site !== null && site !== "same-origin")) throw crossOrigin();
}

const crossOrigin = () => new ApiError("ERR_CROSS_ORIGIN", "Changes are accepted only from the dashboard's own pages.");

function parse<S extends Schema | undefined>(schema: S, value: unknown, where: string): Infer<S> {
  if (!schema) return undefined as Infer<S>;
  const result = schema.safeParse(value);
  if (!result.success) throw new ApiError("ERR_BAD_REQUEST", describeIssues(result.error, where));
  return result.data as Infer<S>;
}

export function describeIssues(error: z.ZodError, where: string): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => {
      const field = [where, ...issue.path.map(String)].join(".");
      return `${field}: ${issue.message}`;
    })
    .join("; ");
}

function auditFailure(error: unknown): AuditFailure {
  if (error instanceof ChatError || error instanceof ApiError) return { code: error.code, status: error.status, message: error.message };
  return { code: "ERR_INTERNAL", status: 500, message: "unexpected error" };
}

export function errorResponse(error: unknown, requestId: string): Response {
  if (error instanceof ApiError) return Response.json(errorBody(error.code, error.message), { status: error.status, headers: error.headers });
  if (error instanceof ChatServiceError) {
    // devMessage is the service's wording for developers: for the logs, never for the browser.
    if (error.extras.devMessage) log().info({ requestId, code: error.code, devMessage: error.extras.devMessage }, "chat service refused a call");
    return Response.json(errorBody(error.code, error.message, error.extras.details), { status: error.status });
  }
  if (error instanceof ChatError) {
    const headers: Record<string, string> = {};
    if (error instanceof ChatRateLimitedError && error.retryAfterSeconds !== undefined) headers["retry-after"] = String(error.retryAfterSeconds);
    return Response.json(errorBody(error.code, error.message), { status: error.status, headers });
  }
  log().error({ requestId, err: error }, "unhandled error in route handler");
  return Response.json(errorBody("ERR_INTERNAL", `Something went wrong in the dashboard (request ${requestId}).`), { status: 500 });
}

/** One optional header, parsed like any other input (400 naming the header). */
export function parseHeader<S extends z.ZodType>(request: Request, name: string, schema: S): z.infer<S> {
  return parse<S>(schema, request.headers.get(name) ?? undefined, `header ${name}`) as z.infer<S>;
}
