import { type Cookie, Elysia } from "elysia";
import type { ClientAddress } from "./client-ip.ts";
import type { HttpProblem } from "./problem.ts";
import type { Budget, RateLimiter } from "./rate-limit.ts";

/** What the request's Authorization header turned out to be. */
export type KeyVerdict<Owner> =
  | { kind: "none" }
  | { kind: "valid"; owner: Owner }
  | { kind: "invalid"; problem: HttpProblem };

/**
 * What the plugin is given rather than imports: http/ is glue under the features, so the key
 * check (keys/) and the session lookup (accounts/) come in as functions from src/app.ts.
 */
export interface AuthDeps<Owner extends { keyId: string }, User> {
  /** Checks `Authorization: Bearer …`; an invalid verdict carries its 401. */
  verifyKey(authorization: string | null): Promise<KeyVerdict<Owner>>;
  /** The 401 of an operation that needs a key and was sent none. */
  missingKey(): HttpProblem;
  /** The logged-in user of the session cookie, or null; may renew the cookie in `jar`. */
  sessionUser(request: Request, jar: Record<string, Cookie<unknown>>): Promise<User | null>;
  limiter: RateLimiter;
  /** The client address, read once per request (clientAddresses in client-ip.ts). */
  clientAddress: ClientAddress;
}

/** Who sent a request: the API key's owner (null without a key) and the client address. */
export interface Caller<Owner> {
  owner: Owner | null;
  clientIp: string;
}

/**
 * The one place a request's caller is worked out, for REST and MCP alike. Route options:
 * - `apiKey: true`: `caller` is the key owner or null; a presented key that is malformed,
 *   unknown or revoked ends the request with 401.
 * - `requireApiKey: true`: `owner` is the key owner; no key is the documented 401 too.
 * - `session: true`: `user` is the dashboard session's account or null.
 * - `rateLimit: "search"`: draws on the budget (the key's when valid, else the address's),
 *   sets RateLimit/RateLimit-Policy and ends a refused request with 429 + Retry-After.
 * The key is checked and the address computed once per request however many options ask
 * (a WeakMap per request), so the options' order does not matter: an invalid key is a 401
 * before any budget is drawn on, and all of it runs before a handler reads the body.
 */
export function authPlugin<Owner extends { keyId: string }, User>(deps: AuthDeps<Owner, User>) {
  const verdicts = new WeakMap<Request, Promise<KeyVerdict<Owner>>>();

  async function ownerOf(request: Request): Promise<Owner | null> {
    let verdict = verdicts.get(request);
    if (!verdict) verdicts.set(request, (verdict = deps.verifyKey(request.headers.get("authorization"))));
    const v = await verdict;
    if (v.kind === "invalid") throw v.problem;
    return v.kind === "valid" ? v.owner : null;
  }

  function addressOf(request: Request, server: unknown): string {
    return deps.clientAddress(request, server);
  }

  /** The caller of a request, for code that is not a route option (the MCP transports). */
  async function callerOf(request: Request, server: unknown): Promise<Caller<Owner>> {
    return { owner: await ownerOf(request), clientIp: addressOf(request, server) };
  }

  /**
   * Draws one request of `caller` on `budget` (the key's budget when it has one, else the
   * address's); throws the 429 with Retry-After when it is spent. The RateLimit headers to send.
   */
  async function drawOn(budget: Budget, caller: Caller<Owner>): Promise<Record<string, string>> {
    const decision = await deps.limiter.take(budget, { ip: caller.clientIp, keyId: caller.owner?.keyId ?? null });
    if (!decision.allowed) throw deps.limiter.refusal(budget, decision);
    return decision.headers;
  }

  // No plugin name: Elysia skips a named plugin the second time it is used, and a route whose
  // option macro was skipped would run unchecked. Each route plugin `.use`s this one.
  const plugin = new Elysia().macro({
    apiKey: {
      async resolve({ request, server }) {
        return { caller: await callerOf(request, server) };
      },
    },
    requireApiKey: {
      async resolve({ request }) {
        const owner = await ownerOf(request);
        if (!owner) throw deps.missingKey();
        return { owner };
      },
    },
    session: {
      async resolve({ request, cookie }) {
        return { user: await deps.sessionUser(request, cookie) };
      },
    },
    rateLimit: (budget: Budget) => ({
      async beforeHandle({ request, server, set }) {
        Object.assign(set.headers, await drawOn(budget, await callerOf(request, server)));
      },
    }),
  });
  return { plugin, callerOf, addressOf, drawOn };
}

/** One app's auth: `plugin` for route options; `callerOf`, `addressOf`, `drawOn` for code outside them (MCP tools, login throttle). */
export type Auth<Owner extends { keyId: string }, User> = ReturnType<typeof authPlugin<Owner, User>>;
