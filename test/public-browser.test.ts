import { afterAll, describe, expect, it, setDefaultTimeout } from "bun:test";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { api, testApp } from "./support/app.ts";
import { launchBrowser, requireChromiumInCi, skipBrowserSuite, watchPage } from "./support/browser.ts";

setDefaultTimeout(60_000);

// The public pages in Chromium (as in test/dashboard.test.ts): the directory's search and
// filters, a profile in two languages, its booking section, phone-width layout, and no CSP
// violation. Screenshots go to test/artifacts; SCREENSHOTS=docs refreshes the README's in docs/.
const SHOTS =
  process.env.SCREENSHOTS === "docs" ? join(import.meta.dir, "..", "docs") : join(import.meta.dir, "artifacts");

requireChromiumInCi(import.meta.file);

describe.skipIf(skipBrowserSuite)("the public pages in a real browser", () => {
  let browser: Awaited<ReturnType<typeof launchBrowser>> | undefined;
  afterAll(() => browser?.close());

  it("searches and filters the directory, reads a profile in two languages and its booking section", async () => {
    const { url, sql } = await testApp();
    mkdirSync(SHOTS, { recursive: true });
    browser = await launchBrowser({ viewport: { width: 1024, height: 900 } });
    const { page, context } = browser;
    const { errors, missing } = watchPage(page);

    // The directory: type a need, pick a category and "accepting", submit.
    await page.goto(`${url}/`);
    await page.getByLabel("Search", { exact: true }).fill("tax");
    await page.getByLabel("Category").selectOption("tax-advisory");
    await page.getByLabel("Accepting new clients only").check();
    await page.getByRole("button", { name: "Search" }).click();
    await page.waitForURL(/\/experts\?/);
    const shown = await page.locator(".results h2 a").allTextContents();
    const expected = await api("GET", "/api/agents/experts?q=tax&category=tax-advisory&accepting=1");
    expect(shown).toEqual(expected.body.experts.map((e: { name: string }) => e.name));
    expect(shown.length).toBeGreaterThan(0);
    expect(await page.locator(".status.closed").count()).toBe(0);
    expect(await page.getByLabel("Category").inputValue()).toBe("tax-advisory");
    await page.screenshot({ path: join(SHOTS, "directory.png"), fullPage: false });

    // A country filter alone, then the next page.
    await page.goto(`${url}/experts`);
    await page.getByLabel("Country").selectOption("US");
    await page.getByRole("button", { name: "Search" }).click();
    await page.waitForURL(/country=US/);
    for (const location of await page.locator(".result .muted").filter({ hasText: "★" }).allTextContents()) {
      expect(location).toContain("United States");
    }
    await page.goto(`${url}/experts`);
    await page.getByRole("link", { name: /Next/ }).click();
    await page.waitForURL(/page=1/);
    expect(await page.locator(".pager").textContent()).toContain("Page 2");

    // A profile, opened from the directory, in Japanese and then German.
    const [expert] = await sql<{ slug: string; name: string }[]>`
      select slug, name from experts e where is_public and is_verified and accepting_clients and availability_status = 'open'
        and timezone is not null and exists (select 1 from expert_translations t where t.expert_id = e.id and t.locale = 'ja')
        and (select count(*) from schedule_slots s where s.expert_id = e.id) >= 3 order by rating desc nulls last, id limit 1`;
    await page.goto(`${url}/experts/${expert.slug}?locale=ja`);
    expect(await page.locator("html").getAttribute("lang")).toBe("ja");
    expect(await page.locator("h1").textContent()).toContain(expert.name);
    expect(await page.locator("#booking h2").textContent()).toBe("相談を予約する");
    const jaTitle = await page.locator(".profile-head .title").textContent();
    await page.getByRole("link", { name: "de", exact: true }).click();
    await page.waitForURL(/locale=de/);
    expect(await page.locator("html").getAttribute("lang")).toBe("de");
    expect(await page.locator("#booking h2").textContent()).toBe("Termin buchen");
    expect(await page.locator(".profile-head .title").textContent()).not.toBe(jaTitle);

    // The booking section: reached through booking_url's anchor, with concrete free times that
    // the local-times script shows in the browser's own zone, contacts, and agent instructions.
    const booking = page.locator("#booking");
    await page.getByRole("link", { name: "Termin buchen" }).click();
    await page.waitForURL(/#booking$/);
    expect(await booking.isVisible()).toBe(true);
    const slots = booking.locator("[data-slot]");
    expect(await slots.count()).toBeGreaterThan(0);
    const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(await booking.locator("[data-zone-caption]").textContent()).toBe(`Zeiten in ${zone}`);
    expect(await booking.locator("select[name=tz]").inputValue()).toBe(zone);
    // Choosing a zone in the form shows the server's rendering in it, without the script's help.
    await booking.locator("select[name=tz]").selectOption("Asia/Seoul");
    await booking.getByRole("button", { name: "Anzeigen" }).click();
    await page.waitForURL(/tz=Asia%2FSeoul/);
    expect(await page.locator("#booking [data-zone-caption]").textContent()).toBe("Zeiten in Asia/Seoul");
    expect(await page.locator("#booking time").first().getAttribute("datetime")).toEndWith("+09:00");
    await page.locator("#booking details summary").click();
    expect(await page.locator("#booking details").textContent()).toContain("submit_inquiry");

    // English profile screenshot for the README.
    await page.goto(`${url}/experts/${expert.slug}`);
    await page.screenshot({ path: join(SHOTS, "profile.png"), fullPage: true });

    // An expert not taking clients: said so, nothing to book.
    const [closed] = await sql<{ slug: string }[]>`
      select slug from experts where is_public and is_verified and accepting_clients = false order by id limit 1`;
    await page.goto(`${url}/experts/${closed.slug}#booking`);
    expect(await page.locator("#booking").textContent()).toContain("not accepting new clients");
    expect(await page.locator("#booking [data-slot]").count()).toBe(0);
    expect(await page.locator('a[href="#booking"]').count()).toBe(0);

    // A phone: nothing wider than the screen, on the directory and a profile.
    await page.setViewportSize({ width: 390, height: 844 });
    for (const path of ["/experts?q=lawyer", `/experts/${expert.slug}`]) {
      await page.goto(`${url}${path}`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    }
    await page.screenshot({ path: join(SHOTS, "profile-phone.png"), fullPage: false });

    // The 404 page.
    const gone = await page.goto(`${url}/experts/nobody-by-this-name`);
    expect(gone!.status()).toBe(404);
    expect(await page.locator("h1").textContent()).toBe("Expert not found");

    expect(errors).toEqual([]);
    // Every file a page asked for existed (the browser's favicon probe and the 404 page aside).
    expect(missing.filter((p) => p !== "/favicon.ico" && p !== "/experts/nobody-by-this-name")).toEqual([]);
    await context.clearCookies();
  }, 120_000);
});
