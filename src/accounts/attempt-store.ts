/** One attempt counted (or refused) by an AttemptStore. */
export interface Attempt {
  /** 0 when the attempt was counted and may go ahead; else the seconds until the key may try again. */
  retryAfterSeconds: number;
  /** Gives a counted attempt back (a success), in the store that counted it. Never rejects. */
  refund(): Promise<void>;
}

/**
 * Where the log-in throttle counts attempts: fixed windows per (scope, key), shared by every
 * process that uses the same backend (src/accounts/attempts-postgres.ts, attempts-redis.ts).
 * A take counts and checks in one atomic step, so parallel attempts cannot slip past the limit.
 */
export interface AttemptStore {
  take(scope: string, key: string, limit: number, windowMs: number): Promise<Attempt>;
  /** Where attempts are counted right now: "postgres", "redis" or "postgres (Redis circuit open)". */
  status(): string;
  /** Settles once the store has tried its backend (Redis) once; never rejects. */
  ready(): Promise<void>;
  close(): void;
}

/** An attempt that was refused: nothing to give back. */
export function refusedAttempt(retryAfterSeconds: number): Attempt {
  return { retryAfterSeconds: Math.max(1, retryAfterSeconds), refund: () => Promise.resolve() };
}
