/**
 * Prometheus metrics through prom-client: each app instance has its own Registry (tests start
 * several apps in one process, each counting its own requests); the process metrics (CPU, memory,
 * event-loop lag, GC, file descriptors) are one registry per process, added to every scrape.
 *
 * @example
 * const sends = new Counter({ name: "email_sends_total", help: "…", labelNames: ["result"], registers: [metrics.registry] });
 * sends.inc({ result: "sent" });
 */
import { collectDefaultMetrics, Gauge, Registry } from "prom-client";

let processRegistry: Registry | null = null;

// Made on first use, once: collectDefaultMetrics starts an event-loop monitor each time it is called.
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/** A new registry of one app's metrics. */
export function createRegistry(): Registry {
  processMetrics();
  return new Registry();
}

/** The app's metrics and the process's, in Prometheus text format 0.0.4, with its content type. */
export async function renderMetrics(registry: Registry): Promise<{ text: string; contentType: string }> {
  const scrape = Registry.merge([registry, processMetrics()]);
  return { text: await scrape.metrics(), contentType: scrape.contentType };
}

export type Labels = Record<string, string | number>;

/** Read at scrape time: a number for an unlabelled gauge, or labelled samples. */
export type Reader = () =>
  | number
  | { labels: Labels; value: number }[]
  | null
  | Promise<number | { labels: Labels; value: number }[] | null>;

/** A gauge whose value is read from its source at each scrape (the outbox, the pool, the sessions). */
export interface ScrapedGauge {
  /** Adds a reader, run at each scrape; the app's features wire their own. */
  collect(read: Reader): void;
}

// A scrape must answer even when a reader's source (the database) hangs.
const READ_TIMEOUT_MS = 2000;

function withTimeout<T>(value: T | Promise<T>, ms: number): Promise<T> {
  let timer: Timer | undefined;
  return Promise.race([
    Promise.resolve(value),
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error("metrics reader timed out")), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

export function scrapedGauge(
  registry: Registry,
  config: { name: string; help: string; labelNames?: string[] },
): ScrapedGauge {
  const readers: Reader[] = [];
  const labelled = (config.labelNames ?? []).length > 0;
  const gauge: Gauge = new Gauge({
    ...config,
    registers: [registry],
    async collect() {
      // Samples are replaced at each scrape, so a state that disappeared from the source does too.
      gauge.reset();
      try {
        for (const result of await Promise.all(readers.map((read) => withTimeout(read(), READ_TIMEOUT_MS)))) {
          if (typeof result === "number") gauge.set(result);
          else for (const sample of result ?? []) gauge.set(sample.labels, sample.value);
        }
      } catch {
        // e.g. the database is down: the gauge has no sample rather than a wrong one (reset()
        // leaves an unlabelled gauge at 0), and /metrics still answers.
        gauge.reset();
        if (!labelled) gauge.remove({});
      }
    },
  });
  return { collect: (read) => void readers.push(read) };
}
