import type { Cookie } from "elysia";
import type { Sql } from "../db/connect.ts";
import { requestCookie } from "../http/cookies.ts";
import { problem } from "../http/problem.ts";
import { SESSION_COOKIE, SESSION_SECONDS, findSession } from "./sessions.ts";
import type { User } from "./users.ts";

export interface SessionCookieOptions {
  /** Public base URL of the server when the operator set one (https there makes the cookie Secure). */
  publicBaseUrl: string | null;
}

/** Secure when the page is served over https: directly, or behind a proxy whose public URL is https. */
function isSecure(request: Request, options: SessionCookieOptions): boolean {
  return new URL(request.url).protocol === "https:" || (options.publicBaseUrl?.startsWith("https:") ?? false);
}

/** Writes the session cookie: HttpOnly, SameSite=Lax, Path=/, Max-Age 30 days, Secure over https. */
export function setSessionCookie(
  cookie: Cookie<unknown>,
  token: string,
  request: Request,
  options: SessionCookieOptions,
) {
  cookie.set({
    value: token,
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    maxAge: SESSION_SECONDS,
    secure: isSecure(request, options),
  });
}

export function clearSessionCookie(cookie: Cookie<unknown>, request: Request, options: SessionCookieOptions) {
  cookie.set({
    value: "",
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    maxAge: 0,
    expires: new Date(0),
    secure: isSecure(request, options),
  });
}

/**
 * The logged-in account of a request (or null) from the `ed_session` cookie, renewing the cookie
 * when the session's expiry slid forward. The auth plugin's `session: true` calls it (src/app.ts).
 */
export function sessionLookup(sql: Sql, options: SessionCookieOptions) {
  return async function sessionUser(request: Request, jar: Record<string, Cookie<unknown>>): Promise<User | null> {
    // Read with the same parser as the CSRF guard (src/http/cookies.ts), never the framework's.
    const token = requestCookie(request, SESSION_COOKIE);
    const found = await findSession(sql, token);
    if (found?.renewed && token) setSessionCookie(jar[SESSION_COOKIE], token, request, options);
    return found?.user ?? null;
  };
}

/** The 401 of a dashboard operation without a live session. */
export function notLoggedIn() {
  return problem(401, "You are not logged in, or your session has expired. Log in at /dashboard/login.");
}

/** For operations that need a session: the user, or a 401 thrown. */
export function requireUser(user: User | null): User {
  if (!user) throw notLoggedIn();
  return user;
}
