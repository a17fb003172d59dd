import { Elysia } from "elysia";
import { bodyValidator, pathParameters } from "../contract/index.ts";
import { notLoggedIn } from "../accounts/session-user.ts";
import type { User } from "../accounts/users.ts";
import type { Pool } from "../db/connect.ts";
import type { Auth, Caller } from "../http/auth.ts";
import { readJsonBody, startReadingBody } from "../http/json-body.ts";
import { validationProblem } from "../http/problem.ts";
import type { KeyOwner } from "../keys/verify.ts";
import type { Logger } from "../log.ts";
import type { Resolver } from "./address-policy.ts";
import {
  authorizeKey,
  deleteWebhook,
  getWebhook,
  rotateWebhookSecret,
  setWebhook,
  type WebhookActor,
} from "./settings.ts";
import { checkWebhookUrl } from "./url.ts";

const setBody = bodyValidator("setWebhook");
const keyPath = pathParameters("getWebhook");

export interface WebhookRouteDeps {
  sql: Pool;
  log: Logger;
  auth: Auth<KeyOwner, User>;
  /** WEBHOOK_ALLOW_PRIVATE: http: and private addresses allowed. */
  allowPrivate: boolean;
  resolve: Resolver;
}

/**
 * A key's webhook: managed by the key itself (Bearer, its own id only) or by its account in the
 * dashboard (session cookie). The session wins when both come: it is the wider right.
 */
export function webhookRoutes(deps: WebhookRouteDeps) {
  const { sql, log } = deps;

  /** Who asks (401 if nobody) and about which key (400 if no id); not yet whether they may. */
  function identified(
    params: Record<string, string>,
    caller: Caller<KeyOwner>,
    user: User | null,
  ): { keyId: string; actor: WebhookActor } {
    const actor: WebhookActor | null = user
      ? { kind: "user", userId: user.id }
      : caller.owner
        ? { kind: "key", keyId: caller.owner.keyId }
        : null;
    if (!actor) throw notLoggedIn();
    const { id } = keyPath(params);
    if (id.length > 64) throw validationProblem([{ field: "id", message: "must be at most 64 characters" }]);
    return { keyId: id, actor };
  }

  /** Identified, and allowed to manage the key's webhook (403/404 otherwise). */
  async function authorized(
    params: Record<string, string>,
    caller: Caller<KeyOwner>,
    user: User | null,
  ): Promise<{ keyId: string; actor: WebhookActor }> {
    const who = identified(params, caller, user);
    await authorizeKey(sql, who.actor, who.keyId);
    return who;
  }

  const options = { apiKey: true, session: true } as const;
  return new Elysia({ prefix: "/api/agents/keys/:id/webhook" })
    .use(deps.auth.plugin)
    .onAfterHandle(function noStore({ set }) {
      // Two of these answers carry a secret shown once: none may sit in a cache.
      set.headers["cache-control"] = "no-store";
    })
    .get(
      "/",
      async ({ params, caller, user }) => getWebhook(sql, (await authorized(params, caller, user)).keyId),
      options,
    )
    .put(
      "/",
      async ({ params, caller, user, request, set }) => {
        // The body is checked before the key is looked up, as every body route checks it right after
        // the credential: a malformed request is the same 400 whichever key it names.
        const { keyId, actor } = identified(params, caller, user);
        const body = setBody(await readJsonBody(request));
        await authorizeKey(sql, actor, keyId);
        const url = await checkWebhookUrl(body.url, deps.allowPrivate, deps.resolve);
        const result = await setWebhook(sql, keyId, url);
        // The URL's host only: its path may hold a receiver's own token.
        log.info(result.created ? "webhook registered" : "webhook changed", {
          key_id: keyId,
          by: actor.kind,
          host: new URL(url).host,
        });
        set.status = result.created ? 201 : 200;
        return result.webhook;
      },
      { ...options, parse: "none", transform: ({ request }) => startReadingBody(request) },
    )
    .delete(
      "/",
      async ({ params, caller, user, set }) => {
        const { keyId, actor } = await authorized(params, caller, user);
        await deleteWebhook(sql, keyId);
        log.info("webhook removed", { key_id: keyId, by: actor.kind });
        set.status = 204;
      },
      options,
    )
    .post(
      "/secret",
      async ({ params, caller, user }) => {
        const { keyId, actor } = await authorized(params, caller, user);
        const rotated = await rotateWebhookSecret(sql, keyId);
        log.info("webhook secret rotated", { key_id: keyId, by: actor.kind });
        return rotated;
      },
      options,
    );
}
