import { ConfigError, type Env } from "./parse.ts";
import { parseTrustProxy, type TrustProxy } from "./proxy.ts";

/**
 * The rate-limit budgets of the spec's "Limits", and `mcp-session`: new MCP sessions (an
 * `initialize` on /api/mcp, a GET /api/sse), each of which the server keeps for the idle timeout.
 * src/http/rate-limit.ts counts them.
 */
export type Budget = "search" | "profile" | "availability" | "mcp-session";

export interface RateLimitSettings {
  /** false with RATE_LIMITS=off: every take() is allowed and no header is sent. */
  enabled: boolean;
  windowSeconds: number;
  /** Requests per window without a key (per client IP) and with a valid key (per key). */
  budgets: Record<Budget, { anonymous: number; withKey: number }>;
}

/** Rate limits, where they are counted (REDIS_URL) and whose word on the client address counts. */
export interface LimitsConfig {
  rateLimits: RateLimitSettings;
  /** Which proxies may tell us the client address through X-Forwarded-For (TRUST_PROXY). */
  trustProxy: TrustProxy;
  /** redis:// URL of a Redis shared by all instances for rate limits; null keeps them in-process. */
  redisUrl: string | null;
  /** Prefix of every Redis key this service writes (REDIS_PREFIX). */
  redisPrefix: string;
}

// The spec's "Limits": requests per minute without and with a valid Bearer key.
const DEFAULT_LIMITS: Record<Budget, { anonymous: number; withKey: number }> = {
  search: { anonymous: 60, withKey: 300 },
  profile: { anonymous: 120, withKey: 600 },
  availability: { anonymous: 120, withKey: 600 },
  // A client opens a session per connection: a few a minute; a loop of them is refused early.
  "mcp-session": { anonymous: 30, withKey: 120 },
};

function parseLimits(name: string, raw: string | undefined, fallback: { anonymous: number; withKey: number }) {
  if (raw === undefined || raw.trim() === "") return fallback;
  const m = /^\s*(\d{1,7})\s*,\s*(\d{1,7})\s*$/.exec(raw);
  if (!m || Number(m[1]) < 1 || Number(m[2]) < 1) {
    throw new ConfigError(
      `${name} must be two positive whole numbers "anonymous,with-key" per minute (e.g. 60,300), got "${raw}"`,
    );
  }
  return { anonymous: Number(m[1]), withKey: Number(m[2]) };
}

function parseRedisUrl(raw: string | undefined): string | null {
  const redisUrl = raw?.trim() || null;
  if (!redisUrl) return null;
  let protocol = "";
  try {
    protocol = new URL(redisUrl).protocol;
  } catch {
    throw new ConfigError("REDIS_URL is not a valid URL");
  }
  if (!["redis:", "rediss:", "valkey:", "valkeys:"].includes(protocol))
    throw new ConfigError("REDIS_URL must start with redis:// or rediss://");
  return redisUrl;
}

export function loadLimitsConfig(env: Env): LimitsConfig {
  const switchValue = (env.RATE_LIMITS ?? "on").trim().toLowerCase();
  if (!["on", "off", ""].includes(switchValue))
    throw new ConfigError(`RATE_LIMITS must be on or off, got "${env.RATE_LIMITS}"`);
  const trustProxy = parseTrustProxy(env.TRUST_PROXY);
  const redisUrl = parseRedisUrl(env.REDIS_URL);
  const redisPrefix = env.REDIS_PREFIX?.trim() || "expert-directory:";
  if (!/^[\w:.-]{1,64}$/.test(redisPrefix))
    throw new ConfigError(`REDIS_PREFIX must be at most 64 letters, digits or _ : . -, got "${env.REDIS_PREFIX}"`);
  return {
    rateLimits: {
      enabled: switchValue !== "off",
      windowSeconds: 60,
      budgets: {
        search: parseLimits("RATE_LIMIT_SEARCH", env.RATE_LIMIT_SEARCH, DEFAULT_LIMITS.search),
        profile: parseLimits("RATE_LIMIT_PROFILE", env.RATE_LIMIT_PROFILE, DEFAULT_LIMITS.profile),
        availability: parseLimits("RATE_LIMIT_AVAILABILITY", env.RATE_LIMIT_AVAILABILITY, DEFAULT_LIMITS.availability),
        "mcp-session": parseLimits("RATE_LIMIT_MCP_SESSION", env.RATE_LIMIT_MCP_SESSION, DEFAULT_LIMITS["mcp-session"]),
      },
    },
    trustProxy,
    redisUrl,
    redisPrefix,
  };
}
