import type { Logger } from "../log.ts";
import { type Hit, localStore, type WindowStore } from "./rate-limit-store.ts";

/** A worker asks the primary to count one request (src/cluster/). */
export interface HitRequest {
  type: "hit";
  id: number;
  key: string;
  limit: number;
  windowMs: number;
  now: number;
}

/** The primary's answer to the HitRequest of the same id. */
export interface HitAnswer {
  type: "hit";
  id: number;
  hit: Hit;
}

/** The IPC channel of a process spawned with `ipc` (Bun.spawn) as the child sees it. */
export interface ParentChannel {
  send(message: HitRequest): void;
  on(event: "message", listener: (message: unknown) => void): void;
  readonly connected: boolean;
}

export interface IpcStoreOptions {
  channel: ParentChannel;
  log: Logger;
  /** Called each time the primary did not answer and this process decided alone (metrics). */
  onFallback: () => void;
  /** Longest wait for the primary's answer (default 1000 ms). */
  timeoutMs?: number;
}

/**
 * The rate-limit store of a worker: every decision is taken by the primary, which holds one
 * in-process store for all workers, so N workers share one budget (60 searches a minute stay 60,
 * whichever worker answers). One message each way per request, on the loopback pipe Bun opens.
 * If the primary does not answer in time (it is stopping or stuck), this worker decides from its
 * own counts rather than hold the request; that is logged once and counted as a fallback.
 */
export function ipcStore(options: IpcStoreOptions): WindowStore {
  const pending = new Map<number, { resolve: (hit: Hit) => void; timer: Timer }>();
  const fallback = localStore();
  let next = 0;
  let warned = false;
  options.channel.on("message", function answerFromPrimary(message) {
    const answer = message as Partial<HitAnswer> | null;
    if (answer?.type !== "hit" || typeof answer.id !== "number" || !answer.hit) return;
    const waiting = pending.get(answer.id);
    if (!waiting) return; // answered after its timeout: decided locally already
    pending.delete(answer.id);
    clearTimeout(waiting.timer);
    waiting.resolve(answer.hit);
  });
  function decideAlone(key: string, limit: number, windowMs: number, now: number): Promise<Hit> {
    options.onFallback();
    if (!warned) {
      warned = true;
      options.log.warn("rate limits: the primary process did not answer; this worker counts on its own");
    }
    return fallback.hit(key, limit, windowMs, now);
  }
  return {
    status: () => "primary",
    ready: () => Promise.resolve(),
    hit(key, limit, windowMs, now) {
      if (!options.channel.connected) return decideAlone(key, limit, windowMs, now);
      const id = ++next;
      return new Promise<Hit>((resolve) => {
        const timer = setTimeout(() => {
          pending.delete(id);
          resolve(decideAlone(key, limit, windowMs, now));
        }, options.timeoutMs ?? 1000);
        pending.set(id, { resolve, timer });
        options.channel.send({ type: "hit", id, key, limit, windowMs, now });
      });
    },
    close() {
      for (const { timer } of pending.values()) clearTimeout(timer);
      pending.clear();
      fallback.close();
    },
  };
}

/**
 * The primary's side: answers a worker's HitRequest from `store`, the one budget of all workers.
 * Returns false for a message that is not a HitRequest, so the caller can handle its own.
 */
export function answerHit(store: WindowStore, message: unknown, reply: (answer: HitAnswer) => void): boolean {
  const request = message as Partial<HitRequest> | null;
  if (request?.type !== "hit" || typeof request.id !== "number" || typeof request.key !== "string") return false;
  const { id, key, limit, windowMs, now } = request as HitRequest;
  void store.hit(key, limit, windowMs, now).then((hit) => reply({ type: "hit", id, hit }));
  return true;
}
