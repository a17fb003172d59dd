import { parseTrustProxy, type TrustProxy } from "../http/client-ip.ts";
import type { Budget, RateLimitSettings } from "../http/rate-limit.ts";

/** The operations part of the configuration; merged into Config by loadConfig. */
export interface OpsConfig {
  rateLimits: RateLimitSettings;
  /** Which proxies may tell us the client address through X-Forwarded-For (TRUST_PROXY). */
  trustProxy: TrustProxy;
  /** redis:// URL of a Redis shared by all instances for rate limits; null keeps them in-process. */
  redisUrl: string | null;
  /** Prefix of every Redis key this service writes (REDIS_PREFIX). */
  redisPrefix: string;
  /** How long SIGTERM waits for requests in flight before closing them (SHUTDOWN_TIMEOUT, seconds). */
  shutdownTimeoutMs: number;
}

// The spec's "Limits": requests per minute without and with a valid Bearer key.
export const DEFAULT_LIMITS: Record<Budget, { anonymous: number; withKey: number }> = {
  search: { anonymous: 60, withKey: 300 },
  profile: { anonymous: 120, withKey: 600 },
  availability: { anonymous: 120, withKey: 600 },
};

function parseLimits(name: string, raw: string | undefined, fallback: { anonymous: number; withKey: number }) {
  if (raw === undefined || raw.trim() === "") return fallback;
  const m = /^\s*(\d{1,7})\s*,\s*(\d{1,7})\s*$/.exec(raw);
  if (!m || Number(m[1]) < 1 || Number(m[2]) < 1) {
    throw new Error(`${name} must be two positive whole numbers "anonymous,with-key" per minute (e.g. 60,300), got "${raw}"`);
  }
  return { anonymous: Number(m[1]), withKey: Number(m[2]) };
}

/** Reads the operations settings; throws an Error whose message names the variable. */
export function loadOpsConfig(env: Record<string, string | undefined>): OpsConfig {
  const switchValue = (env.RATE_LIMITS ?? "on").trim().toLowerCase();
  if (!["on", "off", ""].includes(switchValue)) throw new Error(`RATE_LIMITS must be on or off, got "${env.RATE_LIMITS}"`);
  let trustProxy: TrustProxy;
  try {
    trustProxy = parseTrustProxy(env.TRUST_PROXY);
  } catch (error) {
    throw new Error(`TRUST_PROXY must be a hop count or a comma-separated list of proxy addresses/CIDR ranges: ${(error as Error).message}`);
  }
  let redisUrl: string | null = env.REDIS_URL?.trim() || null;
  if (redisUrl) {
    let protocol = "";
    try {
      protocol = new URL(redisUrl).protocol;
    } catch {
      throw new Error("REDIS_URL is not a valid URL");
    }
    if (!["redis:", "rediss:", "valkey:", "valkeys:"].includes(protocol)) throw new Error("REDIS_URL must start with redis:// or rediss://");
  }
  const timeout = env.SHUTDOWN_TIMEOUT?.trim() || "10";
  if (!/^\d{1,4}(\.\d+)?$/.test(timeout)) throw new Error(`SHUTDOWN_TIMEOUT must be a number of seconds, got "${env.SHUTDOWN_TIMEOUT}"`);
  const redisPrefix = env.REDIS_PREFIX?.trim() || "expert-directory:";
  if (!/^[\w:.-]{1,64}$/.test(redisPrefix)) throw new Error(`REDIS_PREFIX must be at most 64 letters, digits or _ : . -, got "${env.REDIS_PREFIX}"`);
  return {
    rateLimits: {
      enabled: switchValue !== "off",
      windowSeconds: 60,
      budgets: {
        search: parseLimits("RATE_LIMIT_SEARCH", env.RATE_LIMIT_SEARCH, DEFAULT_LIMITS.search),
        profile: parseLimits("RATE_LIMIT_PROFILE", env.RATE_LIMIT_PROFILE, DEFAULT_LIMITS.profile),
        availability: parseLimits("RATE_LIMIT_AVAILABILITY", env.RATE_LIMIT_AVAILABILITY, DEFAULT_LIMITS.availability),
      },
    },
    trustProxy,
    redisUrl,
    redisPrefix,
    shutdownTimeoutMs: Math.round(Number(timeout) * 1000),
  };
}
