import type { Config } from "../config.ts";
import { createRateLimiter, type RateLimiter } from "../http/rate-limit.ts";
import type { WindowStore } from "../http/rate-limit-store.ts";
import type { Logger } from "../log.ts";
import { type AppMetrics, createAppMetrics } from "../metrics/app-metrics.ts";
import { createShutdownHooks, type ShutdownHooks } from "./shutdown.ts";

/**
 * What running in production needs, made once per app and handed to features in the app's deps:
 * metrics, the rate limiter (REST and MCP share its budgets) and shutdown hooks.
 */
export interface AppOps {
  metrics: AppMetrics;
  limiter: RateLimiter;
  shutdown: ShutdownHooks;
}

/** `store`: where rate limits are counted when not in this process or Redis (a cluster worker's IPC store). */
export function createOps(config: Config, log: Logger, store?: WindowStore): AppOps {
  const metrics = createAppMetrics();
  const limiter = createRateLimiter({
    settings: config.rateLimits,
    log,
    redisUrl: config.redisUrl,
    redisPrefix: config.redisPrefix,
    store,
    onReject: (budget) => metrics.rateLimitRejections.inc({ budget }),
    onFallback: () => metrics.rateLimitStoreFallbacks.inc(),
    onCircuit(open) {
      metrics.rateLimitCircuitOpen.set({}, open ? 1 : 0);
      if (open) metrics.rateLimitCircuitTrips.inc();
    },
  });
  metrics.rateLimitCircuitOpen.set({}, 0);
  return {
    metrics,
    limiter,
    shutdown: createShutdownHooks(log),
  };
}
