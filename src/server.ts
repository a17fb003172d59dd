import { createAttemptStore } from "./accounts/attempts.ts";
import { createApp } from "./app.ts";
import type { Config } from "./config.ts";
import { type Channel, openChannel } from "./db/channel.ts";
import { type Database, openDatabase } from "./db/connect.ts";
import { pushedDirectoryVersion } from "./experts/directory-version.ts";
import { forgetEarlierStreams } from "./mcp/sse-relay.ts";
import { seedDemoIfNeverFilled } from "./demo/seed.ts";
import { prepareDatabase } from "./prepare-database.ts";
import { startMailDelivery } from "./inquiries/delivery.ts";
import { webhookDelivery } from "./webhooks/delivery.ts";
import { createMailer } from "./inquiries/mailer.ts";
import type { Logger } from "./log.ts";
import { CHUNKED_BODY_CAP } from "./http/body-limit.ts";
import { collectGauges } from "./ops/collect.ts";
import { createOps, type AppOps } from "./ops/ops.ts";
import { hintWhenEmpty } from "./ops/fill-hint.ts";
import { type ShutdownHooks, within } from "./ops/shutdown.ts";
import { isAddressInUse, PortInUseError } from "./http/port.ts";
import type { WindowStore } from "./http/rate-limit-store.ts";

export interface RunningServer {
  /** Where it listens, e.g. http://127.0.0.1:3000 */
  url: string;
  db: Database;
  /** This process's end of the shared channel (src/db/channel.ts). */
  channel: Channel;
  /** Metrics, rate limiter, shutdown hooks of this instance. */
  ops: AppOps;
  /** Registers work to do at shutdown (see ShutdownHooks in src/ops/shutdown.ts). */
  onShutdown: ShutdownHooks["onShutdown"];
  /** HTTP requests being answered right now. */
  inFlight(): number;
  /**
   * Graceful stop: stop accepting, let requests in flight finish (at most SHUTDOWN_TIMEOUT, then
   * they are cut), run the shutdown hooks, close the rate-limit store and the database.
   * Calling it again returns the same promise.
   */
  stop(): Promise<void>;
}

/** How one process serves: alone (the defaults), or as one worker of a cluster (src/cluster/). */
export interface ServeOptions {
  /**
   * Listen with SO_REUSEPORT beside the other workers, on the port the primary checked was free.
   * Without it a port someone already listens on is a PortInUseError, never a second server.
   */
  reusePort?: boolean;
  /** The primary ran the migrations and readied search already: only open the database. */
  prepared?: boolean;
  /** Where rate limits are counted instead of this process (a worker asks the primary). */
  rateLimitStore?: WindowStore;
  /** Run the outbox worker and the webhook sender here (default true); a cluster runs one of each, in the primary. */
  mailDelivery?: boolean;
  /** The clock of the inquiry expiry sweep (default the system's; tests move it days ahead). */
  clock?: () => Date;
  /** Count the statements the database is sent (Database.statementsSent; for tests, it costs per query). */
  countStatements?: boolean;
}

/** The host part of a URL for a listen address: brackets for IPv6, localhost for every interface. */
export function hostForUrl(host: string): string {
  if (host === "0.0.0.0" || host === "::") return "localhost";
  return host.includes(":") ? `[${host}]` : host;
}

/**
 * Starts the whole service: database, migrations, the demo directory when an embedded database was
 * never filled (seeded or imported into; see seedDemoIfNeverFilled), then the HTTP server.
 */
export async function startServer(config: Config, log: Logger, options: ServeOptions = {}): Promise<RunningServer> {
  const { db } = options.prepared
    ? {
        db: await openDatabase({
          databaseUrl: config.databaseUrl,
          dataDir: config.dataDir,
          countStatements: options.countStatements,
        }),
      }
    : await prepareDatabase(config, log, { countStatements: options.countStatements });
  if (db.kind === "embedded") {
    const started = async () => {
      const seeded = await seedDemoIfNeverFilled(db.sql);
      await forgetEarlierStreams(db.sql);
      return seeded;
    };
    const result = await started().catch(async (error) => {
      await db.close();
      throw error;
    });
    if (result) log.info("demo directory loaded into the new embedded database", result);
  }
  let baseUrl = config.publicBaseUrl ?? "";
  const ops = createOps(config, log, options.rateLimitStore);
  await ops.limiter.ready();
  collectGauges(ops.metrics, db);
  const mailer = createMailer(config.mail);
  const loginAttempts = createAttemptStore({
    sql: db.sql,
    log,
    redisUrl: config.redisUrl,
    redisPrefix: config.redisPrefix,
    onFallback: () => ops.metrics.loginThrottleFallbacks.inc(),
  });
  await loginAttempts.ready();
  // One listening connection per process; what rides on it registers before it starts.
  const channel = openChannel(db.notifications, { log });
  const directoryVersion = pushedDirectoryVersion(db.sql, channel);
  const webhooks = webhookDelivery({ sql: db.sql, log, config: config.webhooks, channel });
  const app = createApp({
    config,
    db,
    log,
    baseUrl: () => baseUrl,
    ops,
    mailer,
    loginAttempts,
    channel,
    directoryVersion,
  });
  // Not awaited on a server that is down: the channel keeps retrying, and until it listens every
  // request reads the version from the database, as without it.
  await Promise.race([channel.start(), Bun.sleep(5000)]);
  // A declared body over MAX_BODY_BYTES gets a 413 problem from bodyLimit(); Bun's own cap (a bare
  // 413 before any handler) is the backstop for chunked bodies, which declare no length.
  try {
    app.listen({
      port: config.port,
      hostname: config.host,
      maxRequestBodySize: CHUNKED_BODY_CAP,
      reusePort: options.reusePort ?? false,
    });
  } catch (error) {
    ops.limiter.close();
    loginAttempts.close();
    await channel.close();
    await db.close();
    throw isAddressInUse(error) ? new PortInUseError(config.port, config.host) : error;
  }
  const port = app.server!.port;
  const url = `http://${hostForUrl(config.host)}:${port}`;
  baseUrl = config.publicBaseUrl ?? url;
  log.info("listening", {
    url,
    database: db.kind,
    public_base_url: baseUrl,
    login_throttle_store: loginAttempts.status(),
  });
  // Once per start: a worker of a cluster leaves it to the primary, which prepared the database.
  if (!options.prepared) await hintWhenEmpty(db, log);
  if (options.mailDelivery ?? true) {
    const timers = { expiryDays: config.inquiryExpiryDays, clock: options.clock };
    const mail = await startMailDelivery(mailer, config.mail, db.sql, log, timers, ops.metrics.countEmailAttempt);
    ops.shutdown.onShutdown("outbox worker and expiry sweep", () => mail.stop()); // "close" phase: before the database closes
    // The webhook sender goes with the e-mail sender: one per cluster, in the primary.
    webhooks.start();
    ops.shutdown.onShutdown("webhook sender", () => webhooks.stop());
  }
  let stopping: Promise<void> | undefined;
  async function gracefulStop() {
    const started = performance.now();
    const server = app.server!;
    ops.shutdown.begin();
    log.info("shutting down: no new connections; finishing requests in flight", { in_flight: server.pendingRequests });
    const drainHooks = ops.shutdown.run("drain", config.shutdownTimeoutMs);
    if (!(await within(server.stop(false), config.shutdownTimeoutMs))) {
      log.warn("requests still in flight at the shutdown timeout; closing them", {
        timeout_ms: config.shutdownTimeoutMs,
      });
      // Bun's promise waits for the handlers too, which may be stuck on the database: don't.
      await within(server.stop(true), 1000);
    }
    await drainHooks;
    await ops.shutdown.run("close", config.shutdownTimeoutMs);
    ops.limiter.close();
    loginAttempts.close();
    await channel.close();
    await db.close();
    log.info("stopped", { duration_ms: Math.round(performance.now() - started) });
  }
  return {
    url,
    db,
    channel,
    ops,
    onShutdown: ops.shutdown.onShutdown,
    inFlight: () => app.server?.pendingRequests ?? 0,
    stop() {
      stopping ??= gracefulStop();
      return stopping;
    },
  };
}
