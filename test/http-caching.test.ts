import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { steadyWindow } from "./support/clock.ts";
import { expectContractResponse } from "./support/contract.ts";
import { startApp, type TestApp } from "./support/app.ts";
import { initializeMessage, MCP_HEADERS } from "./support/mcp.ts";

// ETag, If-None-Match → 304, Cache-Control and compression of the expert reads, over the wire.
// Fetched with decompress: false, so the test sees the bytes and headers the server sent.

let app: TestApp;
let slug: string;

beforeAll(async () => {
  // Its own instance: one test edits the directory, and another counts a rate-limit budget. The
  // budget is large: every look of afterWrite is a profile read, and on a busy machine a write's
  // notification can take dozens of them (a CI run drew a 429 from the old 50 a minute).
  app = await startApp({ env: { RATE_LIMITS: "on", RATE_LIMIT_PROFILE: "1000,1000" } });
  [{ slug }] = await app.sql<{ slug: string }[]>`
    select slug from experts e where is_public and is_verified and timezone is not null
      and exists (select 1 from schedule_slots s where s.expert_id = e.id) order by id limit 1`;
}, 120_000);

afterAll(() => app.stop());

async function raw(path: string, headers: Record<string, string> = {}, method = "GET") {
  const res = await fetch(`${app.url}${path}`, {
    method,
    headers: { "accept-encoding": "identity", ...headers },
    decompress: false,
  });
  const bytes = new Uint8Array(await res.arrayBuffer());
  return { status: res.status, headers: res.headers, bytes };
}

/**
 * The first answer to `path` that is no longer a 304 for `etag`. A write reaches the server's
 * remembered version over the shared channel (LISTEN/NOTIFY on a connection of its own), a few
 * milliseconds after it commits on a PostgreSQL server, so a read right after may still be
 * answered from before it (the bound is 1 s: src/experts/directory-version.ts). How soon
 * is not what these tests assert (a busy machine may take longer): looks bounded by a count, not
 * by a time; without the notification the remembered version never changes and 304 stays.
 */
async function afterWrite(path: string, etag: string) {
  for (let i = 0; ; i++) {
    const res = await raw(path, { "if-none-match": etag });
    if (res.status !== 304 || i === 1000) return res;
    await Bun.sleep(20);
  }
}

function decoded(res: { headers: Headers; bytes: Uint8Array }): string {
  const coding = res.headers.get("content-encoding");
  const bytes =
    coding === "br" ? brotliDecompressSync(res.bytes) : coding === "gzip" ? gunzipSync(res.bytes) : res.bytes;
  return new TextDecoder().decode(bytes);
}

const reads = () =>
  [
    ["search", "/api/agents/experts?limit=20"],
    ["profile", `/api/agents/experts/${slug}`],
    ["availability", `/api/agents/experts/${slug}/availability?${steadyWindow()}`],
  ] as const;

describe("ETag and If-None-Match", () => {
  it("gives search, profile and availability a strong ETag that is stable while the directory is", async () => {
    for (const [, path] of reads()) {
      const first = await raw(path);
      const second = await raw(path);
      expect(first.status).toBe(200);
      expect(first.headers.get("etag")).toMatch(/^"[0-9a-z]+"$/);
      expect(second.headers.get("etag")).toBe(first.headers.get("etag")!);
      expect(first.headers.get("vary")).toContain("Accept-Encoding");
      expectContractResponse("GET", path, 200, first.headers.get("content-type"), JSON.parse(decoded(first)));
    }
  });

  it("answers 304 with no body and the 200's ETag, Cache-Control and Vary when If-None-Match names the tag", async () => {
    for (const [, path] of reads()) {
      const full = await raw(path);
      const etag = full.headers.get("etag")!;
      const forms = [etag, `W/${etag}`, `"nope", ${etag}`, `W/"a,b",W/${etag}`, "*"];
      for (const ifNoneMatch of forms) {
        const res = await raw(path, { "if-none-match": ifNoneMatch });
        expect(res.status).toBe(304);
        expect(res.bytes.length).toBe(0);
        expect(res.headers.get("etag")).toBe(etag);
        expect(res.headers.get("cache-control")).toBe(full.headers.get("cache-control"));
        expect(res.headers.get("vary")).toBe(full.headers.get("vary"));
        expectContractResponse("GET", path, 304, res.headers.get("content-type"), "");
      }
    }
  });

  it("answers 200 when no listed tag matches or the header is malformed", async () => {
    const [, path] = reads()[1];
    const etag = (await raw(path)).headers.get("etag")!;
    for (const ifNoneMatch of ['"other"', etag.slice(1, -1), `"${etag}"`, "", "W/", '"unterminated']) {
      expect((await raw(path, { "if-none-match": ifNoneMatch })).status).toBe(200);
    }
  });

  it("still draws a 304 on the rate-limit budget", async () => {
    const [, path] = reads()[1];
    const full = await raw(path);
    const remaining = (h: Headers) => Number(/r=(\d+)/.exec(h.get("ratelimit") ?? "")?.[1]);
    const before = remaining(full.headers);
    const notModified = await raw(path, { "if-none-match": full.headers.get("etag")! });
    expect(notModified.status).toBe(304);
    expect(remaining(notModified.headers)).toBe(before - 1);
    expect(notModified.headers.get("ratelimit-policy")).toContain("q=1000");
  });

  it("changes the ETag of every read a write shows in, so the old tag no longer gets 304", async () => {
    const [{ name }] = await app.sql<{ name: string }[]>`select name from experts where slug = ${slug}`;
    const paths = [
      `/api/agents/experts?q=${encodeURIComponent(name)}`,
      ...reads()
        .slice(1)
        .map(([, path]) => path),
    ];
    const before = await Promise.all(paths.map((path) => raw(path)));
    expect(decoded(before[0])).toContain(slug);
    await app.sql`update experts set booking_buffer_minutes = coalesce(booking_buffer_minutes, 0) + 7,
      name = name || ' (edited)' where slug = ${slug}`;
    for (const [i, path] of paths.entries()) {
      const etag = before[i].headers.get("etag")!;
      const res = await afterWrite(path, etag);
      expect(res.status).toBe(200);
      expect(res.headers.get("etag")).not.toBe(etag);
    }
    const profile = JSON.parse(decoded(await raw(reads()[1][1])));
    expect(profile.name).toEndWith(" (edited)");
  });
});

describe("conditional requests answered from the directory version", () => {
  // Profile and availability 304s come from a remembered tag while the version holds; a write to
  // any table they read must bump it (sql/005, sql/015), or a stale answer would be confirmed.
  const writes = [
    [
      "services",
      "profile",
      (id: string) => app.sql`update services set title = title || ' (new)' where expert_id = ${id}`,
    ],
    ["subcategories", "profile", (id: string) => app.sql`delete from expert_subcategories where expert_id = ${id}`],
    [
      "schedule",
      "availability",
      (id: string) =>
        app.sql`update schedule_slots set end_time = end_time - interval '1 minute' where expert_id = ${id}`,
    ],
    ["schedule", "profile", (id: string) => app.sql`delete from schedule_slots where expert_id = ${id}`],
  ] as const;
  for (const [table, read, write] of writes) {
    it(`a write to the ${table} changes the ${read}'s answer, and its old tag gets it`, async () => {
      const [{ id, slug: other }] = await app.sql<{ id: string; slug: string }[]>`
        select e.id, e.slug from experts e where is_public and is_verified and timezone is not null and accepting_clients
          and exists (select 1 from schedule_slots s where s.expert_id = e.id)
          and exists (select 1 from services s where s.expert_id = e.id)
          and exists (select 1 from expert_subcategories s where s.expert_id = e.id)
        order by e.id offset ${writes.findIndex((w) => w[2] === write) + 1} limit 1`;
      const path =
        read === "profile"
          ? `/api/agents/experts/${other}`
          : `/api/agents/experts/${other}/availability?${steadyWindow(28)}`;
      const etag = (await raw(path)).headers.get("etag")!;
      expect((await raw(path, { "if-none-match": etag })).status).toBe(304); // remembered now
      expect((await raw(path, { "if-none-match": etag })).status).toBe(304); // from the version
      await write(id);
      const res = await afterWrite(path, etag);
      expect(res.status).toBe(200);
      expect(res.headers.get("etag")).not.toBe(etag);
      expect((await raw(path, { "if-none-match": res.headers.get("etag")! })).status).toBe(304);
    });
  }
});

describe("Cache-Control", () => {
  it("lets search and profile be reused for a minute and revalidated in the background", async () => {
    for (const [, path] of reads().slice(0, 2)) {
      expect((await raw(path)).headers.get("cache-control")).toBe("max-age=60, stale-while-revalidate=600");
    }
  });

  it("keeps availability's max-age within the next quarter hour and never serves it stale", async () => {
    // A window from now: its answer holds only until the next slot starts.
    const res = await raw(`/api/agents/experts/${slug}/availability`);
    const cacheControl = res.headers.get("cache-control")!;
    expect(cacheControl).toMatch(/^max-age=\d+$/);
    expect(Number(cacheControl.slice("max-age=".length))).toBeLessThanOrEqual(60);
  });
});

describe("compression", () => {
  it("compresses bodies over 1 KB with brotli, else gzip, and they decode to the same JSON", async () => {
    for (const [, path] of reads()) {
      const plain = await raw(path);
      if (plain.bytes.length < 1024) continue;
      for (const [accept, coding] of [
        ["gzip, deflate, br", "br"],
        ["gzip", "gzip"],
        ["br;q=0, gzip", "gzip"],
        ["*", "br"],
        ["gzip;q=1, br;q=0.5", "gzip"],
      ]) {
        const res = await raw(path, { "accept-encoding": accept });
        expect(res.headers.get("content-encoding")).toBe(coding);
        expect(res.bytes.length).toBeLessThan(plain.bytes.length);
        expect(decoded(res)).toBe(decoded(plain));
        expect(res.headers.get("etag")).toBe(plain.headers.get("etag")!.replace(/"$/, `-${coding}"`));
        expect((await raw(path, { "accept-encoding": accept, "if-none-match": res.headers.get("etag")! })).status).toBe(
          304,
        );
      }
    }
  });

  it("sends the identity body when not asked, when every coding is refused, and on HEAD", async () => {
    const [, path] = reads()[0];
    for (const headers of [
      {} as Record<string, string>,
      { "accept-encoding": "br;q=0, gzip;q=0" },
      { "accept-encoding": "*;q=0" },
      { "accept-encoding": "deflate" },
    ]) {
      const res = await raw(path, headers);
      expect(res.headers.get("content-encoding")).toBeNull();
      expect(() => JSON.parse(decoded(res))).not.toThrow();
    }
    const head = await raw(path, { "accept-encoding": "br" }, "HEAD");
    expect(head.status).toBe(200);
    expect(head.headers.get("content-encoding")).toBeNull();
  });

  it("leaves bodies under 1 KB alone", async () => {
    const path = "/api/agents/experts/no-such-expert-here";
    const res = await raw(path, { "accept-encoding": "br, gzip" });
    expect(res.status).toBe(404);
    expect(res.bytes.length).toBeLessThan(1024);
    expect(res.headers.get("content-encoding")).toBeNull();
    const small = await raw("/api/agents/experts?q=zzzzqqqxx&limit=1", { "accept-encoding": "br, gzip" });
    expect(small.bytes.length).toBeLessThan(1024);
    expect(small.headers.get("content-encoding")).toBeNull();
  });

  it("compresses other large text answers too: the contract, the directory page", async () => {
    const plain = await raw("/api/openapi.json");
    const res = await raw("/api/openapi.json", { "accept-encoding": "br" });
    expect(res.headers.get("content-encoding")).toBe("br");
    expect(res.headers.get("vary")).toContain("Accept-Encoding");
    expect(decoded(res)).toBe(decoded(plain));
    const page = await raw("/", { "accept-encoding": "gzip" });
    expect(page.headers.get("content-type")).toStartWith("text/html");
    expect(page.headers.get("content-encoding")).toBe("gzip");
    expect(decoded(page)).toContain("<!doctype html>");
  });

  it("leaves the MCP endpoints untouched", async () => {
    const res = await fetch(`${app.url}/api/mcp`, {
      method: "POST",
      headers: { ...MCP_HEADERS, "accept-encoding": "br, gzip" },
      body: JSON.stringify(initializeMessage()),
      decompress: false,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-encoding")).toBeNull();
    expect((await res.json()).result.serverInfo.name).toBe("expert-directory");
    const sse = await fetch(`${app.url}/api/sse`, {
      headers: { accept: "text/event-stream", "accept-encoding": "br, gzip" },
      decompress: false,
    });
    expect(sse.headers.get("content-encoding")).toBeNull();
    expect(sse.headers.get("content-type")).toStartWith("text/event-stream");
    await sse.body?.cancel();
  });
});
