import type { Config } from "../config.ts";
import { startMailDelivery } from "../inquiries/delivery.ts";
import { webhookDelivery } from "../webhooks/delivery.ts";
import { createMailer } from "../inquiries/mailer.ts";
import { answerHit } from "../http/rate-limit-ipc.ts";
import { localStore } from "../http/rate-limit-store.ts";
import type { Logger } from "../log.ts";
import { prepareDatabase } from "../prepare-database.ts";
import { hintWhenEmpty } from "../ops/fill-hint.ts";
import { hostForUrl } from "../server.ts";
import { EXIT_PORT_IN_USE } from "./messages.ts";
import { claimFreePort, PortInUseError } from "../http/port.ts";
import { superviseWorkers } from "./supervisor.ts";
import { WORKER_ENV } from "./worker-index.ts";

/**
 * How to start this very program again as a worker. In the executable, process.execPath is the
 * executable and runs its own bundled entry point (its argv[1] is a virtual /$bunfs/ path);
 * under `bun src/main.ts` it is bun, which needs the script and its flags.
 */
export function workerCommand(): string[] {
  const compiled = Bun.main.startsWith("/$bunfs/") || Bun.main.includes("~BUN");
  return compiled ? [process.execPath, "serve"] : [process.execPath, ...process.execArgv, Bun.main, "serve"];
}

/**
 * The primary of WORKERS > 1: it checks the port is free (so reusePort cannot start a second
 * server beside another one), runs the migrations once, starts the workers on that port and keeps
 * them running, counts every worker's rate limits in its one in-process store (without Redis), and
 * is the one outbox and webhook sender. It serves no HTTP itself. Resolves, once every worker serves, with the
 * graceful stop of all; exits 1 by itself when the workers cannot be kept running.
 */
export async function runPrimary(config: Config, log: Logger): Promise<() => Promise<void>> {
  const port = claimFreePort(config.host, config.port);
  const { db } = await prepareDatabase(config, log);
  const store = config.rateLimits.enabled && !config.redisUrl ? localStore() : null;
  const workers = superviseWorkers({
    count: config.workers,
    command: workerCommand(),
    env: (index) => ({ ...process.env, [WORKER_ENV]: String(index), PORT: String(port) }),
    log,
    onMessage(message, worker) {
      if (store) answerHit(store, message, (answer) => worker.send(answer));
    },
    fatalExit: (code) => (code === EXIT_PORT_IN_USE ? new PortInUseError(port, config.host) : null),
  });
  // The workers first (their requests may still count rate limits here), then the outbox sender,
  // then the database it writes to.
  async function closeAll(timeoutMs: number, mail?: { stop(): Promise<void> }, webhooks?: { stop(): Promise<void> }) {
    const clean = await workers.stop(timeoutMs);
    await mail?.stop();
    await webhooks?.stop();
    store?.close();
    await db.close();
    return clean;
  }
  try {
    await Promise.race([workers.ready, workers.failed.then((error) => Promise.reject(error))]);
  } catch (error) {
    await closeAll(config.shutdownTimeoutMs);
    throw error;
  }
  log.info("listening", {
    url: `http://${hostForUrl(config.host)}:${port}`,
    workers: config.workers,
    worker_pids: workers.pids(),
    database: db.kind,
    rate_limit_store: store ? "primary" : config.redisUrl ? "redis" : "off",
  });
  await hintWhenEmpty(db, log);
  const mail = await startMailDelivery(createMailer(config.mail), config.mail, db.sql, log, {
    expiryDays: config.inquiryExpiryDays,
  });
  // No channel here: the sender looks every WEBHOOK_INTERVAL_MS.
  const webhooks = webhookDelivery({ sql: db.sql, log, config: config.webhooks });
  webhooks.start();
  let stopping: Promise<void> | undefined;
  function stop() {
    stopping ??= (async () => {
      log.info("stopping the workers", { workers: config.workers });
      // Workers get SHUTDOWN_TIMEOUT for their requests, then a little for their own closing.
      const clean = await closeAll(config.shutdownTimeoutMs + 7000, mail, webhooks);
      if (!clean) throw new Error("a worker did not stop cleanly");
      log.info("stopped");
    })();
    return stopping;
  }
  void workers.failed.then(async (error) => {
    log.error("the workers cannot be kept running; stopping", { error: error.message });
    await stop().catch(() => {});
    process.exit(1);
  });
  return stop;
}
