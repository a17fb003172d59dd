import { Elysia } from "elysia";
import { bodyValidator, pathParameters } from "../contract/index.ts";
import { requireUser } from "../accounts/session-user.ts";
import type { User } from "../accounts/users.ts";
import type { Pool } from "../db/connect.ts";
import type { Auth } from "../http/auth.ts";
import { readJsonBody, startReadingBody } from "../http/json-body.ts";
import { validationProblem } from "../http/problem.ts";
import type { Logger } from "../log.ts";
import { issueApiKey, listApiKeys, revokeApiKey } from "./service.ts";

const createBody = bodyValidator("createApiKey");
const revokePath = pathParameters("revokeApiKey");

/** A key's name, trimmed; blank after trimming is a 400 like an empty one. */
function keyName(body: unknown): string {
  const name = createBody(body).name.trim();
  if (!name) throw validationProblem([{ field: "name", message: "must not be blank" }]);
  return name;
}

/** The dashboard's key management: list, create, revoke, all for the session's own account. */
export function keyRoutes<Owner extends { keyId: string }>(deps: { sql: Pool; log: Logger; auth: Auth<Owner, User> }) {
  const { sql, log } = deps;
  return (
    new Elysia({ prefix: "/api/agents/keys" })
      .use(deps.auth.plugin)
      .onAfterHandle(function noStore({ set }) {
        // Above all the one response that carries a plaintext key must not sit in any cache.
        set.headers["cache-control"] = "no-store";
      })
      .get("/", async ({ user }) => ({ keys: await listApiKeys(sql, requireUser(user).id) }), { session: true })
      // The body is read by hand (`parse: "none"`): capped as bytes arrive, depth-checked before parsing.
      .post(
        "/",
        async ({ request, set, user }) => {
          const owner = requireUser(user);
          const created = await issueApiKey(sql, owner.id, keyName(await readJsonBody(request)));
          log.info("api key created", { user_id: owner.id, key_id: created.id, key_prefix: created.key_prefix });
          set.status = 201;
          return created;
        },
        { session: true, parse: "none", transform: ({ request }) => startReadingBody(request) },
      )
      .delete(
        "/:id",
        async ({ params, user }) => {
          const owner = requireUser(user);
          const { id } = revokePath(params);
          if (id.length > 64) throw validationProblem([{ field: "id", message: "must be at most 64 characters" }]);
          const revoked = await revokeApiKey(sql, owner.id, id);
          log.info("api key revoked", { user_id: owner.id, key_id: revoked.id, key_prefix: revoked.key_prefix });
          return revoked;
        },
        { session: true },
      )
  );
}
