import type { IncomingMessage } from "node:http";
import { API_ROUTES } from "./api-routes";
import { badRequest } from "./errors";
import type { FaultTable } from "./faults";
import { compileRoutes, type RouteDefinition } from "./router";
import { createMessageSchema, faultSchema, parseInput, patchUserSchema, seedFlaggedSchema, settingsSchema } from "./schemas";
import { messageJson, userJson } from "./serialize";
import type { EmulatorSettings } from "./settings";
import type { EmulatorState } from "./state";
import type { RequestStats } from "./stats";

/** What the control routes may change. The server implements it. */
export type EmulatorRuntime = {
  readonly state: EmulatorState;
  readonly settings: EmulatorSettings;
  readonly stats: RequestStats;
  readonly faults: FaultTable;
  /** Seconds. */
  now(): number;
  reset(): void;
  updateSettings(patch: Partial<EmulatorSettings>): void;
};

export type ControlContext = { req: IncomingMessage; params: Record<string, string>; runtime: EmulatorRuntime; readBody(): Promise<unknown> };

type ControlHandler = (ctx: ControlContext) => unknown;

const API_ROUTE_KEYS = API_ROUTES.map((route) => route.key);

/**
 * Test-only routes under /__emulator (no apikey). The dashboard never calls them; tests use them to
 * reset the seed, inject faults, read request counts and plant content.
 */
const definitions: RouteDefinition<ControlHandler>[] = [
  {
    method: "POST",
    path: "/reset",
    handle: ({ runtime }) => {
      runtime.reset();
      return { ok: true };
    },
  },
  { method: "GET", path: "/stats", handle: ({ runtime }) => runtime.stats.toJSON() },
  {
    method: "POST",
    path: "/stats/reset",
    handle: ({ runtime }) => {
      runtime.stats.reset();
      return { ok: true };
    },
  },
  { method: "GET", path: "/settings", handle: ({ runtime }) => ({ settings: runtime.settings }) },
  { method: "GET", path: "/reviewed", handle: ({ runtime }) => ({ reviewed: runtime.state.reviewedMessages() }) },
  {
    method: "POST",
    path: "/settings",
    handle: async ({ runtime, readBody }) => {
      const patch = parseInput(settingsSchema, await readBody(), "body");
      runtime.updateSettings(patch);
      return { ok: true, settings: runtime.settings };
    },
  },
  { method: "GET", path: "/faults", handle: ({ runtime }) => ({ faults: runtime.faults.list(Date.now()) }) },
  {
    method: "POST",
    path: "/faults",
    handle: async ({ runtime, readBody }) => {
      const input = parseInput(faultSchema, await readBody(), "body");
      if (input.route !== undefined && !API_ROUTE_KEYS.includes(input.route)) {
        throw badRequest(`Invalid request body: route: expected one of ${API_ROUTE_KEYS.join(", ")}.`);
      }
      return { ok: true, fault: runtime.faults.add(input, Date.now()) };
    },
  },
  {
    method: "DELETE",
    path: "/faults",
    handle: ({ runtime }) => {
      runtime.faults.clear();
      return { ok: true };
    },
  },
  {
    method: "POST",
    path: "/seed/flagged-messages",
    handle: async ({ runtime, readBody }) => {
      const { count, groupShare } = parseInput(seedFlaggedSchema, await readBody(), "body");
      return { ok: true, added: runtime.state.addSyntheticFlaggedMessages(count, runtime.now(), groupShare) };
    },
  },
  {
    method: "POST",
    path: "/messages",
    handle: async ({ runtime, readBody }) => {
      const body = parseInput(createMessageSchema, await readBody(), "body");
      const message = runtime.state.createMessage(body.sender, body.receiver, body.text, runtime.now());
      return { data: messageJson(message, runtime.state.messageContext) };
    },
  },
  {
    method: "POST",
    path: "/flagged-messages/raw",
    // Puts an item at the head of the flagged list exactly as sent: how a test shows the dashboard an item it cannot read.
    handle: async ({ runtime, readBody }) => {
      runtime.state.addRawFlaggedItem(await readBody());
      return { data: { success: true } };
    },
  },
  {
    method: "PATCH",
    path: "/users/:uid",
    handle: async ({ runtime, params, readBody }) => {
      const patch = parseInput(patchUserSchema, await readBody(), "body");
      return { data: userJson(runtime.state.patchUser(params.uid ?? "", patch, runtime.now())) };
    },
  },
];

export const CONTROL_ROUTES = compileRoutes(definitions);
