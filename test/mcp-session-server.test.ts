import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { startApp, type TestApp } from "./support/app.ts";
import { initializeMessage, MCP_HEADERS } from "./support/mcp.ts";
import { expectSchema } from "./support/contract.ts";

// /api/mcp keeps one server per session in each process and hands a session's POSTs straight to
// it (src/mcp/session-server.ts). What a client sees must not change: every request answered
// with its own id, batches as arrays, notifications with 202, the same id twice at once both
// answered, and a session ended on DELETE.

let app: TestApp;
let session: Record<string, string>;

const post = (body: unknown, headers: Record<string, string> = session) =>
  fetch(`${app.url}/api/mcp`, { method: "POST", headers: { ...MCP_HEADERS, ...headers }, body: JSON.stringify(body) });
const search = (id: number, q: string) => ({
  jsonrpc: "2.0",
  id,
  method: "tools/call",
  params: { name: "search_experts", arguments: { q, limit: 2 } },
});

beforeAll(async () => {
  app = await startApp({ countStatements: true });
  const init = await post(initializeMessage(), {});
  expect(init.status).toBe(200);
  session = { "mcp-session-id": init.headers.get("mcp-session-id")!, "mcp-protocol-version": "2025-06-18" };
  expect((await post({ jsonrpc: "2.0", method: "notifications/initialized" })).status).toBe(202);
}, 120_000);

afterAll(async () => {
  await fetch(`${app.url}/api/mcp`, { method: "DELETE", headers: session });
  await app.stop();
});

describe("one MCP server per session", () => {
  it("answers 20 concurrent tool calls of one session, each with its own id and a result the contract accepts", async () => {
    const queries = ["lawyer", "tax", "accountant", "english tutor", "visa"];
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => post(search(100 + i, queries[i % queries.length])).then((r) => r.json())),
    );
    answers.forEach((answer, i) => {
      expect(answer.id).toBe(100 + i);
      expect(answer.result.isError).toBeUndefined();
      expectSchema("ExpertSearchResult", answer.result.structuredContent);
      expect(answer.result.content[0].text).toContain("Searched for:");
    });
  });

  it("answers two requests that share an id at the same time, both", async () => {
    const [a, b] = await Promise.all([post(search(7, "lawyer")), post(search(7, "tax"))]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const [ja, jb] = [await a.json(), await b.json()];
    expect([ja.id, jb.id]).toEqual([7, 7]);
    expect(ja.result.content[0].text).toContain("lawyer");
    expect(jb.result.content[0].text).toContain("tax");
  });

  it("answers a batch with an array in the batch's order, and a batch of notifications with 202", async () => {
    const res = await post([
      search(1, "lawyer"),
      { jsonrpc: "2.0", method: "notifications/initialized" },
      { jsonrpc: "2.0", id: 2, method: "tools/list", params: {} },
    ]);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.map((m: { id: number }) => m.id)).toEqual([1, 2]);
    expect(body[1].result.tools.length).toBe(5);
    expect((await post([{ jsonrpc: "2.0", method: "notifications/initialized" }])).status).toBe(202);
  });

  it("turns an unknown tool and bad arguments into the same errors as before", async () => {
    const unknown = await (
      await post({ jsonrpc: "2.0", id: 3, method: "tools/call", params: { name: "no_such_tool", arguments: {} } })
    ).json();
    expect(unknown.id).toBe(3);
    expect(JSON.stringify(unknown)).toContain("no_such_tool");
    const bad = await (
      await post({
        jsonrpc: "2.0",
        id: 4,
        method: "tools/call",
        params: { name: "search_experts", arguments: { limit: "many" } },
      })
    ).json();
    expect(bad.id).toBe(4);
    expect(bad.result?.isError ?? Boolean(bad.error)).toBe(true);
  });

  it("answers a plain tools/call (called directly) exactly as the session's server answers one with _meta", async () => {
    const direct = await (await post(search(11, "tax advisor"))).json();
    const viaServer = await (
      await post({
        ...search(11, "tax advisor"),
        params: { ...search(11, "tax advisor").params, _meta: { progressToken: "p1" } },
      })
    ).json();
    expect(direct).toEqual(viaServer);
    const unknownDirect = await (
      await post({
        jsonrpc: "2.0",
        id: 12,
        method: "tools/call",
        params: { name: "search_experts", arguments: { q: "tax", nonsense: 1 } },
      })
    ).json();
    const unknownViaServer = await (
      await post({
        jsonrpc: "2.0",
        id: 12,
        method: "tools/call",
        params: { name: "search_experts", arguments: { q: "tax", nonsense: 1 }, _meta: {} },
      })
    ).json();
    expect(unknownDirect).toEqual(unknownViaServer);
    expect(unknownDirect.result.isError).toBe(true);
    expect(unknownDirect.result.content[0].text).toContain("nonsense");
  });

  it("still refuses a message that is not JSON-RPC with 400", async () => {
    const res = await post({ hello: "world" });
    expect(res.status).toBe(400);
  });

  it("answers a repeated tool call of a session it knows without a database statement", async () => {
    const statements = () => app.server.db.statementsSent!();
    await post(search(8, "family lawyer"));
    await post(search(8, "family lawyer")); // the answer is remembered now
    // The app's background work (the outbox, the version channel) may send a statement while the
    // calls run, never take one away: the fewest of three rounds of ten is what the calls cost.
    const rounds: number[] = [];
    for (let round = 0; round < 3; round++) {
      const before = statements();
      for (let i = 0; i < 10; i++) expect((await post(search(9, "family lawyer"))).status).toBe(200);
      rounds.push(statements() - before);
    }
    expect(Math.min(...rounds)).toBe(0);
  });

  it("ends the session on DELETE: its server here answers nothing more", async () => {
    const init = await post(initializeMessage(), {});
    const own = { "mcp-session-id": init.headers.get("mcp-session-id")!, "mcp-protocol-version": "2025-06-18" };
    expect((await post(search(1, "lawyer"), own)).status).toBe(200);
    expect((await fetch(`${app.url}/api/mcp`, { method: "DELETE", headers: own })).status).toBe(200);
    expect((await post(search(2, "lawyer"), own)).status).toBe(404);
  });
});
