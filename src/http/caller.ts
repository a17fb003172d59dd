import { Elysia } from "elysia";
import type { Sql } from "../db/connect.ts";
import { checkApiKey, invalidKeyProblem } from "../keys/verify.ts";

/**
 * Resolves `apiKey` (the Bearer key check) once per request for the routes of the instance that
 * uses it; rate limits and handlers read that instead of checking the key again. A presented key
 * that is malformed, unknown or revoked ends the request with 401 everywhere: only a request with
 * no key at all is served anonymously.
 */
export function apiCaller(sql: Sql) {
  return new Elysia({ name: "api-caller" })
    .resolve({ as: "scoped" }, async function resolveApiKey({ request }) {
      return { apiKey: await checkApiKey(sql, request.headers.get("authorization")) };
    })
    .onBeforeHandle({ as: "scoped" }, function refuseInvalidKey({ apiKey }) {
      if (apiKey.kind === "invalid") throw invalidKeyProblem(apiKey.reason);
    });
}
