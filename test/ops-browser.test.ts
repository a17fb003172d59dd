import { afterAll, describe, expect, it, setDefaultTimeout } from "bun:test";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type BrowserContext, chromium } from "playwright-core";
import { api, testApp } from "./support/app.ts";

setDefaultTimeout(30_000);

// The CSP of the HTML pages must not break them: a real browser loads each page under it and
// reports every violation as a console error. Debian's chromium, as in test/dashboard.test.ts.
const CHROMIUM = "/usr/bin/chromium";
const hasChromium = existsSync(CHROMIUM);

if (!hasChromium && process.env.CI) {
  it("finds chromium at /usr/bin/chromium (install it: apt-get install chromium)", () => {
    expect(existsSync(CHROMIUM)).toBe(true);
  });
}

describe.skipIf(!hasChromium && !process.env.CI)("HTML pages under their Content-Security-Policy, in a real browser", () => {
  const profileDir = mkdtempSync(join(tmpdir(), "ed-csp-"));
  let context: BrowserContext | undefined;
  afterAll(async () => {
    await context?.close();
    rmSync(profileDir, { recursive: true, force: true });
  });

  it("renders the API reference and a profile page with no CSP violation", async () => {
    const { url } = await testApp();
    const { body } = await api("GET", "/api/agents/experts?limit=1");
    context = await chromium.launchPersistentContext(profileDir, {
      executablePath: CHROMIUM,
      headless: true,
      args: ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    });
    const page = context.pages()[0] ?? (await context.newPage());
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(String(e)));
    page.on("console", (m) => m.type() === "error" && !m.text().startsWith("Failed to load resource") && errors.push(m.text()));
    // Every file a page asks for must exist (the browser's own favicon probe aside).
    const missing: string[] = [];
    page.on("response", (r) => r.status() === 404 && missing.push(new URL(r.url()).pathname));

    const docs = await page.goto(`${url}/api/docs`);
    expect(docs!.headers()["content-security-policy"]).toContain("script-src 'self'");
    // Swagger UI ran (external scripts only) and rendered the contract's title and an operation.
    await page.locator(".swagger-ui .info .title", { hasText: "Expert Directory" }).waitFor({ state: "visible", timeout: 15_000 });
    await page.locator(".opblock-summary-path", { hasText: "/api/agents/experts" }).first().waitFor({ state: "visible", timeout: 15_000 });

    const profile = await page.goto(`${url}/experts/${body.experts[0].slug}`);
    expect(profile!.status()).toBe(200);
    await page.locator("h1").first().waitFor({ state: "visible" });

    expect(errors.filter((e) => /Content Security Policy|Refused to/i.test(e))).toEqual([]);
    expect(errors).toEqual([]);
    expect(missing.filter((p) => p !== "/favicon.ico")).toEqual([]);
  });
});
