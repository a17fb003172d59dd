import { Elysia } from "elysia";
import type { Logger } from "../log.ts";
import type { AppMetrics } from "../metrics/app-metrics.ts";
import type { ClientAddress } from "./client-ip.ts";

interface InFlight {
  id: string;
  started: number;
  ip: string;
  status?: number;
  done?: boolean;
}

const inFlight = new WeakMap<Request, InFlight>();

// Metric labels stay a small set even when a client invents methods.
const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

// An incoming X-Request-Id is kept when it is short and plain, so a proxy's id links its log
// lines to ours; anything else (long, spaces, control characters) is replaced.
const SANE_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** The id of a request, as sent back in X-Request-Id and logged (handlers may log it too). */
export function requestId(request: Request): string | undefined {
  return inFlight.get(request)?.id;
}

export interface RequestLogDeps {
  log: Logger;
  metrics: AppMetrics;
  /** The client address, read once per request (clientAddresses in client-ip.ts). */
  clientAddress: ClientAddress;
}

/**
 * One JSON log line and one metrics observation per request, and an X-Request-Id on every
 * response. It logs the route template (`/api/agents/experts/:slug`), never the raw URL, query
 * string or headers, so nothing a caller sends (keys, cookies, tokens) can reach the log.
 */
export function requestLog(deps: RequestLogDeps) {
  /** Ends a request's record; also called by plugins that answer in onRequest (413, preflight). */
  function finish(request: Request, route: string | undefined, status: number) {
    const info = inFlight.get(request);
    if (!info || info.done) return;
    info.done = true;
    const seconds = (performance.now() - info.started) / 1000;
    const label = route ?? "unmatched";
    const method = METHODS.has(request.method) ? request.method : "OTHER";
    deps.metrics.httpRequests.inc({ method, route: label, status });
    deps.metrics.httpDuration.observe({ method, route: label }, seconds);
    const fields = {
      request_id: info.id,
      method,
      route: label,
      status,
      duration_ms: Math.round(seconds * 100_000) / 100,
      client: info.ip,
    };
    if (status >= 500) deps.log.warn("request", fields);
    else deps.log.info("request", fields);
  }

  const plugin = new Elysia({ name: "request-log" })
    .onRequest(function startRequest({ request, server, set }) {
      const incoming = request.headers.get("x-request-id");
      const id = incoming && SANE_ID.test(incoming) ? incoming : crypto.randomUUID();
      inFlight.set(request, { id, started: performance.now(), ip: deps.clientAddress(request, server) });
      set.headers["x-request-id"] = id;
    })
    .mapResponse({ as: "global" }, function noteStatus({ request, responseValue, set }) {
      const info = inFlight.get(request);
      if (info)
        info.status =
          responseValue instanceof Response ? responseValue.status : typeof set.status === "number" ? set.status : 200;
    })
    .onAfterResponse({ as: "global" }, function logRequest({ request, route, set, responseValue }) {
      const info = inFlight.get(request);
      if (!info) return;
      const status =
        responseValue instanceof Response
          ? responseValue.status
          : (info.status ?? (route ? Number(set.status) || 200 : 404));
      finish(request, route || undefined, status);
    });
  return Object.assign(plugin, { finish });
}
