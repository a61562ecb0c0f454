import { request } from "node:http";
import { afterAll, beforeAll, beforeEach } from "vitest";
import { controlEmulator } from "@/lib/testing/emulator-control";
import { EMULATOR_DEMO_API_KEY } from "./keys";
import { startEmulator, type EmulatorOptions, type RunningEmulator } from "./server";

export type Reply<T = unknown> = { status: number; headers: Headers; body: T; text: string };

type CallOptions = { key?: string | null; headers?: Record<string, string>; body?: unknown; rawBody?: string };

/**
 * One emulator per test file on a random loopback port, reset before each test. Calls go over real
 * HTTP with the global fetch.
 */
export function setupEmulator(options: EmulatorOptions = {}) {
  let emulator: RunningEmulator | undefined;
  const running = () => {
    if (!emulator) throw new Error("the emulator is not running");
    return emulator;
  };

  beforeAll(async () => {
    emulator = await startEmulator({ port: 0, ...options });
  });
  afterAll(async () => {
    await emulator?.close();
  });
  beforeEach(async () => {
    await control("reset");
  });

  async function send<T>(url: string, method: string, opts: CallOptions): Promise<Reply<T>> {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.key !== null) headers.apikey = opts.key ?? EMULATOR_DEMO_API_KEY;
    let body: string | undefined = opts.rawBody;
    if (opts.body !== undefined) {
      body = JSON.stringify(opts.body);
      headers["content-type"] = "application/json";
    }
    const response = await fetch(url, { method, headers, body });
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    return { status: response.status, headers: response.headers, body: parsed as T, text };
  }

  /** A /v3 call; the demo fullAccess key unless `key` is given (null = no apikey header). */
  function api<T = unknown>(method: string, path: string, opts: CallOptions = {}): Promise<Reply<T>> {
    return send<T>(`${running().baseUrl}${path}`, method, opts);
  }

  /** A control route under /__emulator (no apikey). */
  function control<T = unknown>(path: string, body?: unknown, method = "POST"): Promise<T> {
    return controlEmulator<T>(running().url, path, body, method);
  }

  /** A request whose path is sent byte for byte (fetch would resolve "%2E%2E" as ".."). */
  function rawGet(path: string, headers: Record<string, string> = { apikey: EMULATOR_DEMO_API_KEY }): Promise<{ status: number; body: unknown }> {
    const url = new URL(running().url);
    return new Promise((resolve, reject) => {
      const req = request({ host: url.hostname, port: url.port, path, method: "GET", headers }, (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (text += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as unknown }));
      });
      req.on("error", reject);
      req.end();
    });
  }

  return { api, control, rawGet, emulator: running };
}

export type ErrorBody = { error: { code: string; message: string } };

export type WireUser = { uid: string; name: string; role: string; link?: string; avatar: string; status: string; createdAt: number; metadata?: Record<string, unknown>; tags?: string[] };

export type WireEntity = { entity: Record<string, unknown> & { uid: string; conversationId: string }; entityType: string };

export type WireMessage = {
  id: string;
  conversationId: string;
  sender: string;
  receiverType: string;
  receiver: string;
  category: string;
  type: string;
  data: { text: string; metadata: Record<string, unknown>; entities: { sender: WireEntity; receiver: WireEntity } };
  sentAt: number;
  updatedAt: number;
  pinnedBy?: string;
  pinnedAt?: number;
};

export type WireFlag = { uid: string; name: string; avatar: string; role: string; reasonId: string; reasonName: string; description: string; remark: string; flaggedAt: number };

export type WireFlagged = Omit<WireMessage, "pinnedBy" | "pinnedAt"> & { appId: string; flaggedBy: WireFlag[]; flaggedCount: number };

export type FlaggedList = { data: WireFlagged[]; meta: { current: { limit: number; count: number } } };
