import type { Logger } from "../log.ts";

/**
 * When a shutdown hook runs:
 * - "drain": as soon as the server stops accepting, while requests in flight finish; for
 *   long-lived streams that would otherwise hold the drain open (MCP sessions, SSE).
 * - "close" (default): after requests in flight have finished, before the database closes; for
 *   work those requests may have queued (flushing the outbox worker).
 */
export type ShutdownPhase = "drain" | "close";

export type ShutdownHook = () => unknown | Promise<unknown>;

export interface ShutdownHooks {
  /** Registers `fn` to run once at shutdown; hooks of a phase run concurrently, each bounded by the timeout. */
  onShutdown(name: string, fn: ShutdownHook, phase?: ShutdownPhase): void;
  /** True from the moment shutdown begins (readiness turns 503 so balancers stop sending). */
  readonly draining: boolean;
  /** Runs the hooks of one phase; a hook that throws or overruns is logged, never fatal. */
  run(phase: ShutdownPhase, timeoutMs: number): Promise<void>;
  /** Marks the start of shutdown. */
  begin(): void;
}

/** Resolves with true when `promise` settles within `ms`, false when the time ran out first. */
export async function within(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: Timer | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([promise.then(() => true), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export function createShutdownHooks(log: Logger): ShutdownHooks {
  const hooks: { name: string; fn: ShutdownHook; phase: ShutdownPhase }[] = [];
  let draining = false;
  return {
    onShutdown(name, fn, phase = "close") {
      hooks.push({ name, fn, phase });
    },
    get draining() {
      return draining;
    },
    begin() {
      draining = true;
    },
    async run(phase, timeoutMs) {
      await Promise.all(
        hooks
          .filter((h) => h.phase === phase)
          .map(async (h) => {
            try {
              const done = await within(Promise.resolve().then(h.fn), timeoutMs);
              if (!done) log.warn("shutdown hook did not finish in time", { hook: h.name, timeout_ms: timeoutMs });
            } catch (error) {
              log.error("shutdown hook failed", { hook: h.name, error: String((error as Error)?.message ?? error) });
            }
          }),
      );
    },
  };
}
