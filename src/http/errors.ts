import { Elysia } from "elysia";
import type { Logger } from "../log.ts";
import { HttpProblem, problem, problemResponse } from "./problem.ts";

// postgres.js and socket error codes that mean "the database cannot be reached right now".
const UNAVAILABLE = new Set([
  "CONNECTION_REFUSED",
  "CONNECTION_CLOSED",
  "CONNECTION_ENDED",
  "CONNECTION_DESTROYED",
  "CONNECT_TIMEOUT",
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "57P01",
  "57P03",
]);

export function isDatabaseUnavailable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && UNAVAILABLE.has(code);
}

/**
 * Turns every failure into an RFC 9457 problem: our own HttpProblems as they are, framework
 * errors (no route: 405 with Allow when the path exists for other methods, else 404; unparsable body) into their 4xx, a lost database into 503, and anything
 * else into a bare 500 whose details go to the log only: never a stack trace or SQL in a response.
 */
export function problemErrors(log: Logger, methodsAt: (pathname: string) => string[] = () => []) {
  return new Elysia({ name: "problem-errors" }).onError(
    { as: "global" },
    function renderProblem({ code, error, request }) {
      if (error instanceof HttpProblem) return problemResponse(error);
      if (code === "NOT_FOUND") {
        const pathname = new URL(request.url).pathname;
        const allow = methodsAt(pathname);
        if (allow.length && !allow.includes(request.method)) {
          return problemResponse(
            problem(
              405,
              `${pathname} does not take ${request.method}; it takes ${allow.join(", ")}. See /api/openapi.json.`,
              { headers: { allow: allow.join(", ") } },
            ),
          );
        }
        return problemResponse(
          problem(404, `There is no ${request.method} ${new URL(request.url).pathname} here. See /api/openapi.json.`),
        );
      }
      if (code === "PARSE") {
        return problemResponse(
          problem(400, "The request body is not valid JSON.", {
            errors: [{ field: "body", message: "is not valid JSON" }],
          }),
        );
      }
      if (isDatabaseUnavailable(error)) {
        log.error("database unavailable", { code: (error as { code: string }).code });
        return problemResponse(
          problem(503, "The database is unavailable; retry in a few seconds.", { headers: { "retry-after": "5" } }),
        );
      }
      log.error("unhandled error", { code: String(code), error: String((error as Error)?.stack ?? error) });
      return problemResponse(problem(500, "Something went wrong on our side. Retry later."));
    },
  );
}
