import { afterAll, beforeAll, describe, expect, it, setDefaultTimeout } from "bun:test";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { ResourceUpdatedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { startApp, type TestApp } from "./support/app.ts";
import { expectSchema } from "./support/contract.ts";
import { inquiryFor } from "./support/inquiry.ts";
import { createTestKey } from "./support/keys.ts";
import { mcpClient } from "./support/mcp.ts";

// MCP sessions hear of their inquiries (issue 21): the official SDK client, on Streamable HTTP
// with its event stream open, gets notifications/resources/updated for inquiry://{id} when the
// inquiry's status changes, and reads the resource.

setDefaultTimeout(60_000);

interface Listener {
  client: Client;
  uris: string[];
}

async function listen(app: TestApp, authorization: string): Promise<Listener> {
  const client = await mcpClient(app.url, "streamable-http", { authorization });
  const uris: string[] = [];
  client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => void uris.push(n.params.uri));
  return { client, uris };
}

/** Looks (a bounded number of times) until `uri` arrived, nudging with `nudge` between looks. */
async function received(listener: Listener, uri: string, nudge?: () => Promise<unknown>): Promise<void> {
  for (let i = 0; i < 500; i++) {
    if (listener.uris.includes(uri)) return;
    await nudge?.();
    await Bun.sleep(20);
  }
  throw new Error(`no notifications/resources/updated for ${uri}; got ${listener.uris.join(", ") || "none"}`);
}

describe("MCP inquiry resources", () => {
  let app: TestApp;
  let slug: string;
  const clients: Client[] = [];

  beforeAll(async () => {
    app = await startApp();
    [{ slug }] = await app.sql<
      { slug: string }[]
    >`select slug from experts where is_public and is_verified order by id limit 1`;
  }, 120_000);
  afterAll(async () => {
    for (const client of clients) await client.close().catch(() => {});
    await app?.stop();
  });

  it("sends notifications/resources/updated for inquiry://{id} to the session whose key sent it, and reads it", async () => {
    const key = await createTestKey(app.sql);
    const other = await createTestKey(app.sql);
    const mine = await listen(app, key.headers.authorization);
    const theirs = await listen(app, other.headers.authorization);
    clients.push(mine.client, theirs.client);
    expect(mine.client.getServerCapabilities()?.resources?.subscribe).toBe(true);

    const sent = await mine.client.callTool({ name: "submit_inquiry", arguments: inquiryFor(slug) });
    expect(sent.isError ?? false).toBe(false);
    const id = (sent.structuredContent as { inquiry_id: string }).inquiry_id;
    const uri = `inquiry://${id}`;
    // Subscribing is accepted (and not needed).
    await mine.client.subscribeResource({ uri });

    // The client opens its event stream on its own after initializing; until it is open a change
    // would go unheard, so first a bare nudge on the channel (as the trigger sends) until one arrives.
    await received(mine, uri, () => app.sql`select pg_notify('inquiry_status', ${`${id} pending`})`);
    mine.uris.length = 0;

    // The real path: a status change, notified by the trigger at commit.
    await app.sql`update inquiries set status = 'delivered' where id = ${id}`;
    await received(mine, uri);

    const read = await mine.client.readResource({ uri });
    expect(read.contents[0].uri).toBe(uri);
    expect(read.contents[0].mimeType).toBe("application/json");
    const status = JSON.parse((read.contents[0] as { text: string }).text);
    expectSchema("InquiryStatus", status);
    expect(status.inquiry_id).toBe(id);

    // Another account's key: neither the update nor the resource.
    expect(theirs.uris).not.toContain(uri);
    await expect(theirs.client.readResource({ uri })).rejects.toThrow(/not found/i);
  });
});
