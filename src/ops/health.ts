import { Elysia } from "elysia";
import type { Registry } from "prom-client";
import type { Sql } from "../db/connect.ts";
import { problem } from "../http/problem.ts";
import { renderMetrics } from "../metrics/registry.ts";
import { within } from "./shutdown.ts";

/**
 * Operator endpoints, outside the agent contract:
 * - GET /healthz: the process is alive (never touches the database).
 * - GET /readyz: the database answers within 2 s and the server is not shutting down; else 503.
 * - GET /metrics: Prometheus text format.
 */
export function opsRoutes(deps: {
  sql: Sql;
  metrics: Registry;
  isDraining: () => boolean;
  rateLimitStore?: () => string;
}) {
  return new Elysia({ name: "ops-routes" })
    .get("/healthz", () => ({ status: "ok" }))
    .get("/readyz", async () => {
      if (deps.isDraining()) throw problem(503, "This instance is shutting down.");
      const check = deps.sql`select 1 as ok`;
      let ok = false;
      try {
        ok = await within(check, 2000);
      } catch {
        ok = false;
      }
      if (!ok) {
        // A check still waiting must not surface later as an unhandled rejection.
        check.catch(() => {});
        throw problem(503, "The database is unreachable; this instance cannot serve requests.", {
          headers: { "retry-after": "5" },
        });
      }
      // Detail only: rate limits counted locally (Redis away, circuit open) still serve correctly.
      return { status: "ready", database: "ok", rate_limit_store: deps.rateLimitStore?.() ?? "local" };
    })
    .get("/metrics", async () => {
      const { text, contentType } = await renderMetrics(deps.metrics);
      return new Response(text, { headers: { "content-type": contentType } });
    });
}
