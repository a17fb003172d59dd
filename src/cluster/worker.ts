import type { Config } from "../config.ts";
import { ipcStore, type ParentChannel } from "../http/rate-limit-ipc.ts";
import type { Logger } from "../log.ts";
import { startServer } from "../server.ts";
import { EXIT_PORT_IN_USE, type WorkerReady } from "./messages.ts";
import { PortInUseError } from "../http/port.ts";
import { stopOnSignals } from "./signals.ts";

/** Set by the primary on the processes it spawns: this process's index among the workers. */
/** Every line this worker logs carries its index and pid, so the shared stderr stays readable. */
function workerLogger(log: Logger, fields: Record<string, unknown>): Logger {
  return {
    debug: (msg, f) => log.debug(msg, { ...fields, ...f }),
    info: (msg, f) => log.info(msg, { ...fields, ...f }),
    warn: (msg, f) => log.warn(msg, { ...fields, ...f }),
    error: (msg, f) => log.error(msg, { ...fields, ...f }),
  };
}

/**
 * One worker of the cluster: the whole app on the primary's port (SO_REUSEPORT; the kernel spreads
 * connections over the workers), rate limits counted by the primary unless Redis is configured,
 * no outbox loop of its own (the primary is the one sender). Stops gracefully on SIGTERM from the
 * primary, and also when the primary is gone: a worker must not keep the port without it.
 * SIGINT is left to the primary, which a terminal's Ctrl-C reaches too.
 */
export async function runWorker(config: Config, baseLog: Logger, index: number): Promise<void> {
  const log = workerLogger(baseLog, { worker: index, pid: process.pid });
  const channel = process as unknown as ParentChannel;
  let countFallback = () => {};
  const rateLimitStore =
    config.rateLimits.enabled && !config.redisUrl
      ? ipcStore({ channel, log, onFallback: () => countFallback() })
      : undefined;
  let server: Awaited<ReturnType<typeof startServer>>;
  try {
    server = await startServer(config, log, { reusePort: true, prepared: true, rateLimitStore, mailDelivery: false });
  } catch (error) {
    if (!(error instanceof PortInUseError)) throw error;
    // The port was taken between the primary's check and this bind: the primary reports it.
    process.exit(EXIT_PORT_IN_USE);
  }
  const { ops } = server;
  countFallback = () => ops.metrics.rateLimitStoreFallbacks.inc();
  process.on("SIGINT", () => {});
  const shutdown = stopOnSignals(() => server.stop(), log, ["SIGTERM"]);
  process.on("disconnect", () => void shutdown("primary gone"));
  process.send!({ type: "ready", url: server.url } satisfies WorkerReady);
}
