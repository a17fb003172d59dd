import { afterAll, describe, expect, it } from "bun:test";
import type { Socket, TCPSocketListener } from "bun";
import { testRedisNamespace } from "./support/redis.ts";
import { createRateLimiter } from "../src/http/rate-limit.ts";
import { createLogger } from "../src/log.ts";

// Redis on 127.0.0.1:6379 is shared, so it is never stopped: a TCP relay of this test's own stands
// in front of it and is cut and restored instead.
function relay(target: number) {
  const port = 30000 + Math.floor(Math.random() * 20000);
  const open = new Set<Socket<any>>();
  let listener: TCPSocketListener<any> | undefined;
  function up() {
    listener = Bun.listen<{ upstream?: Socket<any>; pending: Uint8Array[] }>({
      hostname: "127.0.0.1",
      port,
      socket: {
        open(client) {
          client.data = { pending: [] };
          open.add(client);
          void Bun.connect<Socket<any>>({
            hostname: "127.0.0.1",
            port: target,
            socket: {
              open(upstream) {
                upstream.data = client;
                open.add(upstream);
                client.data.upstream = upstream;
                for (const chunk of client.data.pending) upstream.write(chunk);
              },
              data: (upstream, chunk) => void upstream.data.write(chunk),
              close: (upstream) => void upstream.data.end(),
              error: () => {},
            },
          });
        },
        data(client, chunk) {
          if (client.data.upstream) client.data.upstream.write(chunk);
          else client.data.pending.push(new Uint8Array(chunk));
        },
        close: (client) => void client.data.upstream?.end(),
        error: () => {},
      },
    });
  }
  function down() {
    listener?.stop(true);
    for (const s of open) s.end();
    open.clear();
  }
  up();
  return { url: `redis://127.0.0.1:${port}`, up, down };
}

const { prefix, redis, cleanup } = testRedisNamespace();
afterAll(cleanup);

describe("when Redis goes away and comes back", () => {
  it("falls back to the local store, says so once, and shares budgets again when Redis returns", async () => {
    const proxy = relay(6379);
    const lines: Record<string, any>[] = [];
    let fallbacks = 0;
    const limiter = createRateLimiter({
      settings: { enabled: true, windowSeconds: 60, budgets: { search: { anonymous: 1000, withKey: 1000 }, profile: { anonymous: 1, withKey: 1 }, availability: { anonymous: 1, withKey: 1 } } },
      log: createLogger("info", (l) => void lines.push(JSON.parse(l))),
      redisUrl: proxy.url,
      redisPrefix: prefix,
      onFallback: () => fallbacks++,
    });
    const who = { ip: "192.0.2.44", keyId: null };
    try {
      await limiter.ready();
      expect((await limiter.take("search", who)).remaining).toBe(999);
      expect(fallbacks).toBe(0);
      expect(await redis.send("ZCARD", [`${prefix}rl:search:ip:192.0.2.44`])).toBe(1);

      proxy.down();
      for (let i = 0; i < 3; i++) expect((await limiter.take("search", who)).allowed).toBe(true); // still serving
      expect(fallbacks).toBe(3);
      expect(lines.filter((l) => l.level === "warn" && l.msg.includes("Redis unavailable")).length).toBe(1);

      proxy.up();
      let decided = 0;
      for (let i = 0; i < 100; i++) {
        const before = fallbacks;
        await limiter.take("search", who);
        if (fallbacks === before) break; // decided by Redis again
        decided++;
        await Bun.sleep(50);
      }
      expect(decided).toBeLessThan(100);
      expect(lines.some((l) => l.level === "info" && l.msg.includes("Redis is reachable again"))).toBe(true);
      expect(await redis.send("ZCARD", [`${prefix}rl:search:ip:192.0.2.44`])).toBe(2); // the first and this one
    } finally {
      limiter.close();
      proxy.down();
    }
  });
});
