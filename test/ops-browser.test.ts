import { afterAll, describe, expect, it, setDefaultTimeout } from "bun:test";
import { api, testApp } from "./support/app.ts";
import { launchBrowser, requireChromiumInCi, skipBrowserSuite, watchPage } from "./support/browser.ts";

setDefaultTimeout(30_000);

// The CSP of the HTML pages must not break them: a real browser loads each page under it and
// reports every violation as a console error. Debian's chromium, as in test/dashboard.test.ts.
requireChromiumInCi(import.meta.file);

describe.skipIf(skipBrowserSuite)("HTML pages under their Content-Security-Policy, in a real browser", () => {
  let browser: Awaited<ReturnType<typeof launchBrowser>> | undefined;
  afterAll(() => browser?.close());

  it("renders the API reference and a profile page with no CSP violation", async () => {
    const { url } = await testApp();
    const { body } = await api("GET", "/api/agents/experts?limit=1");
    browser = await launchBrowser();
    const { page } = browser;
    // Every file a page asks for must exist (the browser's own favicon probe aside).
    const { errors, missing } = watchPage(page);

    const docs = await page.goto(`${url}/api/docs`);
    expect(docs!.headers()["content-security-policy"]).toContain("script-src 'self'");
    // Swagger UI ran (external scripts only) and rendered the contract's title and an operation.
    await page
      .locator(".swagger-ui .info .title", { hasText: "Expert Directory" })
      .waitFor({ state: "visible", timeout: 15_000 });
    await page
      .locator(".opblock-summary-path", { hasText: "/api/agents/experts" })
      .first()
      .waitFor({ state: "visible", timeout: 15_000 });

    const profile = await page.goto(`${url}/experts/${body.experts[0].slug}`);
    expect(profile!.status()).toBe(200);
    await page.locator("h1").first().waitFor({ state: "visible" });

    expect(errors.filter((e) => /Content Security Policy|Refused to/i.test(e))).toEqual([]);
    expect(errors).toEqual([]);
    expect(missing.filter((p) => p !== "/favicon.ico")).toEqual([]);
  });
});
