import { Elysia } from "elysia";
import type { User } from "../accounts/users.ts";
import type { Sql } from "../db/connect.ts";
import type { Auth } from "../http/auth.ts";
import { MAX_ACTIVE_KEYS, listApiKeys } from "../keys/service.ts";
import scriptPath from "./dashboard.js" with { type: "file" };
import webhookScriptPath from "./dashboard-webhook.js" with { type: "file" };
import { webhookDashboardPage } from "./webhook-dashboard.ts";
import { keysPage, loginPage, signupPage } from "./dashboard-pages.ts";
import type { Html } from "../html.ts";

// Pages that show account data must not be kept by any cache, nor framed by other sites.
const PAGE_HEADERS = {
  "content-type": "text/html; charset=utf-8",
  "cache-control": "no-store",
  "x-frame-options": "DENY",
  "referrer-policy": "same-origin",
};

function page(body: Html): Response {
  return new Response(`<!doctype html>\n${body.value}`, { headers: PAGE_HEADERS });
}

function seeOther(location: string): Response {
  return new Response(null, { status: 303, headers: { location, "cache-control": "no-store" } });
}

/** The account dashboard: log in, sign up and the API keys page, plus its one script file. */
export function dashboardRoutes<Owner extends { keyId: string }>(deps: {
  sql: Sql;
  signup: "open" | "closed";
  auth: Auth<Owner, User>;
}) {
  const signupOpen = deps.signup === "open";
  return new Elysia({ prefix: "/dashboard" })
    .get(
      "/app.js",
      () =>
        new Response(Bun.file(scriptPath), {
          headers: { "content-type": "text/javascript; charset=utf-8", "cache-control": "no-cache" },
        }),
    )
    .get(
      "/webhook.js",
      () =>
        new Response(Bun.file(webhookScriptPath), {
          headers: { "content-type": "text/javascript; charset=utf-8", "cache-control": "no-cache" },
        }),
    )
    .use(deps.auth.plugin)
    .get(
      "/",
      async ({ user }) => {
        if (!user) return seeOther("/dashboard/login");
        return page(keysPage(user.email, await listApiKeys(deps.sql, user.id), MAX_ACTIVE_KEYS));
      },
      { session: true },
    )
    .get(
      "/keys/:id/webhook",
      async ({ user, params }) => {
        if (!user) return seeOther("/dashboard/login");
        const body = await webhookDashboardPage(deps.sql, user, params.id);
        return body
          ? page(body)
          : new Response("No such API key in your account.", {
              status: 404,
              headers: { ...PAGE_HEADERS, "content-type": "text/plain; charset=utf-8" },
            });
      },
      { session: true },
    )
    .get("/login", ({ user }) => (user ? seeOther("/dashboard") : page(loginPage(signupOpen))), { session: true })
    .get("/signup", ({ user }) => (user ? seeOther("/dashboard") : page(signupPage(signupOpen))), { session: true });
}
