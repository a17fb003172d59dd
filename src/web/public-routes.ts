import { Elysia } from "elysia";
import type { Sql } from "../db/connect.ts";
import { getExpertAvailability } from "../experts/availability.ts";
import { getExpertProfile } from "../experts/profile.ts";
import { checkSlug } from "../experts/slug.ts";
import type { ExpertUrls } from "../experts/urls.ts";
import { canonicalZone } from "../experts/zoned-time.ts";
import type { Auth } from "../http/auth.ts";
import type { SocketInfo } from "../http/client-ip.ts";
import { limitPageText } from "../http/limit-messages.ts";
import { HttpProblem } from "../http/problem.ts";
import type { Budget } from "../http/rate-limit.ts";
import { queryValidator } from "../contract/index.ts";
import type { SearchDeps } from "../search/deps.ts";
import { checkResultWindow } from "../search/result-window.ts";
import { type SearchQuery, searchExperts } from "../search/search.ts";
import { type DirectoryChoices, directoryPage } from "./directory-page.ts";
import { type Html, html } from "../html.ts";
import { pickLocale } from "./locale.ts";
import { notFoundPage, profilePage } from "./profile-page.ts";
import { publicLayout } from "./public-layout.ts";

const searchQuery = queryValidator("searchExperts");
const CHOICES_TTL_MS = 60_000;

function page(body: Html, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(`<!doctype html>\n${body.value}`, {
    status,
    headers: {
      "content-type": "text/html; charset=utf-8",
      "cache-control": "no-cache",
      vary: "Accept-Language",
      ...headers,
    },
  });
}

/** The filter choices, read at most once a minute: distinct countries and languages scan the directory. */
function choicesReader(sql: Sql) {
  let cached: { at: number; value: Promise<DirectoryChoices> } | null = null;
  return () => {
    if (!cached || Date.now() - cached.at > CHOICES_TTL_MS) {
      const value = (async (): Promise<DirectoryChoices> => ({
        categories: await sql<{ slug: string; name: string }[]>`select slug, name from categories order by position`,
        countries: (
          await sql<{ c: string }[]>`
          select distinct upper(country_code) as c from experts where is_public and is_verified and country_code is not null order by 1`
        ).map((r) => r.c),
        languages: (
          await sql<{ l: string }[]>`
          select distinct unnest(language_subtags) as l from experts where is_public and is_verified order by 1`
        ).map((r) => r.l),
      }))();
      cached = { at: Date.now(), value };
      value.catch(() => (cached = null));
    }
    return cached.value;
  };
}

/**
 * The public pages: the directory (`/`, `/experts`) over the same searchExperts as the API, and
 * the profile (`/experts/{slug}`) in the visitor's language. They draw on the API's search and
 * profile budgets, so scraping the pages is no way around the rate limits.
 */
export function publicPageRoutes<Owner extends { keyId: string }, User>(deps: {
  sql: Sql;
  urls: ExpertUrls;
  auth: Auth<Owner, User>;
  search: SearchDeps;
}) {
  const choices = choicesReader(deps.sql);

  // The pages draw through the same entry as REST and MCP (auth.drawOn), always on the address's
  // budget (a page takes no key), and word a refusal from the same message (limitPageText).
  async function limited(
    budget: Budget,
    request: Request,
    server: SocketInfo | null,
    locale: Parameters<typeof publicLayout>[0]["locale"],
  ): Promise<Response | null> {
    try {
      await deps.auth.drawOn(budget, { owner: null, clientIp: deps.auth.addressOf(request, server) });
      return null;
    } catch (error) {
      if (!(error instanceof HttpProblem) || !error.extra.limit) throw error;
      const text = limitPageText(error.extra.limit);
      return page(
        publicLayout(
          { locale, title: "429" },
          html`<h1>Too many requests</h1><p>${text} Agents: use the API (<a href="/llms.txt">/llms.txt</a>).</p>`,
        ),
        429,
        error.extra.headers,
      );
    }
  }

  async function directory({ request, server }: { request: Request; server: SocketInfo | null }) {
    const url = new URL(request.url);
    const explicitLocale = url.searchParams.has("locale");
    const locale = pickLocale(url.searchParams.get("locale"), request.headers.get("accept-language"));
    const refused = await limited("search", request, server, locale);
    if (refused) return refused;
    // A GET form sends its empty fields too; they mean "any".
    const given = new URL(url.pathname, url);
    for (const [k, v] of url.searchParams) if (v !== "") given.searchParams.append(k, v);
    let query: SearchQuery = {};
    let error: string | null = null;
    try {
      query = searchQuery(new Request(given));
      checkResultWindow(query); // past the first 1,000 results: the form and a message, not a 500
    } catch (e) {
      if (!(e instanceof HttpProblem)) throw e;
      error = (e.extra.errors ?? []).map((f) => `${f.field} ${f.message}`).join("; ") || e.detail;
    }
    const result = error ? null : await searchExperts(deps.search, { ...query, locale });
    const view = {
      locale,
      query,
      given: [...given.searchParams],
      explicitLocale,
      result,
      error,
      choices: await choices(),
      canonical: `${deps.urls.base()}/experts`,
    };
    return page(directoryPage(view), error ? 400 : 200);
  }

  return new Elysia({ name: "public-pages" })
    .get("/", directory)
    .get("/experts", directory)
    .get("/experts/:slug", async ({ params, request, server }) => {
      const url = new URL(request.url);
      const explicitLocale = url.searchParams.has("locale");
      const locale = pickLocale(url.searchParams.get("locale"), request.headers.get("accept-language"));
      const refused = await limited("profile", request, server, locale);
      if (refused) return refused;
      try {
        const slug = checkSlug(params.slug);
        const profile = await getExpertProfile(deps.sql, slug, locale, deps.urls);
        // An unknown ?tz= falls back to the expert's own zone: a page never fails over it.
        const tz = url.searchParams.get("tz");
        const zone = tz ? canonicalZone(tz) : null;
        const availability = await getExpertAvailability(deps.sql, slug, { zone, from: { kind: "now" }, days: 14 });
        return page(profilePage({ profile, availability, locale, explicitLocale, base: deps.urls.base() }));
      } catch (e) {
        if (e instanceof HttpProblem && e.status === 404) return page(notFoundPage(locale), 404);
        throw e;
      }
    });
}
