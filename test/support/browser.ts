import { expect, it } from "bun:test";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type BrowserContext, type Page, chromium } from "playwright-core";

// Debian's chromium, installed by .ci/run; playwright-core never downloads a browser.
export const CHROMIUM = "/usr/bin/chromium";
export const hasChromium = existsSync(CHROMIUM);
/** In CI a missing chromium fails the browser suites; only a local run without it may skip them. */
export const skipBrowserSuite = !hasChromium && !process.env.CI;

/**
 * Registers a failing test when CI has no chromium, so the browser suites cannot silently vanish,
 * and says why on stderr when a local run skips them.
 */
export function requireChromiumInCi(file: string) {
  if (hasChromium) return;
  if (process.env.CI) {
    it("finds chromium at /usr/bin/chromium (install it: apt-get install chromium)", () => {
      expect(existsSync(CHROMIUM)).toBe(true);
    });
  } else {
    console.warn(
      `skipping the browser tests in ${file}: no chromium at ${CHROMIUM} (install it: apt-get install chromium); in CI (CI set) they fail instead`,
    );
  }
}

/**
 * Headless chromium with a throwaway profile. The flags keep it off the network, which this
 * machine refuses anyway (it would retry, noisily). `close()` ends it and removes the profile.
 */
export async function launchBrowser(options: { viewport?: { width: number; height: number } } = {}) {
  const profileDir = mkdtempSync(join(tmpdir(), "ed-chromium-"));
  const context: BrowserContext = await chromium.launchPersistentContext(profileDir, {
    executablePath: CHROMIUM,
    headless: true,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
    viewport: options.viewport,
  });
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    context,
    page,
    async close() {
      await context.close();
      rmSync(profileDir, { recursive: true, force: true });
    },
  };
}

/**
 * Collects what a page got wrong: script errors and console errors (CSP violations among them),
 * and every file it asked for that was not there.
 */
export function watchPage(page: Page) {
  const errors: string[] = [];
  const missing: string[] = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  page.on(
    "console",
    (m) => m.type() === "error" && !m.text().startsWith("Failed to load resource") && errors.push(m.text()),
  );
  page.on("response", (r) => r.status() === 404 && missing.push(new URL(r.url()).pathname));
  return { errors, missing };
}
