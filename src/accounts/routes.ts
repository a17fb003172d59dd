import { type Cookie, Elysia } from "elysia";
import type { Sql } from "../db/connect.ts";
import type { Logger } from "../log.ts";
import type { Auth } from "../http/auth.ts";
import { requestCookie } from "../http/cookies.ts";
import { readJsonBody } from "../http/json-body.ts";
import { loginLimitReached } from "../http/limit-messages.ts";
import { limitProblem, problem } from "../http/problem.ts";
import { clearSessionCookie, requireUser, setSessionCookie } from "./session-user.ts";
import { SESSION_COOKIE, createSession, deleteSession } from "./sessions.ts";
import type { Passwords } from "./passwords.ts";
import type { AttemptWindow, LoginLimits } from "./throttle.ts";
import { authenticate, createUser, readCredentials, type User } from "./users.ts";

export interface AuthDeps<Owner extends { keyId: string }> {
  sql: Sql;
  log: Logger;
  /** Argon2id at the configured cost (PASSWORD_HASH_*). */
  passwords: Passwords;
  signup: "open" | "closed";
  publicBaseUrl: string | null;
  /** The session and the client address (the failed log-in budget is per address). */
  auth: Auth<Owner, User>;
  /** Login throttling, counted in the store every process shares (src/accounts/throttle.ts). */
  limits: LoginLimits;
}

const NO_STORE = { "cache-control": "no-store" };

function tooManyAttempts(scope: "address" | "account", window: AttemptWindow, seconds: number) {
  return limitProblem(loginLimitReached(scope, window.limit, Math.round(window.windowMs / 60_000), seconds));
}

/** Sign-up, log-in, log-out and "who am I" for the dashboard, on the `ed_session` cookie. */
export function authRoutes<Owner extends { keyId: string }>(deps: AuthDeps<Owner>) {
  const { sql, log } = deps;
  const { limits } = deps;
  const cookieOptions = { publicBaseUrl: deps.publicBaseUrl };
  // Every log-in gets a new token, and a session the browser already had ends: a token planted
  // before log-in is worth nothing after it.
  async function startSession(jar: Cookie<unknown>, userId: string, request: Request) {
    await deleteSession(sql, requestCookie(request, SESSION_COOKIE));
    setSessionCookie(jar, await createSession(sql, userId), request, cookieOptions);
  }
  return (
    new Elysia({ prefix: "/api/auth" })
      .use(deps.auth.plugin)
      .onAfterHandle(function noStore({ set }) {
        Object.assign(set.headers, NO_STORE);
      })
      // Bodies are read by hand (`parse: "none"`): capped as bytes arrive, depth-checked before parsing.
      .post(
        "/signup",
        async ({ cookie, request, server, set }) => {
          if (deps.signup === "closed") {
            throw problem(403, "Sign-up is closed on this server. Ask its operator for an account.");
          }
          const credentials = readCredentials(await readJsonBody(request));
          const address = deps.auth.addressOf(request, server);
          // A 409 tells whether an address is registered, so sign-up conflicts share the address's
          // budget of failed log-ins: nobody can probe the user list faster than they can guess passwords.
          const attempt = await limits.perAddress.take(address);
          if (attempt.retryAfterSeconds) throw tooManyAttempts("address", limits.perAddress, attempt.retryAfterSeconds);
          const user = await createUser(sql, deps.passwords, credentials);
          if (!user) throw problem(409, "This e-mail address is already registered. Log in instead.");
          await attempt.refund();
          await startSession(cookie[SESSION_COOKIE], user.id, request);
          log.info("account created", { user_id: user.id });
          set.status = 201;
          return user;
        },
        { parse: "none" },
      )
      .post(
        "/login",
        async ({ cookie, request, server }) => {
          const credentials = readCredentials(await readJsonBody(request));
          const address = deps.auth.addressOf(request, server);
          const byAddress = await limits.perAddress.take(address);
          if (byAddress.retryAfterSeconds)
            throw tooManyAttempts("address", limits.perAddress, byAddress.retryAfterSeconds);
          const byAccount = await limits.perAccount.take(credentials.email);
          if (byAccount.retryAfterSeconds) {
            await byAddress.refund();
            throw tooManyAttempts("account", limits.perAccount, byAccount.retryAfterSeconds);
          }
          const user = await authenticate(sql, deps.passwords, credentials);
          if (!user) {
            log.info("login failed", { address });
            throw problem(401, "The e-mail address or the password is wrong.");
          }
          await Promise.all([byAddress.refund(), byAccount.refund()]);
          await startSession(cookie[SESSION_COOKIE], user.id, request);
          log.info("logged in", { user_id: user.id });
          return user;
        },
        { parse: "none" },
      )
      .post("/logout", async ({ cookie, request, set }) => {
        await deleteSession(sql, requestCookie(request, SESSION_COOKIE));
        clearSessionCookie(cookie[SESSION_COOKIE], request, cookieOptions);
        set.status = 204;
        return null;
      })
      .get("/me", ({ user }) => requireUser(user), { session: true })
  );
}
