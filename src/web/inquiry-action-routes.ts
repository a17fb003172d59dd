import { Elysia } from "elysia";
import type { Pool } from "../db/connect.ts";
import type { Locale } from "../experts/summary.ts";
import type { Html } from "../html.ts";
import { ACTION_PATH, isActionToken } from "../inquiries/action-tokens.ts";
import { DECLINE_REASON_MAX, readActionLink, useActionLink } from "../inquiries/actions.ts";
import type { Logger } from "../log.ts";
import { LOCALES, pickLocale } from "./locale.ts";
import { pageText } from "./page-text.ts";
import { confirmPage, resultPage } from "./inquiry-action-pages.ts";

// Nothing of these pages may be kept or passed on: the URL holds a token.
const PRIVATE = { "cache-control": "no-store", "referrer-policy": "no-referrer", "x-robots-tag": "noindex, nofollow" };

function page(body: Html, status = 200): Response {
  return new Response(`<!doctype html>\n${body.value}`, {
    status,
    headers: { "content-type": "text/html; charset=utf-8", ...PRIVATE },
  });
}

/** The expert's language: ?locale=, else the first language of the profile that has pages, else the browser's. */
function expertLocale(request: Request, languages: string[] | null, given?: unknown): Locale {
  const query = typeof given === "string" ? given : new URL(request.url).searchParams.get("locale");
  if (query && (LOCALES as string[]).includes(query)) return query as Locale;
  const spoken = (languages ?? []).find((l) => (LOCALES as string[]).includes(l));
  return (spoken as Locale | undefined) ?? pickLocale(null, request.headers.get("accept-language"));
}

/** Why a link that is not ready cannot be used. */
function spent(usable: string): "used" | "expired" {
  return usable === "used" ? "used" : "expired";
}

/** A form field: a string of at most `max` characters, else undefined. */
function field(body: unknown, name: string, max: number): string | undefined {
  const value = body && typeof body === "object" ? (body as Record<string, unknown>)[name] : undefined;
  return typeof value === "string" && value.length <= max ? value : undefined;
}

/** The decline reason: trimmed, empty → none; undefined when it is too long or holds NUL. */
function reasonOf(body: unknown): string | null | undefined {
  const raw = body && typeof body === "object" ? (body as Record<string, unknown>).reason : undefined;
  if (raw === undefined || raw === null) return null;
  if (typeof raw !== "string") return undefined;
  const text = raw.replace(/\r\n/g, "\n").trim();
  if (text.length > DECLINE_REASON_MAX || text.includes("\u0000")) return undefined;
  return text === "" ? null : text;
}

/**
 * The one-click links of the inquiry e-mail (tokens: src/inquiries/action-tokens.ts):
 * - GET  /inquiry-actions/{token}: the confirm page; reads, never writes (mail scanners prefetch).
 * - POST /inquiry-actions: the confirmation, `token` (and `reason`, `locale`) in the form body.
 * - POST /inquiry-actions/{token} with `List-Unsubscribe=One-Click` (RFC 8058): the opt-out a
 *   mail client sends for the List-Unsubscribe header, without a page.
 * The request log records the route template only, so tokens never reach it.
 */
export function inquiryActionRoutes(deps: { sql: Pool; log: Logger }) {
  return new Elysia({ name: "inquiry-actions" })
    .get(`${ACTION_PATH}/:token`, async ({ params, request }) => {
      const link = await readActionLink(deps.sql, params.token);
      const locale = expertLocale(request, link?.expertLanguages ?? null);
      if (!link) return page(resultPage(locale, "invalid", null), 404);
      if (link.usable !== "ready") return page(resultPage(locale, spent(link.usable), link.action), 410);
      return page(
        confirmPage({
          locale,
          action: link.action,
          token: params.token,
          requesterName: link.requesterName,
          createdAt: link.createdAt,
        }),
      );
    })
    .post(ACTION_PATH, async ({ body, request }) => {
      const token = field(body, "token", 100);
      const given = field(body, "locale", 10);
      if (!isActionToken(token)) return page(resultPage(expertLocale(request, null, given), "invalid", null), 404);
      const reason = reasonOf(body);
      if (reason === undefined) {
        const link = await readActionLink(deps.sql, token);
        const locale = expertLocale(request, link?.expertLanguages ?? null, given);
        if (!link) return page(resultPage(locale, "invalid", null), 404);
        if (link.usable !== "ready") return page(resultPage(locale, spent(link.usable), link.action), 410);
        const error = pageText(locale).actionReasonTooLong;
        return page(
          confirmPage({
            locale,
            action: link.action,
            token,
            requesterName: link.requesterName,
            createdAt: link.createdAt,
            error,
          }),
          400,
        );
      }
      const outcome = await useActionLink(deps.sql, token, reason);
      if (outcome.kind === "unknown") return page(resultPage(expertLocale(request, null, given), "invalid", null), 404);
      const { link } = outcome;
      const locale = expertLocale(request, link.expertLanguages, given);
      if (outcome.kind === "unusable") return page(resultPage(locale, spent(link.usable), link.action), 410);
      if (outcome.kind === "too-late") return page(resultPage(locale, "too-late", link.action), 409);
      deps.log.info("inquiry link followed", { action: link.action });
      return page(resultPage(locale, "done", link.action, link.requesterName));
    })
    .post(`${ACTION_PATH}/:token`, async ({ params, body, set }) => {
      set.headers["cache-control"] = "no-store";
      set.headers["content-type"] = "text/plain; charset=utf-8";
      if (field(body, "List-Unsubscribe", 20) !== "One-Click") {
        set.status = 400;
        return "Send List-Unsubscribe=One-Click (RFC 8058) as the form body, or open the link in a browser.";
      }
      const outcome = await useActionLink(deps.sql, params.token, null, "opt_out");
      if (outcome.kind === "unknown") {
        set.status = 404;
        return "This unsubscribe link is not valid.";
      }
      if (outcome.kind === "unusable" && outcome.link.usable === "expired") {
        set.status = 410;
        return "This unsubscribe link has expired.";
      }
      if (outcome.kind === "done")
        deps.log.info("inquiry link followed", { action: "opt_out", via: "list-unsubscribe" });
      // Used before means the opt-out was already made: the same answer, as RFC 8058 clients expect.
      return "Unsubscribed: no more inquiries will be sent.";
    });
}
