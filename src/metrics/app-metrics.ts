import { Counter, Gauge, Histogram } from "prom-client";
import { cacheMetrics } from "./cache-metrics.ts";
import { createRegistry, scrapedGauge } from "./registry.ts";

// Request latency, in seconds: 5 ms … 10 s (docs/operations.md).
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * The metrics every instance exports, made once per app and handed to features through the app's
 * deps (`deps.metrics`). A feature with a metric of its own registers it in `deps.metrics.registry`
 * (prom-client's `registers` option).
 */
export function createAppMetrics() {
  const registry = createRegistry();
  const registers = [registry];
  const metrics = {
    registry,
    httpRequests: new Counter({
      name: "http_requests_total",
      help: "HTTP requests answered, by method, route template and status.",
      labelNames: ["method", "route", "status"],
      registers,
    }),
    httpDuration: new Histogram({
      name: "http_request_duration_seconds",
      help: "Time to answer an HTTP request, by method and route template.",
      labelNames: ["method", "route"],
      buckets: LATENCY_BUCKETS,
      registers,
    }),
    rateLimitRejections: new Counter({
      name: "rate_limit_rejections_total",
      help: "Requests and MCP tool calls refused with 429, by budget.",
      labelNames: ["budget"],
      registers,
    }),
    rateLimitStoreFallbacks: new Counter({
      name: "rate_limit_store_fallbacks_total",
      help: "Rate-limit decisions taken by the local store because the shared store (Redis, or a worker's primary) failed.",
      registers,
    }),
    rateLimitCircuitOpen: new Gauge({
      name: "rate_limit_store_circuit_open",
      help: "1 while the Redis circuit breaker is open (rate limits counted in this process), else 0.",
      registers,
    }),
    rateLimitCircuitTrips: new Counter({
      name: "rate_limit_store_circuit_trips_total",
      help: "Times the Redis circuit breaker opened.",
      registers,
    }),
    loginThrottleFallbacks: new Counter({
      name: "login_throttle_store_fallbacks_total",
      help: "Log-in attempts counted in the database because Redis (REDIS_URL) failed.",
      registers,
    }),
    emailSends: new Counter({
      name: "email_sends_total",
      help: "E-mails handed to the SMTP server, by result (sent or failed).",
      labelNames: ["result"],
      registers,
    }),
    /** For the mail sender: one attempt's outcome. */
    countEmailAttempt: (sent: boolean) => metrics.emailSends.inc({ result: sent ? "sent" : "failed" }),
    outboxDepth: scrapedGauge(registry, { name: "outbox_depth", help: "E-mails waiting in the outbox to be sent." }),
    eventStreamsOpen: scrapedGauge(registry, {
      name: "event_streams_open",
      help: "Event streams (GET /api/sse, GET /api/mcp) this process holds open; bounded by MAX_STREAMS.",
    }),
    mcpSessionsOpen: scrapedGauge(registry, {
      name: "mcp_sessions_open",
      help: "MCP sessions currently open on this instance.",
    }),
    dbPoolMax: new Gauge({
      name: "db_pool_max",
      help: "Connections the database pool of this instance may open.",
      registers,
    }),
    dbPoolConnections: scrapedGauge(registry, {
      name: "db_pool_connections",
      help: "Open database connections of this process, by state (active, idle, …).",
      labelNames: ["state"],
    }),
    /** The in-memory caches' bounds and counters (`caches.watch(() => [lru.stats()])`). */
    caches: cacheMetrics(registry),
  };
  // Present from the first scrape, so a dashboard can tell "no e-mail yet" from "not exported".
  metrics.emailSends.inc({ result: "sent" }, 0);
  metrics.emailSends.inc({ result: "failed" }, 0);
  for (const budget of ["search", "profile", "availability", "mcp-session"])
    metrics.rateLimitRejections.inc({ budget }, 0);
  return metrics;
}

export type AppMetrics = ReturnType<typeof createAppMetrics>;
