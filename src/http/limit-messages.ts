import type { Budget, RateLimitSettings } from "../config.ts";

// Every message of a limit that was reached, written here and only here: the REST problem's
// `detail`, the MCP tool error and the page are three renderings of one LimitReached, so they
// cannot drift apart (they did: MCP once said "this API key" of a limit counted per account).
// Each names whose allowance was spent and the numbers that applied, never a default.

/** Whose allowance a limit counts: one API key's, one client address's (an IPv6 /64), or one account's (all its keys together, revoked ones included). */
export type LimitScope = "key" | "address" | "account";

/** A limit that was reached, as its messages tell it. */
export interface LimitReached {
  scope: LimitScope;
  /** What was spent, with the numbers that applied: "Rate limit reached: 60 search requests per 60 seconds per client address". */
  what: string;
  retryAfterSeconds: number;
  /** What the caller can do besides waiting ("send a Bearer API key for a higher limit"); null when nothing. */
  instead: string | null;
}

const REQUESTS: Record<Budget, string> = {
  search: "search requests",
  profile: "profile requests",
  availability: "availability requests",
  "mcp-session": "new MCP sessions",
};

const WHOSE: Record<LimitScope, string> = {
  key: "for this API key",
  address: "per client address",
  account: "for this account",
};

/**
 * A rate budget (src/http/rate-limit.ts) spent by one key or one address. `higherWithKey`: a
 * valid key would get a larger budget, which an address's refusal then says.
 */
export function rateLimitReached(
  budget: Budget,
  scope: "key" | "address",
  limit: number,
  windowSeconds: number,
  retryAfterSeconds: number,
  higherWithKey: boolean,
): LimitReached {
  return {
    scope,
    what: `Rate limit reached: ${limit} ${REQUESTS[budget]} per ${windowSeconds} seconds ${WHOSE[scope]}`,
    retryAfterSeconds,
    instead: scope === "address" && higherWithKey ? "send a Bearer API key for a higher limit" : null,
  };
}

/** The inquiries one account may send to one expert in a window (src/inquiries/limit.ts). */
export function inquiryLimitReached(limit: number, windowHours: number, retryAfterSeconds: number): LimitReached {
  return {
    scope: "account",
    what: `This account (all its API keys together) has sent ${limit} inquiries to this expert in the last ${windowHours} hours, the most allowed`,
    retryAfterSeconds,
    instead: "contact another expert, or give the person the expert's booking_url to book directly",
  };
}

/** The API keys one account may create in 24 hours (src/keys/service.ts). */
export function keyCreationLimitReached(limit: number, retryAfterSeconds: number): LimitReached {
  return {
    scope: "account",
    what: `This account created ${limit} API keys in the last 24 hours, the most allowed`,
    retryAfterSeconds,
    instead: null,
  };
}

/** Failed log-ins counted per client address or per account (src/accounts/throttle.ts); sign-up conflicts count as the address's. */
export function loginLimitReached(
  scope: "address" | "account",
  limit: number,
  windowMinutes: number,
  retryAfterSeconds: number,
): LimitReached {
  const whose = scope === "address" ? "from this client address" : "for this account";
  return {
    scope,
    what: `Too many failed attempts: ${limit} ${whose} in ${windowMinutes} minutes`,
    retryAfterSeconds,
    instead: null,
  };
}

/** The REST problem's `detail`: the whole message. */
export function limitDetail(r: LimitReached): string {
  return `${r.what}. Retry after ${r.retryAfterSeconds} seconds${r.instead ? `, or ${r.instead}` : ""}.`;
}

/** An MCP tool's error text: the same message, and the one thing a model must not do. */
export function limitToolText(r: LimitReached): string {
  return `${limitDetail(r)} Do not retry sooner.`;
}

/**
 * A page's message: what was spent and when to reload. A page counts per address and takes no
 * key, so a remedy for API callers is not offered there (the page points agents to the API).
 */
export function limitPageText(r: LimitReached): string {
  return `${r.what}. Wait ${r.retryAfterSeconds} seconds, then reload.`;
}

/** This server's rate budgets in words, for the `rate-limited` problem page: the configured numbers, not the defaults. */
export function budgetsInWords(settings: RateLimitSettings): string {
  if (!settings.enabled) return "Rate limits are off on this server (RATE_LIMITS=off).";
  const budgets = Object.entries(settings.budgets).map(
    ([budget, b]) => `${REQUESTS[budget as Budget]}: ${b.anonymous} per client address, ${b.withKey} per API key`,
  );
  return `This server's budgets per ${settings.windowSeconds} seconds: ${budgets.join("; ")}.`;
}
