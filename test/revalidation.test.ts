import { describe, expect, it } from "bun:test";
import { revalidation, revalidationCache } from "../src/http/revalidation.ts";

// The remembered tags in-process: when the answer is built and when a 304 comes from the version
// alone. test/http-caching.test.ts covers the same over the wire against real writes.

function setup() {
  let version = 1;
  let builds = 0;
  let holdsUntil: number | null = null;
  const revalidated = revalidation({ version: async () => String(version), cache: revalidationCache(2) });
  const ask = (path: string, ifNoneMatch?: string) =>
    revalidated(
      new Request(`http://x${path}`, { headers: ifNoneMatch ? { "if-none-match": ifNoneMatch } : {} }),
      async () => {
        builds++;
        return { body: { path, version }, policy: { maxAge: 60 }, holdsUntil };
      },
    );
  return {
    ask,
    builds: () => builds,
    write: () => version++,
    setHoldsUntil: (t: number | null) => (holdsUntil = t),
  };
}

describe("revalidation", () => {
  it("answers a repeated conditional request 304 without building the answer again", async () => {
    const s = setup();
    const etag = (await s.ask("/a")).headers.get("etag")!;
    expect((await s.ask("/a", etag)).status).toBe(304); // built once more, and remembered
    const built = s.builds();
    for (let i = 0; i < 3; i++) expect((await s.ask("/a", etag)).status).toBe(304);
    expect(s.builds()).toBe(built);
  });

  it("builds again after a write, and the old tag then gets the new answer", async () => {
    const s = setup();
    const etag = (await s.ask("/a")).headers.get("etag")!;
    await s.ask("/a", etag);
    s.write();
    const res = await s.ask("/a", etag);
    expect(res.status).toBe(200);
    expect(res.headers.get("etag")).not.toBe(etag);
    expect(await res.json()).toEqual({ path: "/a", version: 2 });
  });

  it("keeps URLs apart, query included, and forgets the least recently used", async () => {
    const s = setup();
    const a = (await s.ask("/a")).headers.get("etag")!;
    expect((await s.ask("/a?locale=ja", a)).status).toBe(200);
    await s.ask("/a", a);
    await s.ask("/b", '"x"');
    await s.ask("/c", '"x"');
    const before = s.builds();
    expect((await s.ask("/a", a)).status).toBe(304); // evicted: built again, still 304 by its hash
    expect(s.builds()).toBe(before + 1);
  });

  it("builds again once the answer's holdsUntil has passed, and cuts max-age to it", async () => {
    const s = setup();
    const holdsUntil = Date.now() + 30_500;
    s.setHoldsUntil(holdsUntil);
    const first = await s.ask("/a");
    const askedBy = Date.now();
    // Cut from 60 to what is left of the 30.5 s, however long the ask took on a loaded machine.
    const maxAge = Number(/^max-age=(\d+)$/.exec(first.headers.get("cache-control")!)![1]);
    expect(maxAge).toBeLessThanOrEqual(30);
    expect(maxAge).toBeGreaterThanOrEqual(Math.floor((holdsUntil - askedBy) / 1000));
    const etag = first.headers.get("etag")!;
    await s.ask("/a", etag);
    const built = s.builds();
    expect((await s.ask("/a", etag)).status).toBe(304);
    expect(s.builds()).toBe(built);
    s.setHoldsUntil(Date.now() + 50);
    s.write();
    await s.ask("/a", etag); // remembered anew, holding for 50 ms
    const rebuilt = s.builds();
    await Bun.sleep(60);
    await s.ask("/a", etag);
    expect(s.builds()).toBe(rebuilt + 1);
  });

  it("does not read the version for a plain request", async () => {
    let reads = 0;
    const revalidated = revalidation({ version: async () => String(++reads) });
    await revalidated(new Request("http://x/a"), async () => ({ body: {}, policy: { maxAge: 1 }, holdsUntil: null }));
    expect(reads).toBe(0);
  });
});
