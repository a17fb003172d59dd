import type { Budget, RateLimitSettings } from "../config.ts";
import type { Logger } from "../log.ts";
import { rateLimitReached } from "./limit-messages.ts";
import { limitProblem, type problem } from "./problem.ts";
import { redisStore } from "./rate-limit-redis.ts";
import { localStore, type WindowStore } from "./rate-limit-store.ts";

// The configuration defines the budgets (it sits below every module); the limiter's users name
// them through here.
export type { Budget, RateLimitSettings };

/** Who is asking: a valid key's id draws on the key's budget, otherwise the IP's. */
export interface Subject {
  ip: string;
  keyId: string | null;
}

export interface Decision {
  allowed: boolean;
  /** Whose budget was drawn on: the API key's or the client address's. */
  scope: "key" | "ip";
  /** The quota of the policy that applied (0 when limits are off). */
  limit: number;
  remaining: number;
  /** Seconds until the oldest counted request leaves the window, freeing a slot. */
  resetSeconds: number;
  /** Seconds to wait before retrying when refused; 0 when allowed. */
  retryAfterSeconds: number;
  /** `"search";q=60;w=60`; null when limits are off. */
  policyHeader: string | null;
  /** `"search";r=59;t=41`; null when limits are off. */
  rateLimitHeader: string | null;
  /** The response headers this decision calls for (RateLimit, RateLimit-Policy, and Retry-After on a refusal). */
  headers: Record<string, string>;
}

export interface RateLimiter {
  readonly enabled: boolean;
  /** Counts one request of `subject` against `budget` and says whether it may proceed. */
  take(budget: Budget, subject: Subject): Promise<Decision>;
  /** The 429 problem for a refused decision, ready to throw. */
  refusal(budget: Budget, decision: Decision): ReturnType<typeof problem>;
  /** Settles once the store has tried its backend (Redis) once; the server awaits it before listening. */
  ready(): Promise<void>;
  /** Where decisions are taken now: "off", "local", "primary", "redis" or "local (Redis circuit open)" (/readyz). */
  storeStatus(): string;
  close(): void;
}

export interface RateLimiterOptions {
  settings: RateLimitSettings;
  log: Logger;
  /** Redis URL shared by all instances; null counts in this process. */
  redisUrl?: string | null;
  redisPrefix?: string;
  /** Called once per refused request (metrics). */
  onReject?: (budget: Budget) => void;
  /** Called each time Redis failed and the local store decided (metrics). */
  onFallback?: () => void;
  /** Called when the Redis circuit breaker opens (true) or closes (false) (metrics). */
  onCircuit?: (open: boolean) => void;
  /** Circuit breaker settings of the Redis store (tests shorten the cool-down). */
  circuit?: { failures: number; coolDownMs: number };
  /** Milliseconds since the epoch; injectable so tests can move time. */
  now?: () => number;
  /** A store of your own: a cluster worker's, which asks the primary (src/http/rate-limit-ipc.ts); tests. */
  store?: WindowStore;
}

// IPv6 clients usually own a whole /64: one budget per /64, or a client could rotate addresses.
export function ipBucket(ip: string): string {
  if (!ip.includes(":")) return ip;
  const [head, tail = ""] = ip.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = ip.includes("::")
    ? [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill("0"), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}

const OFF: Decision = Object.freeze({
  allowed: true,
  scope: "ip",
  limit: 0,
  remaining: 0,
  resetSeconds: 0,
  retryAfterSeconds: 0,
  policyHeader: null,
  rateLimitHeader: null,
  headers: {},
}) as Decision;

/**
 * The rate limiter of one app: a sliding-window log per budget and caller, in this process or in
 * Redis. Created once per app; REST routes use it through the `rateLimit` option of src/http/auth.ts, MCP tools call take().
 *
 * @example
 * const d = await limiter.take("search", { ip: "203.0.113.7", keyId: null });
 * if (!d.allowed) throw limiter.refusal("search", d);
 */
export function createRateLimiter(options: RateLimiterOptions): RateLimiter {
  const { settings } = options;
  const now = options.now ?? Date.now;
  const windowMs = settings.windowSeconds * 1000;
  const store =
    options.store ??
    (settings.enabled && options.redisUrl
      ? redisStore({
          url: options.redisUrl,
          prefix: `${options.redisPrefix ?? "expert-directory:"}rl:`,
          log: options.log,
          onFallback: () => options.onFallback?.(),
          onCircuit: options.onCircuit,
          circuit: options.circuit,
        })
      : localStore());

  return {
    enabled: settings.enabled,
    async take(budget, subject) {
      if (!settings.enabled) return OFF;
      const withKey = subject.keyId !== null;
      const limit = withKey ? settings.budgets[budget].withKey : settings.budgets[budget].anonymous;
      const key = `${budget}:${withKey ? `key:${subject.keyId}` : `ip:${ipBucket(subject.ip)}`}`;
      const at = now();
      const hit = await store.hit(key, limit, windowMs, at);
      const resetSeconds = Math.max(0, Math.ceil((hit.oldestExpiresAt - at) / 1000));
      const remaining = Math.max(0, limit - hit.count);
      const retryAfterSeconds = hit.allowed ? 0 : Math.max(1, resetSeconds);
      if (!hit.allowed) options.onReject?.(budget);
      const policyHeader = `"${budget}";q=${limit};w=${settings.windowSeconds}`;
      const rateLimitHeader = `"${budget}";r=${hit.allowed ? remaining : 0};t=${hit.allowed ? resetSeconds : retryAfterSeconds}`;
      const headers: Record<string, string> = { "ratelimit-policy": policyHeader, ratelimit: rateLimitHeader };
      if (!hit.allowed) headers["retry-after"] = String(retryAfterSeconds);
      return {
        allowed: hit.allowed,
        scope: withKey ? "key" : "ip",
        limit,
        remaining: hit.allowed ? remaining : 0,
        resetSeconds,
        retryAfterSeconds,
        policyHeader,
        rateLimitHeader,
        headers,
      };
    },
    refusal(budget, decision) {
      const { anonymous, withKey } = settings.budgets[budget];
      const scope = decision.scope === "key" ? "key" : "address";
      return limitProblem(
        rateLimitReached(
          budget,
          scope,
          decision.limit,
          settings.windowSeconds,
          decision.retryAfterSeconds,
          withKey > anonymous,
        ),
        { headers: decision.headers },
      );
    },
    ready: () => store.ready(),
    storeStatus: () => (settings.enabled ? (store.status?.() ?? "local") : "off"),
    close() {
      store.close();
    },
  };
}
