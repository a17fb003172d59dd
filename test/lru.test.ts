import { describe, expect, it } from "bun:test";
import { Lru } from "../src/cache/lru.ts";

describe("the LRU cache", () => {
  it("drops the least recently used entry past its entry bound, and counts hits, misses and evictions", () => {
    const lru = new Lru<string, number>({ name: "t", maxEntries: 2 });
    lru.set("a", 1);
    lru.set("b", 2);
    expect(lru.get("a")).toBe(1); // a is now the most recent
    lru.set("c", 3);
    expect(lru.get("b")).toBeUndefined();
    expect(lru.get("a")).toBe(1);
    expect(lru.get("c")).toBe(3);
    expect(lru.stats()).toEqual({
      name: "t",
      entries: 2,
      maxEntries: 2,
      size: 2,
      maxSize: 2,
      hits: 3,
      misses: 1,
      evictions: 1,
    });
  });

  it("keeps the total weight within a size budget, oldest out first; an entry heavier than the budget is not kept", () => {
    const lru = new Lru<string, string>({ name: "bytes", maxEntries: 100, maxSize: 10, sizeOf: (v) => v.length });
    lru.set("a", "aaaa");
    lru.set("b", "bbbb");
    lru.set("c", "cccc"); // 12 > 10: a goes
    expect([lru.get("a"), lru.get("b"), lru.get("c")]).toEqual([undefined, "bbbb", "cccc"]);
    expect(lru.stats().size).toBe(8);
    lru.set("b", "b"); // replacing re-weighs
    expect(lru.stats().size).toBe(5);
    lru.set("huge", "x".repeat(11));
    expect(lru.get("huge")).toBeUndefined();
    expect(lru.stats()).toMatchObject({ entries: 0, size: 0, maxSize: 10 });
  });

  it("re-weighs an entry changed in place, evicting other entries to the budget", () => {
    const lru = new Lru<string, number[]>({ name: "maps", maxEntries: 100, maxSize: 6, sizeOf: (v) => v.length });
    const a = [1, 2];
    lru.set("a", a);
    lru.set("b", [1, 2]);
    lru.touch("a"); // b is now the oldest
    a.push(3, 4);
    lru.resized("a"); // 4 + 2 = 6: within
    expect(lru.stats().entries).toBe(2);
    a.push(5);
    lru.resized("a"); // 5 + 2 > 6: b goes
    expect(lru.touch("b")).toBeUndefined();
    expect(lru.stats()).toMatchObject({ entries: 1, size: 5, evictions: 1 });
  });

  it("counts lookups made inside an entry only when told (touch, record)", () => {
    const lru = new Lru<string, number>({ name: "t", maxEntries: 1 });
    lru.set("a", 1);
    lru.touch("a");
    lru.touch("zz");
    expect(lru.stats()).toMatchObject({ hits: 0, misses: 0 });
    lru.record(true);
    lru.record(false);
    expect(lru.stats()).toMatchObject({ hits: 1, misses: 1 });
  });

  it("never holds more than its bounds under many random keys", () => {
    const lru = new Lru<number, string>({ name: "t", maxEntries: 50, maxSize: 400, sizeOf: (v) => v.length });
    for (let i = 0; i < 10_000; i++) {
      lru.set(Math.floor(Math.random() * 1000), "x".repeat(1 + Math.floor(Math.random() * 20)));
      const s = lru.stats();
      expect(s.entries).toBeLessThanOrEqual(50);
      expect(s.size).toBeLessThanOrEqual(400);
    }
  });
});
