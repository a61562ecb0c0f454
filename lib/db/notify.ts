import "server-only";
import { EventEmitter } from "node:events";
import pg from "pg";

/** Told a message published on a channel, by this process (`local`) or by another on the same database. */
export type NotifyListener = (message: unknown, local: boolean) => void;

export type Notifier = {
  /** Delivers to this process's listeners at once and, on PostgreSQL, to every other process listening on the database. */
  publish(channel: string, message: unknown): Promise<void>;
  /**
   * Listens until the returned function is called. `onListening` runs each time the process starts
   * hearing other processes again (at once on PGlite): what was sent meanwhile was missed.
   */
  subscribe(channel: string, listener: NotifyListener, onListening?: () => void): () => void;
  /** Whether other processes' messages reach this one now: always on PGlite (there are none), on PostgreSQL while listening. */
  hearing(): boolean;
  close(): Promise<void>;
};

export type NotifierOptions = {
  /** PostgreSQL: the pool publishes, and one dedicated client made from this address listens. */
  postgres?: { pool: pg.Pool; databaseUrl: string };
  onWarning?: (error: Error, message: string) => void;
};

/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more. */
export const MAX_NOTIFY_BYTES = 7900;
const RECONNECT_MIN_MS = 500;
const RECONNECT_MAX_MS = 30_000;
const CHANNEL_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

type Envelope = { from: string; message: unknown };
type Subscription = { listener: NotifyListener; onListening?: () => void };

/**
 * Messages between the dashboard processes on one database. Every process hears its own messages
 * in-process (also while its listening connection is down); with PostgreSQL, others hear them
 * through NOTIFY on one dedicated connection per process, never a pool connection, since LISTEN
 * belongs to a session. With PGlite there is one process, so in-process is all there is.
 */
export function createNotifier(options: NotifierOptions = {}): Notifier {
  const origin = crypto.randomUUID();
  const local = new EventEmitter();
  local.setMaxListeners(0);
  const subscriptions = new Map<string, Set<Subscription>>();
  const warn = (error: unknown, message: string) => options.onWarning?.(error instanceof Error ? error : new Error(String(error)), message);
  const listener = options.postgres ? pgListener(options.postgres.databaseUrl, origin, subscriptions, warn) : undefined;

  const deliver = (subscription: Subscription, message: unknown, isLocal: boolean) => {
    try {
      subscription.listener(message, isLocal);
    } catch (error) {
      warn(error, "a listener of database notifications failed");
    }
  };
  local.on("message", (channel: string, message: unknown) => {
    for (const subscription of subscriptions.get(channel) ?? []) deliver(subscription, message, true);
  });

  return {
    async publish(channel, message) {
      assertChannel(channel);
      local.emit("message", channel, message);
      if (!options.postgres) return;
      const payload = JSON.stringify({ from: origin, message } satisfies Envelope);
      if (Buffer.byteLength(payload) > MAX_NOTIFY_BYTES) throw new Error(`a notification on ${channel} is over ${MAX_NOTIFY_BYTES} bytes`);
      await options.postgres.pool.query("select pg_notify($1, $2)", [channel, payload]).then(
        () => undefined,
        (error: unknown) => warn(error, "a notification could not be sent to the other dashboard instances"),
      );
    },
    subscribe(channel, onMessage, onListening) {
      assertChannel(channel);
      const subscription: Subscription = { listener: onMessage, onListening };
      const set = subscriptions.get(channel) ?? new Set();
      set.add(subscription);
      subscriptions.set(channel, set);
      if (listener) listener.listen(channel, subscription);
      else onListening?.();
      return () => {
        set.delete(subscription);
        if (set.size === 0) subscriptions.delete(channel);
        if (subscriptions.size === 0) listener?.stop();
      };
    },
    hearing() {
      return listener ? listener.hearing() : true;
    },
    async close() {
      subscriptions.clear();
      await listener?.stop();
    },
  };

  function pgListener(databaseUrl: string, from: string, subs: Map<string, Set<Subscription>>, onWarn: typeof warn) {
    let client: pg.Client | undefined;
    let retry: NodeJS.Timeout | undefined;
    let failures = 0;
    let listening = false;

    const connect = async () => {
      retry = undefined;
      const next = new pg.Client({ connectionString: databaseUrl, keepAlive: true });
      client = next;
      // One handler for both: a dropped connection emits "error" (usually) and then "end".
      const lost = (error?: Error) => {
        if (client !== next) return;
        client = undefined;
        listening = false;
        next.removeAllListeners("notification");
        void next.end().catch((closeError: unknown) => onWarn(closeError, "the dropped listening connection did not close cleanly"));
        onWarn(error ?? new Error("connection ended"), "the connection listening for other dashboard instances dropped; reconnecting");
        scheduleReconnect();
      };
      next.on("error", lost);
      next.on("end", () => lost());
      next.on("notification", (notification) => {
        const set = subs.get(notification.channel);
        if (!set || notification.payload === undefined) return;
        let envelope: Envelope;
        try {
          envelope = JSON.parse(notification.payload) as Envelope;
        } catch (error) {
          return onWarn(error, `an unreadable notification on ${notification.channel} was ignored`);
        }
        // This process heard its own message already, in-process.
        if (envelope.from === from) return;
        for (const subscription of set) deliver(subscription, envelope.message, false);
      });
      try {
        await next.connect();
        for (const channel of subs.keys()) await next.query(`listen ${channel}`);
      } catch (error) {
        if (client === next) lost(error instanceof Error ? error : new Error(String(error)));
        return;
      }
      if (client !== next) return;
      failures = 0;
      listening = true;
      for (const set of subs.values()) for (const subscription of set) subscription.onListening?.();
    };

    const scheduleReconnect = () => {
      if (subs.size === 0 || retry) return;
      const delay = Math.min(RECONNECT_MAX_MS, RECONNECT_MIN_MS * 2 ** failures++) * (0.5 + Math.random() / 2);
      retry = setTimeout(() => void connect(), delay);
      retry.unref();
    };

    return {
      listen(channel: string, subscription: Subscription) {
        if (!client && !retry) return void connect();
        // A channel added while connected is listened to now; while reconnecting, with the others.
        if (client && !retry) {
          const current = client;
          current.query(`listen ${channel}`).then(
            () => client === current && subscription.onListening?.(),
            (error: unknown) => onWarn(error, `could not listen on ${channel}`),
          );
        }
      },
      hearing: () => listening,
      async stop() {
        if (retry) clearTimeout(retry);
        retry = undefined;
        const current = client;
        client = undefined;
        listening = false;
        await current?.end().catch((error: unknown) => onWarn(error, "the listening connection did not close cleanly"));
      },
    };
  }
}

function assertChannel(channel: string) {
  // Channel names go into LISTEN as identifiers, which take no parameters.
  if (!CHANNEL_NAME.test(channel)) throw new Error(`not a channel name: ${channel}`);
}

/**
 * On globalThis, like the database handle itself (lib/db/client.ts): Next may evaluate this module
 * more than once, and a second copy would not know the handle's notifier.
 */
const globalForNotifiers = globalThis as typeof globalThis & { __dashboardNotifiers?: WeakMap<object, Notifier> };
const notifiers = (globalForNotifiers.__dashboardNotifiers ??= new WeakMap());

/** Ties a database handle to its notifier (lib/db/open.ts), so code holding only the Db finds it. */
export function registerNotifier(db: object, notifier: Notifier): void {
  notifiers.set(db, notifier);
}

/** The notifier of this database; an in-process one for a Db opened some other way. */
export function notifierFor(db: object): Notifier {
  let notifier = notifiers.get(db);
  if (!notifier) {
    notifier = createNotifier();
    notifiers.set(db, notifier);
  }
  return notifier;
}
