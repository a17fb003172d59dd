import { MetricsRegistry } from "./metrics.ts";

/**
 * The metrics every instance exports, made once per app and handed to features through the app's
 * deps (`deps.metrics`). Features with a metric of their own call `deps.metrics.registry.counter(…)`.
 */
export function createAppMetrics() {
  const registry = new MetricsRegistry();
  const metrics = {
    registry,
    httpRequests: registry.counter("http_requests_total", "HTTP requests answered, by method, route template and status.", ["method", "route", "status"]),
    httpDuration: registry.histogram("http_request_duration_seconds", "Time to answer an HTTP request, by method and route template.", ["method", "route"]),
    rateLimitRejections: registry.counter("rate_limit_rejections_total", "Requests and MCP tool calls refused with 429, by budget.", ["budget"]),
    rateLimitStoreFallbacks: registry.counter("rate_limit_store_fallbacks_total", "Rate-limit decisions taken by the local store because Redis failed."),
    rateLimitCircuitOpen: registry.gauge("rate_limit_store_circuit_open", "1 while the Redis circuit breaker is open (rate limits counted in this process), else 0."),
    rateLimitCircuitTrips: registry.counter("rate_limit_store_circuit_trips_total", "Times the Redis circuit breaker opened."),
    emailSends: registry.counter("email_sends_total", "E-mails handed to the SMTP server, by result (sent or failed).", ["result"]),
    /** For the mail sender: one attempt's outcome. */
    countEmailAttempt: (sent: boolean) => metrics.emailSends.inc({ result: sent ? "sent" : "failed" }),
    outboxDepth: registry.gauge("outbox_depth", "E-mails waiting in the outbox to be sent."),
    mcpSessionsOpen: registry.gauge("mcp_sessions_open", "MCP sessions currently open on this instance."),
    dbPoolMax: registry.gauge("db_pool_max", "Connections the database pool of this instance may open."),
    dbPoolConnections: registry.gauge("db_pool_connections", "Open database connections of this process, by state (active, idle, …).", ["state"]),
  };
  // Present from the first scrape, so a dashboard can tell "no e-mail yet" from "not exported".
  metrics.emailSends.inc({ result: "sent" }, 0);
  metrics.emailSends.inc({ result: "failed" }, 0);
  for (const budget of ["search", "profile", "availability"]) metrics.rateLimitRejections.inc({ budget }, 0);
  return metrics;
}

export type AppMetrics = ReturnType<typeof createAppMetrics>;
