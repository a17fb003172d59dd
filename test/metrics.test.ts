import { describe, expect, it } from "bun:test";
import { createRegistry, renderMetrics, scrapedGauge } from "../src/metrics/registry.ts";

describe("gauges read at scrape time", () => {
  it("show what their readers return, replacing the last scrape's samples", async () => {
    const registry = createRegistry();
    const depth = scrapedGauge(registry, { name: "test_depth", help: "A depth." });
    const states = scrapedGauge(registry, { name: "test_states", help: "By state.", labelNames: ["state"] });
    let samples = [
      { labels: { state: "idle" }, value: 2 },
      { labels: { state: "active" }, value: 1 },
    ];
    depth.collect(() => 7);
    states.collect(async () => samples);
    let { text } = await renderMetrics(registry);
    expect(text).toMatch(/^test_depth 7$/m);
    expect(text).toMatch(/^test_states\{state="idle"\} 2$/m);
    samples = [{ labels: { state: "active" }, value: 3 }];
    ({ text } = await renderMetrics(registry));
    expect(text).toMatch(/^test_states\{state="active"\} 3$/m);
    expect(text).not.toContain('state="idle"');
  });

  it("have no sample, rather than a wrong one, while their source fails; the scrape still answers", async () => {
    const registry = createRegistry();
    scrapedGauge(registry, { name: "test_outbox", help: "Fails." }).collect(() => {
      throw new Error("database down");
    });
    scrapedGauge(registry, { name: "test_pool", help: "Fails too.", labelNames: ["state"] }).collect(async () => {
      throw new Error("database down");
    });
    const { text, contentType } = await renderMetrics(registry);
    expect(contentType).toStartWith("text/plain; version=0.0.4");
    expect(text).toContain("# TYPE test_outbox gauge");
    expect(text).not.toMatch(/^test_outbox /m);
    expect(text).not.toMatch(/^test_pool\{/m);
    expect(text).toMatch(/^process_cpu_seconds_total /m);
  });
});
