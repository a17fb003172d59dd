import { Elysia } from "elysia";
import { requestCookie } from "../http/cookies.ts";
import { problem, problemResponse } from "../http/problem.ts";
import { SESSION_COOKIE } from "./sessions.ts";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export interface OriginOptions {
  /** The server's public base URL (PUBLIC_BASE_URL, or the address it listens on). */
  baseUrl: () => string;
  /** Set by the operator: then it is the only accepted origin. */
  publicBaseUrl: string | null;
}

/**
 * Whether a state-changing request comes from this server's own pages.
 * - `Origin` equal to the public base URL's origin: yes.
 * - Without PUBLIC_BASE_URL, also the origin the request itself was addressed to (its Host header):
 *   the server then does not know the name people reach it by (0.0.0.0 becomes "localhost"). This
 *   is safe because a cross-site page cannot choose the Host its victim's browser sends together
 *   with that host's cookie; a DNS-rebinding page gets its own host's cookies, never `ed_session`.
 * - No `Origin` at all: browsers send one on every cross-site POST/DELETE (and on same-origin
 *   fetches), so its absence means a non-browser client such as curl, which CSRF cannot drive.
 *   `Sec-Fetch-Site`, when present, must then say same-origin or none.
 * - `Origin: null` (sandboxed frames, privacy redirects) and anything else: no.
 */
export function isOwnOrigin(request: Request, options: OriginOptions): boolean {
  const origin = request.headers.get("origin");
  if (origin === null) {
    const site = request.headers.get("sec-fetch-site");
    return site === null || site === "same-origin" || site === "none";
  }
  if (origin === new URL(options.baseUrl()).origin) return true;
  return options.publicBaseUrl === null && origin === new URL(request.url).origin;
}

/**
 * Refuses (403) every state-changing request that carries the session cookie, and every
 * sign-up, log-in and log-out (so no other site can log a browser into an account of its
 * choosing), unless it comes from this server's own origin. Registered once, for the whole app.
 */
export function sameOriginGuard(options: OriginOptions) {
  return new Elysia().onRequest(function refuseCrossSite({ request }) {
    if (SAFE_METHODS.has(request.method)) return;
    const guarded =
      requestCookie(request, SESSION_COOKIE) !== undefined || new URL(request.url).pathname.startsWith("/api/auth/");
    if (!guarded || isOwnOrigin(request, options)) return;
    return problemResponse(
      problem(
        403,
        "Cross-site request refused: state-changing dashboard requests must come from this server's own pages (the Origin header does not match).",
      ),
    );
  });
}
