import type { Channel } from "../db/channel.ts";
import type { Pool } from "../db/connect.ts";
import { sha256Hex } from "../crypto.ts";
import type { Logger } from "../log.ts";

/**
 * MCP sessions, in two layers:
 *
 * - The session itself (Streamable HTTP, /api/mcp) is a row in `mcp_sessions`: a random id of
 *   256 bits, stored as its SHA-256, and when it was last used. It carries no protocol state, so
 *   any instance can answer any request of a session: it only checks that the row exists and has
 *   not been idle longer than the timeout (404 otherwise, and the client initializes again).
 * - What lives in this process: the open event streams of recent sessions (the GET stream of
 *   /api/mcp, the whole connection of /api/sse). Each session seen here is remembered with its
 *   last use; a sweep every few seconds closes those idle longer than the timeout and deletes
 *   expired rows, so sessions that clients open and abandon never accumulate.
 *
 * A session the database confirmed here is trusted for a while without asking again (at most the
 * refresh interval, while the shared channel listens without a gap): every statement that deletes
 * sessions (DELETE, the cap's eviction, the idle sweep) notifies their hashes on the channel, and
 * every process forgets them when the notification arrives. So a tool call of a known session
 * costs no statement, and an ended one is refused everywhere within the channel's delay.
 */
export interface McpSessionsOptions {
  /** The pool (not a transaction's sql): creating a session with a bound is a transaction of its own. */
  sql: Pool;
  log: Logger;
  /** Idle time after which a session is closed (seconds). */
  idleSeconds: number;
  /**
   * Rows `mcp_sessions` may hold (MAX_MCP_SESSIONS): creating one more evicts the longest idle
   * sessions first, in the same transaction. Default: no bound.
   */
  maxSessions?: number;
  /** The shared channel that carries ended sessions; without it every request asks the database. */
  channel?: Channel;
  /**
   * Milliseconds now, for the in-process idle check only (when a row expires is decided by the
   * database's now(), the one clock all instances share). Default: `mcpSessionClock.now()`.
   */
  now?: () => number;
}

/**
 * The clock of sessions not given `now`: the wall clock. A test that starts a whole app (which
 * creates its own McpSessions) moves it forward and calls `sweepMcpSessions()`, so sessions idle
 * out without the test waiting for the timeout.
 */
export const mcpSessionClock = { now: (): number => Date.now() };

interface LocalSession {
  hash: string;
  lastUsed: number;
  /** Closes the event streams this process holds for the session. */
  closers: Set<() => void>;
  /** When the database last confirmed the session, and the channel's generation then (null: never here). */
  verified: { at: number; generation: number } | null;
}

/** The channel name of ended sessions; each payload is one session's id hash. */
export const MCP_SESSION_ENDED = "mcp_session_ended";

const SESSION_ID = /^[A-Za-z0-9_-]{43}$/;

/** The advisory lock that serializes session creation while the table is bounded (beside src/db/migrate.ts's). */
const SESSION_CAP_LOCK = 720_514_019;

/** 32 random bytes as base64url: visible ASCII only, as Mcp-Session-Id requires. */
export function newSessionId(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("base64url");
}

/** Every McpSessions of this process not yet closed: what `sweepMcpSessions()` reaches. */
const live = new Set<McpSessions>();

/** Runs the sweep of every app in this process now, instead of at its next tick. */
export async function sweepMcpSessions(): Promise<void> {
  await Promise.all([...live].map((sessions) => sessions.sweep()));
}

export class McpSessions {
  private readonly local = new Map<string, LocalSession>();
  /** The same sessions by id hash, as ended sessions are named on the channel. */
  private readonly byHash = new Map<string, string>();
  private readonly timer: ReturnType<typeof setInterval>;
  private readonly idleMs: number;
  /** A row's last_seen_at is written at most this often per session, not on every request. */
  private readonly refreshSeconds: number;
  private readonly now: () => number;
  /** The database half of a sweep in progress: one at a time, so a slow database gets no pile of them. */
  private deleting: Promise<void> | undefined;

  constructor(private readonly options: McpSessionsOptions) {
    this.now = options.now ?? (() => mcpSessionClock.now());
    this.idleMs = options.idleSeconds * 1000;
    this.refreshSeconds = Math.min(60, options.idleSeconds / 4);
    // A quarter of the timeout (0.25 s to 60 s): a session outlives it by at most that much.
    this.timer = setInterval(() => void this.sweep(), Math.min(60_000, Math.max(250, this.idleMs / 4)));
    this.timer.unref?.();
    live.add(this);
    options.channel?.on(MCP_SESSION_ENDED, (hash) => {
      const id = this.byHash.get(hash);
      if (id !== undefined) this.forget(id);
    });
  }

  /**
   * Records a new Streamable HTTP session; returns its id. With `maxSessions`, the sessions
   * beyond the newest `maxSessions - 1` (by last use) are deleted first, under a lock every
   * instance takes, so the table never holds more than the bound however many create at once.
   */
  async create(): Promise<string> {
    const id = newSessionId();
    const { sql, maxSessions } = this.options;
    if (maxSessions === undefined) {
      await sql`insert into mcp_sessions (id_hash) values (${sha256Hex(id)})`;
    } else {
      await sql.begin(async (tx) => {
        await tx`select pg_advisory_xact_lock(${SESSION_CAP_LOCK})`;
        await tx`
          with evicted as (
            delete from mcp_sessions where id_hash in (
              select id_hash from mcp_sessions order by last_seen_at desc, id_hash offset ${maxSessions - 1})
            returning id_hash)
          select pg_notify(${MCP_SESSION_ENDED}, id_hash) from evicted`;
        await tx`insert into mcp_sessions (id_hash) values (${sha256Hex(id)})`;
      });
    }
    this.used(id);
    this.verified(id, this.options.channel?.generation ?? 0);
    return id;
  }

  /** Whether this process may answer for the session without asking the database (see the class comment). */
  private trusted(id: string): boolean {
    const session = this.local.get(id);
    const channel = this.options.channel;
    if (!session?.verified || !channel?.listening || session.verified.generation !== channel.generation) return false;
    return this.now() - session.verified.at < this.refreshSeconds * 1000;
  }

  private verified(id: string, generation: number): void {
    const session = this.local.get(id);
    if (session) session.verified = { at: this.now(), generation };
  }

  /** Whether `id` names a live session (any instance's); counts this request as a use of it. */
  async resume(id: string): Promise<boolean> {
    if (!SESSION_ID.test(id)) return false;
    if (this.trusted(id)) {
      this.used(id);
      return true;
    }
    const { sql, idleSeconds } = this.options;
    // Taken before asking: a re-listen meanwhile may have missed an end, so it must not be trusted.
    const generation = this.options.channel?.generation ?? 0;
    const hash = sha256Hex(id);
    const [row] = await sql<{ stale: boolean }[]>`
      select last_seen_at < now() - make_interval(secs => ${this.refreshSeconds}) as stale
      from mcp_sessions
      where id_hash = ${hash} and last_seen_at > now() - make_interval(secs => ${idleSeconds})`;
    if (!row) {
      this.forget(id);
      return false;
    }
    if (row.stale) await sql`update mcp_sessions set last_seen_at = now() where id_hash = ${hash}`;
    this.used(id);
    this.verified(id, generation);
    return true;
  }

  /** Ends a session for every instance (DELETE /api/mcp) and closes its streams here. */
  async end(id: string): Promise<void> {
    await this.options.sql`
      with ended as (delete from mcp_sessions where id_hash = ${sha256Hex(id)} returning id_hash)
      select pg_notify(${MCP_SESSION_ENDED}, id_hash) from ended`;
    this.forget(id);
  }

  /** Notes a use of a session served by this process (an /api/sse POST, an /api/mcp request). */
  used(id: string): void {
    const session = this.local.get(id);
    if (session) session.lastUsed = this.now();
    else {
      const hash = sha256Hex(id);
      this.local.set(id, { hash, lastUsed: this.now(), closers: new Set(), verified: null });
      this.byHash.set(hash, id);
    }
  }

  /**
   * Registers a stream this process holds for a session, closed when the session idles out,
   * ends or the server stops. Returns the function that unregisters it (call it when the stream
   * ends by itself).
   */
  holdStream(id: string, close: () => void): () => void {
    this.used(id);
    const closers = this.local.get(id)!.closers;
    closers.add(close);
    return () => closers.delete(close);
  }

  /** Closes what this process holds for a session and forgets it. */
  forget(id: string): void {
    const session = this.local.get(id);
    if (!session) return;
    this.local.delete(id);
    this.byHash.delete(session.hash);
    for (const close of session.closers) {
      try {
        close();
      } catch (error) {
        this.options.log.warn("closing an MCP stream failed", { error: String(error) });
      }
    }
  }

  /** Sessions this process has served within the idle timeout. */
  count(): number {
    return this.local.size;
  }

  /**
   * Closes the sessions idle longer than the timeout, here (by this process's clock) and, expired
   * rows, in the database (by the database's). Resolves when both are done; a delete already
   * running is awaited rather than repeated.
   */
  async sweep(): Promise<void> {
    const cutoff = this.now() - this.idleMs;
    for (const [id, session] of this.local) if (session.lastUsed <= cutoff) this.forget(id);
    this.deleting ??= this.deleteExpired().finally(() => (this.deleting = undefined));
    await this.deleting;
  }

  private async deleteExpired(): Promise<void> {
    try {
      await this.options.sql`
        with expired as (delete from mcp_sessions where last_seen_at < now() - make_interval(secs => ${this.options.idleSeconds}) returning id_hash)
        select pg_notify(${MCP_SESSION_ENDED}, id_hash) from expired`;
    } catch (error) {
      this.options.log.warn("MCP session sweep failed; retrying at the next one", {
        error: String((error as Error)?.message ?? error),
      });
    }
  }

  /**
   * For shutdown: closes every stream this process holds, so the HTTP server can stop without
   * waiting for them. The rows stay: after a restart, or on another instance, the sessions go on.
   */
  closeAll(): void {
    clearInterval(this.timer);
    live.delete(this);
    for (const id of [...this.local.keys()]) this.forget(id);
  }
}
