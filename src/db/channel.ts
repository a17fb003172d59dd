import postgres from "postgres";
import type { Logger } from "../log.ts";
import type { NotificationSource } from "./connect.ts";

type Handler = { onNotify: (payload: string) => void; onListen?: () => void | Promise<void> };

/**
 * The shared channel: what every process of every instance must hear, over PostgreSQL
 * LISTEN/NOTIFY (DESIGN.md: no broker of our own). One per process, made by the composition root
 * (src/server.ts) and handed to what rides on it: the directory version (src/experts/
 * directory-version.ts) and the legacy SSE relay (src/mcp/sse-relay.ts).
 *
 * NOTIFY is a nudge, not a queue: what is sent while this process is not listening is lost. So
 * `listening` says whether notifications reach this process right now, and each handler's
 * `onListen` runs after every (re)listen, the place to re-read what may have changed meanwhile.
 */
export interface Channel {
  /** Where it listens: a PostgreSQL server (many processes), or the embedded database (this one). */
  readonly kind: "server" | "embedded";
  /** True while every name is LISTENed on a live connection and every onListen has run since. */
  readonly listening: boolean;
  /**
   * Counts (re)listens: what was read under one generation may have missed notifications of the
   * gap before the next, so it is trusted only while the generation is unchanged.
   */
  readonly generation: number;
  /** Hears `name`; register before `start()`. */
  on(name: string, onNotify: (payload: string) => void, onListen?: () => void | Promise<void>): void;
  /**
   * The backend pid of the listening connection (server only; null on the embedded database and
   * while deaf): other processes see this process alive while that pid is in pg_stat_activity.
   */
  readonly listenerPid: number | null;
  /** Connects and LISTENs (on a server: retried with back-off until it works). */
  start(): Promise<void>;
  close(): Promise<void>;
}

const RETRY_MS = [100, 250, 500, 1000, 2000, 5000];

export interface ChannelOptions {
  log: Logger;
  /** application_name of the listening connection (server), so operators and tests can find it. */
  applicationName?: string;
}

/** Opens the channel on the database's notification source (see NotificationSource). */
export function openChannel(source: NotificationSource, options: ChannelOptions): Channel {
  return source.kind === "server" ? serverChannel(source.url, options) : embeddedChannel(source, options);
}

async function runOnListen(handlers: Map<string, Handler[]>, log: Logger) {
  for (const list of handlers.values()) {
    for (const h of list) {
      try {
        await h.onListen?.();
      } catch (error) {
        log.warn("channel: re-reading after listen failed", { error: String((error as Error)?.message ?? error) });
      }
    }
  }
}

function dispatchTo(handlers: Map<string, Handler[]>, log: Logger, name: string, payload: string) {
  for (const h of handlers.get(name) ?? []) {
    try {
      h.onNotify(payload);
    } catch (error) {
      log.warn("channel: a notification handler failed", {
        channel: name,
        error: String((error as Error)?.message ?? error),
      });
    }
  }
}

/**
 * A dedicated connection (outside the pool, so a busy pool never delays a notification), kept by
 * hand rather than with postgres.js `sql.listen`: its re-listen after a lost connection gives up
 * silently if the database is still down, and it does not say when it is deaf. Here a closed
 * connection marks the channel deaf at once and LISTEN is retried with back-off until it works.
 */
function serverChannel(url: string, options: ChannelOptions): Channel {
  const { log } = options;
  const handlers = new Map<string, Handler[]>();
  // connected: LISTEN is in effect; listening: and every onListen has run since.
  let connected = false;
  let listening = false;
  let generation = 0;
  let listenerPid: number | null = null;
  let closes = 0; // connections closed so far: a close during the set-up is noticed by the count
  let closed = false;
  let attempt = 0;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let connecting: Promise<void> | undefined;
  const conn = postgres(url, {
    max: 1,
    idle_timeout: 0,
    max_lifetime: null,
    fetch_types: false,
    onnotice: () => {},
    connection: { application_name: options.applicationName ?? `expert-directory-channel/${process.pid}` },
    onnotify: (name: string, payload: string) => dispatchTo(handlers, log, name, payload),
    onclose: () => {
      closes++;
      if (!connected) return;
      connected = false;
      listening = false;
      listenerPid = null;
      log.warn("channel: listening connection lost; reading from the database until it is back");
      schedule();
    },
  } as postgres.Options<Record<string, postgres.PostgresType>>);

  function schedule() {
    if (closed || retry || connecting) return;
    const delay = RETRY_MS[Math.min(attempt, RETRY_MS.length - 1)];
    attempt++;
    retry = setTimeout(() => {
      retry = undefined;
      void connect();
    }, delay);
    retry.unref?.();
  }

  function connect(): Promise<void> {
    connecting ??= (async () => {
      try {
        // All LISTENs and the pid in one simple-protocol round trip, so they are surely on one
        // connection: a pool of one reconnects silently between statements, and a LISTEN on a
        // connection that then closed would leave the channel deaf while it believes it listens.
        const closesBefore = closes;
        const listens = [...handlers.keys()].map((name) => `listen "${name.replaceAll('"', '""')}"`);
        const results = await conn.unsafe([...listens, "select pg_backend_pid() as pid"].join("; ")).simple();
        const pidRows = (listens.length > 0 ? results.at(-1) : results) as unknown as { pid: number }[];
        if (closed) return;
        // Closed since (the connection's close is ignored while not yet connected): try again.
        if (closes !== closesBefore) throw new Error("the listening connection closed while it was set up");
        listenerPid = pidRows[0].pid;
        connected = true;
        const current = ++generation;
        const attempts = attempt;
        attempt = 0;
        await runOnListen(handlers, log);
        if (!connected || current !== generation) return; // lost again meanwhile: see finally
        listening = true;
        if (attempts > 0) log.info("channel: listening again", { attempts });
      } catch (error) {
        if (closed) return;
        connected = false;
        listening = false;
        log.warn("channel: cannot listen yet; retrying", {
          error: String((error as Error)?.message ?? error),
          attempt,
        });
      } finally {
        connecting = undefined;
        // Failed, or lost while the onListen handlers ran (onclose could not schedule then): again.
        if (!closed && !connected) schedule();
      }
    })();
    return connecting;
  }

  return {
    kind: "server",
    get listening() {
      return listening;
    },
    get listenerPid() {
      return listenerPid;
    },
    get generation() {
      return generation;
    },
    on(name, onNotify, onListen) {
      handlers.set(name, [...(handlers.get(name) ?? []), { onNotify, onListen }]);
    },
    start: () => connect(),
    async close() {
      closed = true;
      connected = false;
      listening = false;
      clearTimeout(retry);
      await conn.end({ timeout: 1 });
    },
  };
}

/** The embedded database: one process, one backend; LISTEN holds for the database's whole life. */
function embeddedChannel(source: Extract<NotificationSource, { kind: "embedded" }>, options: ChannelOptions): Channel {
  const handlers = new Map<string, Handler[]>();
  const unlistens: (() => Promise<void>)[] = [];
  let listening = false;
  return {
    kind: "embedded",
    get listening() {
      return listening;
    },
    listenerPid: null,
    generation: 1,
    on(name, onNotify, onListen) {
      handlers.set(name, [...(handlers.get(name) ?? []), { onNotify, onListen }]);
    },
    async start() {
      for (const name of handlers.keys())
        unlistens.push(await source.listen(name, (payload) => dispatchTo(handlers, options.log, name, payload)));
      await runOnListen(handlers, options.log);
      listening = true;
    },
    async close() {
      listening = false;
      for (const unlisten of unlistens.splice(0)) await unlisten().catch(() => {});
    },
  };
}
