import type { Subprocess } from "bun";
import type { Logger } from "../log.ts";
import { within } from "../ops/shutdown.ts";

/** The workers cannot be kept running: main.ts prints its message and exits 1. */
export class WorkersFailedError extends Error {}

/** A running worker as the primary's message handler sees it. */
export interface WorkerHandle {
  index: number;
  pid: number;
  send(message: unknown): void;
}

export interface SupervisorOptions {
  count: number;
  /** The command of worker `index` (the same program, told it is a worker through its env). */
  command: string[];
  env(index: number): Record<string, string | undefined>;
  log: Logger;
  /** Messages from workers other than their "ready". */
  onMessage(message: unknown, worker: WorkerHandle): void;
  /** An exit that makes retrying pointless (the port was taken): the error to stop with, else null. */
  fatalExit?(code: number | null): Error | null;
  /** Exits before "ready", in a row, after which the primary gives up (default 3). */
  maxStartFailures?: number;
  /** First restart delay, doubled per failure in a row up to maxMs (default 250 ms … 15 s). */
  backoff?: { baseMs: number; maxMs: number };
  /** A worker up this long has recovered: its next crash restarts after the base delay (default 30 s). */
  stableAfterMs?: number;
}

export interface Supervisor {
  /** Resolves once every worker has said it is ready; rejects if they cannot be started. */
  ready: Promise<void>;
  /** Resolves with the reason when the workers cannot be kept running (they keep dying at start). */
  failed: Promise<Error>;
  pids(): number[];
  /** SIGTERM to every worker; after `timeoutMs` SIGKILL. Resolves true when all exited with 0. */
  stop(timeoutMs: number): Promise<boolean>;
}

interface Slot {
  index: number;
  proc: Subprocess | null;
  readyAt: number | null;
  /** Exits before "ready" in a row. */
  startFailures: number;
  /** Crashes after "ready" in a row, reset once a worker has stayed up stableAfterMs. */
  crashes: number;
  restart?: Timer;
}

/**
 * Keeps `count` worker processes running: a worker that dies is logged and started again after a
 * back-off (250 ms, doubled per crash in a row, at most 15 s), so a crash loop cannot spin the
 * machine. Workers that keep dying before they serve (3 times in a row) make `failed` settle: the
 * primary then stops and exits non-zero instead of retrying forever. Nothing restarts once stop()
 * was called.
 */
export function superviseWorkers(options: SupervisorOptions): Supervisor {
  const { log } = options;
  const maxStartFailures = options.maxStartFailures ?? 3;
  const backoff = options.backoff ?? { baseMs: 250, maxMs: 15_000 };
  const stableAfterMs = options.stableAfterMs ?? 30_000;
  const slots: Slot[] = Array.from({ length: options.count }, (_, index) => ({
    index,
    proc: null,
    readyAt: null,
    startFailures: 0,
    crashes: 0,
  }));
  let stopping = false;
  let everyoneReady = false;
  let resolveReady!: () => void;
  let rejectReady!: (error: Error) => void;
  const ready = new Promise<void>((resolve, reject) => {
    resolveReady = resolve;
    rejectReady = reject;
  });
  ready.catch(() => {}); // also reported through `failed`
  let resolveFailed!: (error: Error) => void;
  const failed = new Promise<Error>((resolve) => (resolveFailed = resolve));

  function giveUp(error: Error) {
    if (stopping) return;
    rejectReady(error);
    resolveFailed(error);
  }

  function start(slot: Slot) {
    slot.readyAt = null;
    const proc = Bun.spawn(options.command, {
      env: options.env(slot.index),
      stdio: ["ignore", "inherit", "inherit"],
      serialization: "json",
      ipc(message) {
        if ((message as { type?: string } | null)?.type === "ready") return onReady(slot);
        options.onMessage(message, { index: slot.index, pid: proc.pid, send: (m) => proc.send(m) });
      },
    });
    slot.proc = proc;
    void proc.exited.then((code) => onExit(slot, proc, code));
  }

  function onReady(slot: Slot) {
    slot.readyAt = Date.now();
    slot.startFailures = 0;
    if (everyoneReady) log.info("worker restarted", { worker: slot.index, pid: slot.proc?.pid });
    else if (slots.every((s) => s.readyAt !== null)) {
      everyoneReady = true;
      resolveReady();
    }
  }

  function onExit(slot: Slot, proc: Subprocess, code: number | null) {
    if (slot.proc === proc) slot.proc = null;
    if (stopping) return;
    const fatal = options.fatalExit?.(code);
    if (fatal) return giveUp(fatal);
    const wasServing = slot.readyAt !== null;
    let failures: number;
    if (wasServing) {
      if (Date.now() - slot.readyAt! > stableAfterMs) slot.crashes = 0;
      failures = ++slot.crashes;
    } else {
      failures = ++slot.startFailures;
      if (failures >= maxStartFailures) {
        return giveUp(
          new WorkersFailedError(
            `worker ${slot.index} exited ${failures} times in a row before serving (last exit code ${code}, signal ${proc.signalCode ?? "none"})`,
          ),
        );
      }
    }
    const delay = Math.min(backoff.maxMs, backoff.baseMs * 2 ** (failures - 1));
    log.error(
      wasServing ? "worker exited unexpectedly; restarting it" : "worker exited before serving; starting it again",
      {
        worker: slot.index,
        pid: proc.pid,
        exit_code: code,
        signal: proc.signalCode ?? null,
        restart_in_ms: delay,
      },
    );
    slot.restart = setTimeout(() => {
      if (!stopping) start(slot);
    }, delay);
  }

  for (const slot of slots) start(slot);

  return {
    ready,
    failed,
    pids: () => slots.flatMap((s) => (s.proc ? [s.proc.pid] : [])),
    async stop(timeoutMs) {
      stopping = true;
      const running = slots.flatMap((s) => {
        clearTimeout(s.restart);
        return s.proc ? [s.proc] : [];
      });
      for (const proc of running) proc.kill("SIGTERM");
      const exits = Promise.all(running.map((p) => p.exited));
      if (!(await within(exits, timeoutMs))) {
        log.warn("workers still running at the shutdown timeout; killing them", {
          pids: running.filter((p) => p.exitCode === null).map((p) => p.pid),
        });
        for (const proc of running) if (proc.exitCode === null) proc.kill("SIGKILL");
      }
      const codes = await exits;
      return codes.every((c) => c === 0);
    },
  };
}
