import { isDatabaseUnavailable } from "../http/errors.ts";
import { pruneIdempotencyRecords } from "./idempotency.ts";
import { claimDueMail, type DeliveryDeps, deliverClaimed } from "./outbox.ts";

export interface OutboxWorkerOptions extends DeliveryDeps {
  /** Pause between looks at the outbox when the last one found nothing more to do. */
  intervalMs: number;
  /** Rows claimed per round (default 10). */
  batchSize?: number;
}

export interface OutboxWorker {
  /** One round: claim what is due, send it, record the outcomes. Returns how many were claimed. */
  runOnce(): Promise<number>;
  /** Stops the loop and waits for the round in progress, so the database can close after it. */
  stop(): Promise<void>;
}

const PRUNE_EVERY_MS = 10 * 60_000;

/**
 * The background sender: every `intervalMs` it claims due outbox rows (FOR UPDATE SKIP LOCKED,
 * so several instances share the work without sending anything twice), sends them together and
 * records sent_at or the error and the next try. A full batch is followed at once by another.
 * It also drops idempotency records past their 24 hours now and then.
 */
export function startOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const batchSize = options.batchSize ?? 10;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let current: Promise<unknown> = Promise.resolve();
  let lastPrune = 0;

  async function runOnce(): Promise<number> {
    if (Date.now() - lastPrune > PRUNE_EVERY_MS) {
      lastPrune = Date.now();
      await pruneIdempotencyRecords(options.sql);
    }
    const claimed = await claimDueMail(options.sql, batchSize);
    // All at once: each claimed row's lease starts now, so none may wait behind slow sends.
    await Promise.all(claimed.map((mail) => deliverClaimed(options, mail)));
    return claimed.length;
  }

  function schedule(delay: number) {
    if (stopped) return;
    timer = setTimeout(function outboxRound() {
      const round = runOnce().then(
        (claimed) => (claimed === batchSize ? 0 : options.intervalMs),
        (error) => {
          if (isDatabaseUnavailable(error))
            options.log.warn("outbox worker: database unavailable", { code: (error as { code: string }).code });
          else options.log.error("outbox worker failed", { error: String((error as Error)?.stack ?? error) });
          return options.intervalMs;
        },
      );
      current = round;
      void round.then(schedule);
    }, delay);
  }

  schedule(0);
  return {
    runOnce,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await current;
    },
  };
}
