import { afterAll, describe, expect, it } from "bun:test";
import { createServer, type Server } from "node:net";
import postgres from "postgres";
import { freePort } from "./support/free-port.ts";
import { createPostgresCluster, type PostgresCluster } from "./support/postgres-cluster.ts";

// The test clusters' own PostgreSQL (support/postgres-cluster.ts), on a port some other server holds.
let holder: Server | undefined;
let cluster: PostgresCluster | undefined;
afterAll(() => {
  cluster?.remove();
  holder?.close();
});

describe("a test's PostgreSQL cluster", () => {
  it("starts on another port when its first is taken, and answers there", async () => {
    holder = createServer();
    await new Promise<void>((resolve) => holder!.listen(0, "127.0.0.1", resolve));
    const taken = (holder.address() as { port: number }).port;
    const free = await freePort();
    const tried: number[] = [];
    cluster = createPostgresCluster({
      ports: () => {
        tried.push(tried.length === 0 ? taken : free);
        return tried.at(-1)!;
      },
    });
    expect(tried).toEqual([taken, free]);
    expect(cluster.port).toBe(free);
    expect(cluster.url).toBe(`postgres://postgres@127.0.0.1:${free}/postgres`);
    const sql = postgres(cluster.url, { max: 1, onnotice: () => {} });
    try {
      expect((await sql`select 1 as one`)[0]?.one).toBe(1);
    } finally {
      await sql.end();
    }
  }, 60_000);
});
