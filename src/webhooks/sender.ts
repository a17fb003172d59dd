import type { WebhookConfig } from "../config.ts";
import type { Sql } from "../db/connect.ts";
import { isDatabaseUnavailable } from "../http/errors.ts";
import type { Logger } from "../log.ts";
import type { Resolver } from "./address-policy.ts";
import { claimDueEvents, deliverEvent, type EventDeliveryDeps, pruneEvents } from "./outbox.ts";
import { postWebhook } from "./post.ts";

export interface WebhookSender {
  /** One round: claim what is due, send it, record the outcomes. Returns how many were claimed. */
  runOnce(): Promise<number>;
  /** Look now rather than at the next interval (a status changed). */
  wake(): void;
  /** Stops the loop and waits for the round in progress, so the database can close after it. */
  stop(): Promise<void>;
}

const BATCH = 10;
const PRUNE_EVERY_MS = 60 * 60_000;

export interface WebhookSenderOptions {
  sql: Sql;
  log: Logger;
  config: WebhookConfig;
  resolve: Resolver;
  /** Replaces postWebhook (tests). */
  post?: EventDeliveryDeps["post"];
}

/**
 * The background sender of webhook events, the twin of the e-mail outbox worker
 * (src/inquiries/worker.ts): claims with leases, so any number of senders on any number of
 * instances never POST one event at the same time; a cluster runs one, in its primary. Every
 * `intervalMs`, and at once when woken; a full batch is followed at once by another.
 */
export function startWebhookSender(options: WebhookSenderOptions): WebhookSender {
  const { config } = options;
  const deps: EventDeliveryDeps = {
    sql: options.sql,
    log: options.log,
    retryBaseMs: config.retryBaseMs,
    post: options.post ?? postWebhook,
    postOptions: { allowPrivate: config.allowPrivate, resolve: options.resolve, timeoutMs: config.timeoutMs },
  };
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let lastPrune = 0;

  async function runOnce(): Promise<number> {
    if (Date.now() - lastPrune > PRUNE_EVERY_MS) {
      lastPrune = Date.now();
      await pruneEvents(options.sql);
    }
    const claimed = await claimDueEvents(options.sql, BATCH);
    await Promise.all(claimed.map((event) => deliverEvent(deps, event)));
    return claimed.length;
  }

  function round() {
    clearTimeout(timer);
    if (stopped) return;
    if (running) {
      again = true; // woken mid-round: look once more right after it
      return;
    }
    running = runOnce()
      .then(
        (claimed) => (claimed === BATCH ? 0 : config.intervalMs),
        (error) => {
          if (isDatabaseUnavailable(error))
            options.log.warn("webhook sender: database unavailable", { code: (error as { code: string }).code });
          else options.log.error("webhook sender failed", { error: String((error as Error)?.stack ?? error) });
          return config.intervalMs;
        },
      )
      .then((delay) => {
        running = undefined;
        const next = again ? 0 : delay;
        again = false;
        if (!stopped) timer = setTimeout(round, next);
      });
  }

  round();
  return {
    runOnce,
    wake: () => round(),
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
