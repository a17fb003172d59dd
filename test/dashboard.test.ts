import { afterAll, describe, expect, it, setDefaultTimeout } from "bun:test";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { api, testApp } from "./support/app.ts";
import { launchBrowser, requireChromiumInCi, skipBrowserSuite, watchPage } from "./support/browser.ts";
import { TEST_PASSWORD, uniqueEmail } from "./support/session.ts";

// Suites start servers, browsers and argon2 checks on a shared, busy machine: 5 s is too tight.
setDefaultTimeout(30_000);

const ARTIFACTS = join(import.meta.dir, "artifacts");

/** Waits (Playwright's own polling) until the element shows the text, then returns its whole text. */
async function textWhenShown(page: Page, selector: string, text: string): Promise<string> {
  const element = page.locator(selector, { hasText: text });
  await element.waitFor({ state: "visible", timeout: 10_000 });
  return (await element.textContent()) ?? "";
}

requireChromiumInCi(import.meta.file);

describe.skipIf(skipBrowserSuite)("the dashboard in a real browser", () => {
  let browser: Awaited<ReturnType<typeof launchBrowser>> | undefined;
  afterAll(() => browser?.close());

  it("signs up, creates and copies a key, uses it, revokes it, and the key then gets 401", async () => {
    const { url } = await testApp();
    browser = await launchBrowser({ viewport: { width: 390, height: 844 } }); // a phone
    const { context, page } = browser;
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: url });
    // Every file a page asks for must exist (the browser's own favicon probe aside).
    const { errors: pageErrors, missing } = watchPage(page);

    // Not logged in: the dashboard sends the browser to the log-in page, which links to sign-up.
    await page.goto(`${url}/dashboard`);
    expect(new URL(page.url()).pathname).toBe("/dashboard/login");
    await page.getByRole("link", { name: "Sign up" }).click();
    await page.waitForURL("**/dashboard/signup");

    // A too-short password is refused in the page, with a message.
    const email = uniqueEmail("browser");
    await page.getByLabel("E-mail address").fill(email);
    await page.locator("#password").fill("short");
    await page.getByRole("button", { name: "Create account" }).click();
    expect(await textWhenShown(page, "[role=alert]", "at least 10 characters")).toContain("Choose a password");
    await page.locator("#password").fill(TEST_PASSWORD);
    await page.getByRole("button", { name: "Create account" }).click();
    await page.waitForURL(`${url}/dashboard`);
    expect(await page.locator("h1").textContent()).toBe("API keys");
    expect(await page.locator(".who").textContent()).toContain(email);

    // Create a key: the plaintext appears once, with the warning and a copy button.
    await page.getByLabel("Name").fill("Browser agent");
    await page.getByRole("button", { name: "Create key" }).click();
    await page.locator("#new-key").waitFor({ state: "visible" });
    const key = (await page.locator("#new-key-value").textContent())!;
    expect(key).toMatch(/^edk_live_[0-9A-Za-z]{40}$/);
    expect(await page.locator("#new-key-warning").textContent()).toContain("shown only once");
    await page.getByRole("button", { name: "Copy key" }).click();
    expect(await textWhenShown(page, "#copy-status", "Copied")).toBe("Copied to the clipboard.");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
    const row = page.locator("#keys-table tbody tr", { hasText: "Browser agent" });
    expect(await row.locator("code").textContent()).toBe(`${key.slice(0, 12)}…`);
    expect(await page.locator("#key-count").textContent()).toBe("(1 of 10)");

    // The page is tidy at phone width: nothing wider than the screen; every script is a file.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await page.$$eval("script", (scripts) => scripts.every((s) => s.src && !s.textContent?.trim()))).toBe(true);
    mkdirSync(ARTIFACTS, { recursive: true });
    await page.screenshot({ path: join(ARTIFACTS, "dashboard-keys.png"), fullPage: true });

    // The copied key works over REST.
    const auth = { authorization: `Bearer ${key}` };
    expect((await api("GET", "/api/agents/experts?limit=1", { headers: auth })).status).toBe(200);

    // After a reload the plaintext is gone for good; the key is listed by name and prefix only.
    await page.reload();
    expect(await page.content()).not.toContain(key);
    expect(await page.locator("#new-key").isHidden()).toBe(true);

    // Revoke it in the page, confirming the dialog; the same call now gets 401.
    let dialogText = "";
    page.once("dialog", async (dialog) => {
      dialogText = dialog.message();
      await dialog.accept();
    });
    await page
      .locator("#keys-table tbody tr", { hasText: "Browser agent" })
      .getByRole("button", { name: "Revoke" })
      .click();
    expect(await textWhenShown(page, "#list-status", "revoked")).toBe('Key "Browser agent" revoked.');
    expect(dialogText).toContain("Browser agent");
    expect(await page.locator("#keys-table tbody tr").count()).toBe(0);
    expect(await page.locator("#no-keys").isVisible()).toBe(true);
    const refused = await api("GET", "/api/agents/experts?limit=1", { headers: auth });
    expect(refused.status).toBe(401);
    expect(refused.body.detail).toContain("revoked");

    // The 10-key limit gets a clear message in the page.
    const cookie = (await context.cookies(url)).find((c) => c.name === "ed_session")!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe("Lax");
    for (let i = 0; i < 10; i++) {
      const res = await api("POST", "/api/agents/keys", {
        body: { name: `bulk ${i}` },
        headers: { cookie: `ed_session=${cookie.value}` },
      });
      expect(res.status).toBe(201);
    }
    await page.reload();
    expect(await page.locator("#limit-notice").isVisible()).toBe(true);
    await page.getByLabel("Name").fill("one too many");
    await page.getByRole("button", { name: "Create key" }).click();
    expect(await textWhenShown(page, "#create-error", "10 active API keys")).toContain("Revoke one");
    await page.screenshot({ path: join(ARTIFACTS, "dashboard-keys-limit.png"), fullPage: true });

    // Log out: back to the log-in page, and the dashboard is closed to this browser.
    await page.getByRole("button", { name: "Log out" }).click();
    await page.waitForURL("**/dashboard/login");
    await page.goto(`${url}/dashboard`);
    expect(new URL(page.url()).pathname).toBe("/dashboard/login");

    // Log in again with the wrong and then the right password.
    await page.getByLabel("E-mail address").fill(email);
    await page.locator("#password").fill("wrong password");
    await page.getByRole("button", { name: "Log in" }).click();
    expect(await textWhenShown(page, "[role=alert]", "wrong")).toContain("e-mail address or the password");
    await page.locator("#password").fill(TEST_PASSWORD);
    await page.getByRole("button", { name: "Log in" }).click();
    await page.waitForURL(`${url}/dashboard`);
    expect(await page.locator("#key-count").textContent()).toBe("(10 of 10)");

    expect(pageErrors).toEqual([]);
    expect(missing.filter((path) => path !== "/favicon.ico")).toEqual([]);
  }, 60_000);
});
