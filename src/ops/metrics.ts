/**
 * A small Prometheus registry: counters, gauges and histograms with labels, rendered in the text
 * exposition format (version 0.0.4) at GET /metrics. One registry per app instance; features get
 * it from the app's deps and register their metric once (registering the same name again returns
 * the existing metric, so a module may simply ask for it where it needs it).
 *
 * @example
 * const sends = metrics.counter("email_sends_total", "E-mails handed to SMTP, by result.", ["result"]);
 * sends.inc({ result: "sent" });
 */
export type Labels = Record<string, string | number>;

type Sample = { labels: Labels; value: number };
/** Read at scrape time: a number for an unlabelled gauge, or labelled samples. */
export type Collect = () => number | Sample[] | null | Promise<number | Sample[] | null>;

function escapeLabel(v: string): string {
  return v.replace(/\\/g, "\\\\").replace(/\n/g, "\\n").replace(/"/g, '\\"');
}

function labelText(labels: Labels): string {
  const parts = Object.entries(labels).map(([k, v]) => `${k}="${escapeLabel(String(v))}"`);
  return parts.length ? `{${parts.join(",")}}` : "";
}

function keyOf(names: readonly string[], labels: Labels): string {
  return JSON.stringify(names.map((n) => String(labels[n] ?? "")));
}

function pick(names: readonly string[], labels: Labels): Labels {
  const out: Labels = {};
  for (const n of names) out[n] = labels[n] ?? "";
  return out;
}

function num(v: number): string {
  if (v === Infinity) return "+Inf";
  if (v === -Infinity) return "-Inf";
  return String(v);
}

// A scrape must answer even when a collector's source (the database) hangs.
const COLLECT_TIMEOUT_MS = 2000;

function withTimeout<T>(value: T | Promise<T>, ms: number): Promise<T> {
  let timer: Timer | undefined;
  return Promise.race([
    Promise.resolve(value),
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error("collector timed out")), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

abstract class Metric {
  constructor(
    readonly name: string,
    readonly help: string,
    readonly labelNames: readonly string[],
  ) {}
  abstract readonly type: "counter" | "gauge" | "histogram";
  abstract lines(): Promise<string[]>;
  header(): string[] {
    return [`# HELP ${this.name} ${this.help.replace(/\\/g, "\\\\").replace(/\n/g, "\\n")}`, `# TYPE ${this.name} ${this.type}`];
  }
}

export class Counter extends Metric {
  readonly type = "counter";
  private values = new Map<string, Sample>();
  inc(labels: Labels = {}, by = 1): void {
    const key = keyOf(this.labelNames, labels);
    const s = this.values.get(key);
    if (s) s.value += by;
    else this.values.set(key, { labels: pick(this.labelNames, labels), value: by });
  }
  /** The current value (tests and health checks). */
  get(labels: Labels = {}): number {
    return this.values.get(keyOf(this.labelNames, labels))?.value ?? 0;
  }
  async lines() {
    // An unlabelled counter shows 0 before its first event, so dashboards see it exists.
    if (this.values.size === 0 && this.labelNames.length === 0) return [`${this.name} 0`];
    return [...this.values.values()].map((s) => `${this.name}${labelText(s.labels)} ${num(s.value)}`);
  }
}

export class Gauge extends Metric {
  readonly type = "gauge";
  private values = new Map<string, Sample>();
  private collectors: Collect[] = [];
  set(labels: Labels, value: number): void {
    this.values.set(keyOf(this.labelNames, labels), { labels: pick(this.labelNames, labels), value });
  }
  inc(labels: Labels = {}, by = 1): void {
    const s = this.values.get(keyOf(this.labelNames, labels));
    this.set(labels, (s?.value ?? 0) + by);
  }
  dec(labels: Labels = {}, by = 1): void {
    this.inc(labels, -by);
  }
  get(labels: Labels = {}): number {
    return this.values.get(keyOf(this.labelNames, labels))?.value ?? 0;
  }
  /** Reads the value when /metrics is scraped; a collector that throws is left out of that scrape. */
  collect(fn: Collect): this {
    this.collectors.push(fn);
    return this;
  }
  async lines() {
    for (const fn of this.collectors) {
      try {
        const result = await withTimeout(fn(), COLLECT_TIMEOUT_MS);
        if (typeof result === "number") this.set({}, result);
        else if (result) for (const s of result) this.set(s.labels, s.value);
      } catch {
        // e.g. the database is down: the gauge is absent rather than wrong, and /metrics still answers.
        return [];
      }
    }
    return [...this.values.values()].map((s) => `${this.name}${labelText(s.labels)} ${num(s.value)}`);
  }
}

/** Default buckets for request latency, in seconds. */
export const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export class Histogram extends Metric {
  readonly type = "histogram";
  private series = new Map<string, { labels: Labels; counts: number[]; sum: number; count: number }>();
  constructor(name: string, help: string, labelNames: readonly string[], readonly buckets: readonly number[] = LATENCY_BUCKETS) {
    super(name, help, labelNames);
  }
  observe(labels: Labels, value: number): void {
    const key = keyOf(this.labelNames, labels);
    let s = this.series.get(key);
    if (!s) {
      s = { labels: pick(this.labelNames, labels), counts: this.buckets.map(() => 0), sum: 0, count: 0 };
      this.series.set(key, s);
    }
    this.buckets.forEach((b, i) => {
      if (value <= b) s.counts[i]++;
    });
    s.sum += value;
    s.count++;
  }
  async lines() {
    const out: string[] = [];
    for (const s of this.series.values()) {
      this.buckets.forEach((b, i) => out.push(`${this.name}_bucket${labelText({ ...s.labels, le: num(b) })} ${s.counts[i]}`));
      out.push(`${this.name}_bucket${labelText({ ...s.labels, le: "+Inf" })} ${s.count}`);
      out.push(`${this.name}_sum${labelText(s.labels)} ${s.sum}`);
      out.push(`${this.name}_count${labelText(s.labels)} ${s.count}`);
    }
    return out;
  }
}

const NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;

export class MetricsRegistry {
  private metrics = new Map<string, Metric>();

  private register<M extends Metric>(metric: M): M {
    if (!NAME.test(metric.name)) throw new Error(`Invalid metric name ${metric.name}`);
    const existing = this.metrics.get(metric.name);
    if (existing) {
      if (existing.type !== metric.type) throw new Error(`Metric ${metric.name} is already a ${existing.type}`);
      return existing as M;
    }
    this.metrics.set(metric.name, metric);
    return metric;
  }

  counter(name: string, help: string, labelNames: readonly string[] = []): Counter {
    return this.register(new Counter(name, help, labelNames));
  }

  gauge(name: string, help: string, labelNames: readonly string[] = []): Gauge {
    return this.register(new Gauge(name, help, labelNames));
  }

  histogram(name: string, help: string, labelNames: readonly string[] = [], buckets?: readonly number[]): Histogram {
    return this.register(new Histogram(name, help, labelNames, buckets));
  }

  /** The whole registry in Prometheus text format. */
  async render(): Promise<string> {
    const out: string[] = [];
    for (const m of this.metrics.values()) {
      const lines = await m.lines();
      if (lines.length) out.push(...m.header(), ...lines);
    }
    return `${out.join("\n")}\n`;
  }
}
