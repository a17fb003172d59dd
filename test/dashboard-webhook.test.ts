import { afterAll, beforeAll, describe, expect, it, setDefaultTimeout } from "bun:test";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { startApp, type TestApp } from "./support/app.ts";
import { launchBrowser, requireChromiumInCi, skipBrowserSuite, watchPage } from "./support/browser.ts";
import { expectContractResponse } from "./support/contract.ts";
import { inquiryFor } from "./support/inquiry.ts";
import { sessionCookie, TEST_PASSWORD, uniqueEmail } from "./support/session.ts";
import { startTestSmtp, type TestSmtp } from "./support/smtp.ts";
import { startReceiver, verifiedBy } from "./support/webhook-receiver.ts";

setDefaultTimeout(60_000);

// The dashboard's webhook page (/dashboard/keys/:id/webhook, src/web/dashboard-webhook.js) in
// Chromium: register a URL and see the secret once, see a real delivery listed (an inquiry made by
// REST, e-mailed to an SMTP sink, its delivered event POSTed to a receiver on 127.0.0.1), rotate
// the secret and see the next event signed with the new one.

const ARTIFACTS = join(import.meta.dir, "artifacts");

requireChromiumInCi(import.meta.file);

describe.skipIf(skipBrowserSuite)("the webhook page of the dashboard in a real browser", () => {
  let smtp: TestSmtp;
  let app: TestApp;
  const receiver = startReceiver();
  let browser: Awaited<ReturnType<typeof launchBrowser>> | undefined;

  beforeAll(async () => {
    smtp = await startTestSmtp();
    app = await startApp({
      env: {
        SMTP_URL: smtp.url,
        OUTBOX_INTERVAL_MS: "20",
        WEBHOOK_ALLOW_PRIVATE: "1",
        WEBHOOK_INTERVAL_MS: "20",
        WEBHOOK_RETRY_BASE_MS: "10",
      },
    });
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    await smtp?.stop();
    receiver.stop();
  });

  async function inquire(authorization: string): Promise<string> {
    const [{ slug }] = await app.sql<
      { slug: string }[]
    >`select slug from experts where is_public and is_verified and accepting_clients order by id limit 1`;
    const res = await fetch(`${app.url}/api/agents/inquiries`, {
      method: "POST",
      headers: { authorization, "content-type": "application/json" },
      body: JSON.stringify(inquiryFor(slug)),
    });
    const body = await res.json();
    expectContractResponse("POST", "/api/agents/inquiries", res.status, res.headers.get("content-type"), body);
    expect(res.status).toBe(201);
    return body.inquiry_id;
  }

  const delivery = (id: string) =>
    receiver
      .until(
        (r) => r.some((x) => x.body.data.inquiry_id === id && x.body.type === "inquiry.delivered"),
        `inquiry.delivered for ${id}`,
      )
      .then(() => receiver.received.find((x) => x.body.data.inquiry_id === id)!);

  it("registers a URL and shows the secret once, lists a real delivery, and rotates the secret", async () => {
    // An account with one key, made over HTTP; the browser gets its session cookie.
    const origin = { origin: app.url, "content-type": "application/json" };
    const signup = await fetch(`${app.url}/api/auth/signup`, {
      method: "POST",
      headers: origin,
      body: JSON.stringify({ email: uniqueEmail("hook"), password: TEST_PASSWORD }),
    });
    expect(signup.status).toBe(201);
    const cookie = sessionCookie(signup.headers);
    const created = await (
      await fetch(`${app.url}/api/agents/keys`, {
        method: "POST",
        headers: { ...origin, cookie },
        body: JSON.stringify({ name: "Hooked agent" }),
      })
    ).json();
    const authorization = `Bearer ${created.key}`;

    browser = await launchBrowser();
    const { context, page } = browser;
    const [name, value] = cookie.split("=");
    await context.addCookies([{ name, value, url: app.url }]);
    const { errors, missing } = watchPage(page);

    // From the key list to the key's webhook page: nothing registered yet.
    await page.goto(`${app.url}/dashboard`);
    await page
      .locator("#keys-table tbody tr", { hasText: "Hooked agent" })
      .getByRole("link", { name: "Webhook" })
      .click();
    await page.waitForURL(`**/dashboard/keys/${created.id}/webhook`);
    expect(await page.locator("h1").textContent()).toContain("Hooked agent");
    expect(await page.locator("#no-deliveries").isVisible()).toBe(true);
    expect(await page.locator("#rotate-secret").count()).toBe(0);

    // A URL the contract refuses: the page says why, and nothing is registered.
    await page.getByLabel("https:// URL").fill("ftp://agent.example/hook");
    await page.getByRole("button", { name: "Register" }).click();
    await page.locator("#webhook-error").waitFor({ state: "visible" });
    expect(await page.locator("#webhook-error").textContent()).toContain("url");
    expect(await page.locator("#new-secret").isHidden()).toBe(true);

    // Registered: the secret appears once, with its warning.
    await page.getByLabel("https:// URL").fill(receiver.url);
    await page.getByRole("button", { name: "Register" }).click();
    await page.locator("#new-secret").waitFor({ state: "visible" });
    const secret = (await page.locator("#new-secret-value").textContent())!;
    expect(secret).toMatch(/^whsec_[0-9A-Za-z]{40}$/);
    expect(await page.locator("#new-secret-warning").textContent()).toContain("shown only once");
    expect(await page.locator("#webhook-error").isHidden()).toBe(true);
    expect(await page.locator("#webhook-status").textContent()).toContain("Registered");

    // Hidden and reloaded: the secret is gone from the page for good.
    await page.getByRole("button", { name: "I have stored it, hide it" }).click();
    await page.waitForLoadState("load");
    await page.locator("#rotate-secret").waitFor({ state: "visible" });
    expect(await page.content()).not.toContain(secret);
    expect(await page.getByLabel("https:// URL").inputValue()).toBe(receiver.url);
    expect(await page.locator("#webhook-form button[type=submit]").textContent()).toBe("Save");

    // A real event: the inquiry's e-mail reaches the sink, the receiver gets it signed with the secret.
    const first = await inquire(authorization);
    const event = await delivery(first);
    expect(verifiedBy(secret, event.headers.get("webhook-signature"), event.raw)).toBe(true);
    // listed after a reload (the page reads the deliveries when it is made), once recorded as delivered
    for (let i = 0; i < 500; i++) {
      await page.reload();
      if (
        (await page
          .locator(`#deliveries tr[data-event-id="${event.body.id}"] [data-role=state]`)
          .textContent()
          .catch(() => null)) === "delivered"
      )
        break;
      await Bun.sleep(20);
    }
    const row = page.locator(`#deliveries tr[data-event-id="${event.body.id}"]`);
    expect(await row.locator("code").textContent()).toBe("inquiry.delivered");
    expect(await row.locator("[data-role=state]").textContent()).toBe("delivered");
    expect(await row.locator("[data-role=attempts]").textContent()).toBe("1");
    expect(await row.locator("[data-role=status]").textContent()).toBe("200");
    expect(await page.locator("#no-deliveries").count()).toBe(0);
    mkdirSync(ARTIFACTS, { recursive: true });
    await page.screenshot({ path: join(ARTIFACTS, "dashboard-webhook.png"), fullPage: true });

    // Rotate, confirming the dialog: a new secret, shown once; the old one signs beside it.
    let dialogText = "";
    page.once("dialog", async (dialog) => {
      dialogText = dialog.message();
      await dialog.accept();
    });
    await page.getByRole("button", { name: "Rotate secret" }).click();
    await page.locator("#new-secret").waitFor({ state: "visible" });
    expect(dialogText).toContain("24 hours");
    const rotated = (await page.locator("#new-secret-value").textContent())!;
    expect(rotated).toMatch(/^whsec_[0-9A-Za-z]{40}$/);
    expect(rotated).not.toBe(secret);
    await page.getByRole("button", { name: "I have stored it, hide it" }).click();
    await page.waitForLoadState("load");
    await page.locator("text=The previous secret signs too until").waitFor({ state: "visible" });
    expect(await page.content()).not.toContain(rotated);

    const second = await inquire(authorization);
    const next = await delivery(second);
    expect(verifiedBy(rotated, next.headers.get("webhook-signature"), next.raw)).toBe(true);
    expect(verifiedBy(secret, next.headers.get("webhook-signature"), next.raw)).toBe(true);

    expect(errors).toEqual([]);
    expect(missing.filter((path) => path !== "/favicon.ico")).toEqual([]);
  });
});
