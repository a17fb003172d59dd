import { sha256Hex } from "../crypto.ts";
import type { Attempt, AttemptStore } from "./attempt-store.ts";

/**
 * A budget of attempts per key (an address or an account) in fixed windows, counted in a shared
 * AttemptStore. `take` counts an attempt before the slow password check; the Attempt's `refund`
 * gives a successful one back, so only failures use up the budget. Keys are stored as SHA-256
 * hashes: the store never holds an e-mail address or a client address in clear.
 */
export interface AttemptWindow {
  readonly limit: number;
  readonly windowMs: number;
  take(key: string): Promise<Attempt>;
}

export function attemptWindow(store: AttemptStore, scope: string, limit: number, windowMs: number): AttemptWindow {
  return { limit, windowMs, take: (key) => store.take(scope, sha256Hex(key), limit, windowMs) };
}

/** Login failures: per client address and per account (e-mail address), 15-minute windows. */
export interface LoginLimits {
  perAddress: AttemptWindow;
  perAccount: AttemptWindow;
}

export function loginLimits(store: AttemptStore): LoginLimits {
  return {
    perAddress: attemptWindow(store, "address", 30, 15 * 60_000),
    perAccount: attemptWindow(store, "account", 10, 15 * 60_000),
  };
}
