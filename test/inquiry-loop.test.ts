import { afterAll, beforeAll, describe, expect, it, setDefaultTimeout } from "bun:test";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { ConfigError, loadConfig } from "../src/config.ts";
import { sha256Hex } from "../src/crypto.ts";
import { startApp, type TestApp } from "./support/app.ts";
import { launchBrowser, requireChromiumInCi, skipBrowserSuite } from "./support/browser.ts";
import { expectContractResponse } from "./support/contract.ts";
import { inquiryFor } from "./support/inquiry.ts";
import { createTestKey, type TestKey } from "./support/keys.ts";
import { mcpClient, resultText } from "./support/mcp.ts";
import { startTestSmtp, type ReceivedMail, type TestSmtp } from "./support/smtp.ts";

setDefaultTimeout(60_000);

// The inquiry loop over the wire (issue 21): an app of this file's own that sends its e-mails to
// a real SMTP sink; the expert follows the e-mail's one-click links (in Chromium, and as a mail
// scanner or mail client would with fetch); the agent reads the state by REST and MCP. The expiry
// sweep's clock is this file's, moved ahead days in the last suite.

const EXPERTS = {
  ack: { slug: "loop-ack", name: "Hana Kim", languages: ["en"] },
  decline: { slug: "loop-decline", name: "Jonas Weber", languages: ["de", "en"] },
  optLink: { slug: "loop-opt-link", name: "Aiko Sato", languages: ["en"] },
  optHeader: { slug: "loop-opt-header", name: "Marc Dubois", languages: ["fr"] },
  closed: { slug: "loop-closed", name: "Lena Park", languages: ["en"] },
  expiry: { slug: "loop-expiry", name: "Omar Haddad", languages: ["en"] },
};

let smtp: TestSmtp;
let app: TestApp;
let key: TestKey;
let mcp: Client;
let clockShiftMs = 0;
const tokensSeen: string[] = [];

requireChromiumInCi(import.meta.file);

beforeAll(async () => {
  smtp = await startTestSmtp();
  app = await startApp({
    demo: false,
    env: {
      SMTP_URL: smtp.url,
      MAIL_FROM: "Expert Directory <inquiries@directory.test>",
      OUTBOX_INTERVAL_MS: "20",
      OUTBOX_RETRY_BASE_MS: "20",
      LOG_LEVEL: "debug",
    },
    clock: () => new Date(Date.now() + clockShiftMs),
  });
  for (const e of Object.values(EXPERTS)) {
    const status = e === EXPERTS.closed ? "closed" : "open";
    await app.sql`
      insert into experts (slug, name, email, is_public, is_verified, accepting_clients, availability_status, languages, language_subtags)
      values (${e.slug}, ${e.name}, ${`${e.slug}@experts.test`}, true, true, true, ${status}, ${e.languages}, ${e.languages})`;
    await app.sql`
      insert into expert_translations (expert_id, locale, title) select id, 'en', 'Tax adviser' from experts where slug = ${e.slug}`;
  }
  key = await createTestKey(app.sql, { keyName: "Loop agent" });
  mcp = await mcpClient(app.url, "streamable-http", key.headers);
}, 120_000);

afterAll(async () => {
  await mcp?.close();
  await app?.stop();
  await smtp?.stop();
});

async function call(method: string, path: string, body?: unknown) {
  const res = await fetch(`${app.url}${path}`, {
    method,
    headers: { ...key.headers, ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const parsed = await res.json();
  expectContractResponse(method, path, res.status, res.headers.get("content-type"), parsed);
  return { status: res.status, body: parsed };
}

const statusOf = async (id: string) => (await call("GET", `/api/agents/inquiries/${id}`)).body;

/** Sends an inquiry and waits for its e-mail at the sink. */
async function inquire(slug: string) {
  const res = await call("POST", "/api/agents/inquiries", inquiryFor(slug, { requester_name: "Alex Morgan" }));
  expect(res.status).toBe(201);
  const id = res.body.inquiry_id as string;
  let mail: ReceivedMail | undefined;
  while (!(mail = smtp.messages.find((m) => m.parsed.text?.includes(id)))) await Bun.sleep(20);
  const link = (label: string) => mail!.parsed.text!.match(new RegExp(`^${label}: (\\S+)$`, "m"))?.[1] ?? "";
  const links = {
    acknowledge: link("I'll reply"),
    decline: link("Decline"),
    optOut: link("Stop sending me inquiries"),
  };
  for (const url of Object.values(links)) tokensSeen.push(url.split("/").pop()!);
  return { id, mail, links };
}

/** Posts the confirm form as the page's button would: the token in the body, never in the URL. */
async function confirm(link: string, extra: Record<string, string> = {}) {
  const token = link.split("/").pop()!;
  const res = await fetch(`${app.url}/inquiry-actions`, {
    method: "POST",
    body: new URLSearchParams({ token, ...extra }),
  });
  return { status: res.status, html: await res.text() };
}

async function tool(name: string, args: Record<string, unknown>) {
  return (await mcp.callTool({ name, arguments: args })) as CallToolResult;
}

describe("the inquiry e-mail", () => {
  it("carries the three links in text and HTML and the RFC 8058 headers, and the inquiry is delivered", async () => {
    const { id, mail, links } = await inquire(EXPERTS.ack.slug);
    for (const url of Object.values(links)) {
      expect(url).toMatch(new RegExp(`^${app.url}/inquiry-actions/[0-9A-Za-z]{43}$`));
      expect(mail.parsed.html).toContain(`href="${url}"`);
    }
    expect(new Set(Object.values(links)).size).toBe(3);
    const header = (name: string) => mail.parsed.headers.find((h) => h.key === name)?.value;
    expect(header("list-unsubscribe")).toBe(`<${links.optOut}>`);
    expect(header("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");

    const status = await statusOf(id);
    expect(status).toMatchObject({ status: "delivered", decline_reason: null, email_sent: true });
    expect(Date.parse(status.status_changed_at)).toBeGreaterThanOrEqual(Date.parse(status.created_at));

    // Only hashes are stored, bound to the inquiry; the sent e-mail's copy has lost the tokens.
    const tokens = Object.values(links).map((u) => u.split("/").pop()!);
    const rows = await app.sql<{ token_hash: string; action: string }[]>`
      select token_hash, action from inquiry_action_tokens where inquiry_id = ${id} order by action`;
    expect(rows.map((r) => r.action)).toEqual(["acknowledge", "decline", "opt_out"]);
    expect(rows.map((r) => r.token_hash).sort()).toEqual(tokens.map(sha256Hex).sort());
    const [outbox] = await app.sql<{ message: unknown }[]>`select message from outbox where inquiry_id = ${id}`;
    for (const t of tokens) expect(JSON.stringify(outbox.message)).not.toContain(t);
  });
});

describe.skipIf(skipBrowserSuite)('following "I\'ll reply" in Chromium', () => {
  it("shows the confirm page, acknowledges on the POST, and does nothing on a second use", async () => {
    const { id, links } = await inquire(EXPERTS.ack.slug);
    const browser = await launchBrowser();
    try {
      const { page } = browser;
      const opened = await page.goto(links.acknowledge);
      expect(opened!.status()).toBe(200);
      expect(opened!.headers()["referrer-policy"]).toBe("no-referrer");
      expect(opened!.headers()["cache-control"]).toBe("no-store");
      expect(await page.locator("h1").textContent()).toBe("Tell the sender you will reply");
      expect(await page.locator("article").textContent()).toContain("Alex Morgan");
      expect((await statusOf(id)).status).toBe("delivered"); // the page alone changed nothing

      await page.getByRole("button", { name: "Yes, I'll reply" }).click();
      await page.waitForURL(/\/inquiry-actions$/);
      expect(await page.locator("[role=status]").textContent()).toContain("The sender now knows you will reply");
      const acknowledged = await statusOf(id);
      expect(acknowledged.status).toBe("acknowledged");

      const again = await page.goto(links.acknowledge);
      expect(again!.status()).toBe(410);
      expect(await page.locator("[role=status]").textContent()).toContain("already used");
      const replay = await confirm(links.acknowledge);
      expect(replay.status).toBe(410);
      expect(await statusOf(id)).toEqual(acknowledged);
    } finally {
      await browser.close();
    }
  });
});

describe("the links without a browser", () => {
  it("change nothing when prefetched; decline with a reason; a later link finds the inquiry answered", async () => {
    const { id, links } = await inquire(EXPERTS.decline.slug);
    // What a mail scanner does: fetch every link, GET and HEAD, more than once.
    for (const url of Object.values(links)) {
      for (const method of ["GET", "HEAD", "GET"]) expect((await fetch(url, { method })).status).toBe(200);
    }
    const page = await (await fetch(links.decline)).text();
    expect(page).toContain('<html lang="de">'); // the expert's language
    expect(page).toContain("Diese Anfrage ablehnen");
    expect(page).toContain('name="robots" content="noindex, nofollow"');
    expect((await statusOf(id)).status).toBe("delivered");
    const [{ accepting_clients }] =
      await app.sql`select accepting_clients from experts where slug = ${EXPERTS.decline.slug}`;
    expect(accepting_clients).toBe(true);

    const tooLong = await confirm(links.decline, { reason: "x".repeat(501) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.html).toContain("500");
    expect((await statusOf(id)).status).toBe("delivered");

    const reason = "Fully booked until March; <b>sorry</b>.";
    const declined = await confirm(links.decline, { reason: `  ${reason}\r\n` });
    expect(declined.status).toBe(200);
    expect(declined.html).toContain('<html lang="de">');
    const status = await statusOf(id);
    expect(status).toMatchObject({ status: "declined", decline_reason: reason });

    // MCP shows the same, and says what it means.
    const result = await tool("get_inquiry_status", { inquiry_id: id });
    expect(result.structuredContent).toEqual(status);
    expect(resultText(result)).toContain("declined");
    expect(resultText(result)).toContain("Fully booked until March");

    // The other link of the same e-mail is spent on an inquiry already answered: nothing moves.
    const late = await confirm(links.acknowledge);
    expect(late.status).toBe(409);
    expect(await statusOf(id)).toEqual(status);
  });

  it("lets one of many racing confirmations win, and refuses an expired link", async () => {
    const { id, links } = await inquire(EXPERTS.ack.slug);
    const results = await Promise.all(Array.from({ length: 8 }, () => confirm(links.acknowledge)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 410, 410, 410, 410, 410, 410, 410]);
    expect((await statusOf(id)).status).toBe("acknowledged");

    const other = await inquire(EXPERTS.ack.slug);
    const token = other.links.decline.split("/").pop()!;
    await app.sql`update inquiry_action_tokens set expires_at = now() - interval '1 second' where token_hash = ${sha256Hex(token)}`;
    const shown = await fetch(other.links.decline);
    expect(shown.status).toBe(410);
    expect(await shown.text()).toContain("This link has expired");
    expect((await confirm(other.links.decline)).status).toBe(410);
    expect((await statusOf(other.id)).status).toBe("delivered");
  });

  it("answers unknown and malformed tokens with a page and changes nothing", async () => {
    for (const token of ["A".repeat(43), "short", "x".repeat(200)]) {
      const res = await fetch(`${app.url}/inquiry-actions/${token}`);
      expect(res.status).toBe(404);
      expect(await res.text()).toContain("This link is not valid");
      expect((await confirm(`/${token}`)).status).toBe(404);
    }
  });
});

describe("no more inquiries", () => {
  const inquiriesTo = async (slug: string) =>
    (
      await app.sql<
        { n: number }[]
      >`select count(*)::int as n from inquiries i join experts e on e.id = i.expert_id where e.slug = ${slug}`
    )[0].n;

  async function expectRefused(slug: string) {
    const mailsBefore = smtp.messages.length;
    const inquiriesBefore = await inquiriesTo(slug);
    const refused = await call("POST", "/api/agents/inquiries", inquiryFor(slug));
    expect(refused.status).toBe(409);
    expect(refused.body.type).toBe("/problems/expert-not-accepting");
    const typePage = await fetch(new URL(refused.body.type, `${app.url}/api/agents/inquiries`));
    expect(typePage.status).toBe(200);
    expect(await typePage.text()).toContain("not accepting new clients");
    const viaMcp = await tool("submit_inquiry", inquiryFor(slug));
    expect(viaMcp.isError).toBe(true);
    expect(resultText(viaMcp)).toContain("not accepting new clients");
    expect(await inquiriesTo(slug)).toBe(inquiriesBefore);
    await Bun.sleep(100); // the worker looks every 20 ms: anything queued would have gone out
    expect(smtp.messages.length).toBe(mailsBefore);
  }

  async function expectProfileNotAccepting(slug: string) {
    const rest = await call("GET", `/api/agents/experts/${slug}`);
    expect(rest.body.accepting_clients).toBe(false);
    const page = await (await fetch(`${app.url}/experts/${slug}`)).text();
    expect(page).toContain("Not accepting new clients");
  }

  it("the opt-out link stops further inquiries and the profile shows not accepting", async () => {
    const { links } = await inquire(EXPERTS.optLink.slug);
    const before = await call("GET", `/api/agents/experts/${EXPERTS.optLink.slug}`);
    expect(before.body.accepting_clients).toBe(true);
    expect((await fetch(links.optOut)).status).toBe(200);
    const done = await confirm(links.optOut);
    expect(done.status).toBe(200);
    expect(done.html).toContain("You will receive no more inquiries");
    await expectProfileNotAccepting(EXPERTS.optLink.slug);
    await expectRefused(EXPERTS.optLink.slug);
  });

  it("a List-Unsubscribe-Post one-click POST does the same", async () => {
    const { mail } = await inquire(EXPERTS.optHeader.slug);
    const url = mail.parsed.headers.find((h) => h.key === "list-unsubscribe")!.value.replace(/^<|>$/g, "");
    const wrong = await fetch(url, { method: "POST", body: new URLSearchParams({ "List-Unsubscribe": "Maybe" }) });
    expect(wrong.status).toBe(400);
    expect((await call("GET", `/api/agents/experts/${EXPERTS.optHeader.slug}`)).body.accepting_clients).toBe(true);
    for (let i = 0; i < 2; i++) {
      // as mail clients send it: a form body (RFC 8058 section 3.2), no cookie, no page
      const res = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "List-Unsubscribe=One-Click",
      });
      expect(res.status).toBe(200);
    }
    await expectProfileNotAccepting(EXPERTS.optHeader.slug);
    await expectRefused(EXPERTS.optHeader.slug);
  });

  it("an expert whose availability is closed gets no inquiry either", async () => {
    await expectRefused(EXPERTS.closed.slug);
  });
});

describe("the request log", () => {
  it("never holds a token: the route template is logged, not the path", async () => {
    expect(tokensSeen.length).toBeGreaterThan(0);
    const raw = app.rawLog();
    for (const t of tokensSeen) expect(raw).not.toContain(t);
    const routes = new Set(app.logs.filter((l) => l.msg === "request").map((l) => l.route));
    expect(routes).toContain("/inquiry-actions/:token");
  });
});

describe("expiry", () => {
  it("moves an inquiry nobody acted on to expired after INQUIRY_EXPIRY_DAYS on the sweep's clock", async () => {
    const { id } = await inquire(EXPERTS.expiry.slug);
    const declined = (await app.sql<{ id: string }[]>`select id from inquiries where status = 'declined' limit 1`)[0]
      .id;
    expect(app.config.inquiryExpiryDays).toBe(7);
    expect(loadConfig({ INQUIRY_EXPIRY_DAYS: "3" }).inquiryExpiryDays).toBe(3);
    for (const bad of ["0", "1.5", "366", "week"])
      expect(() => loadConfig({ INQUIRY_EXPIRY_DAYS: bad })).toThrow(ConfigError);
    clockShiftMs = 6 * 86_400_000; // six days on: not yet
    await Bun.sleep(200);
    expect((await statusOf(id)).status).toBe("delivered");
    clockShiftMs = 7 * 86_400_000 + 60_000;
    let status = await statusOf(id);
    while (status.status !== "expired") {
      await Bun.sleep(20);
      status = await statusOf(id);
    }
    expect(Date.parse(status.status_changed_at)).toBeGreaterThan(Date.parse(status.created_at));
    expect(resultText(await tool("get_inquiry_status", { inquiry_id: id }))).toContain(
      "Nobody acted on the inquiry in time",
    );
    // an answered inquiry stays as it was
    expect((await statusOf(declined)).status).toBe("declined");
  });
});
