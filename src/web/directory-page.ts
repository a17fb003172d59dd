import type { ExpertSummary, Locale } from "../experts/summary.ts";
import type { ExpertSearchResult, SearchQuery } from "../search/search-query.ts";
import { type Html, html } from "../html.ts";
import { fill, type PageText, pageText } from "./page-text.ts";
import { publicLayout } from "./public-layout.ts";

/** What the filter controls offer: the categories, and the countries and languages experts have. */
export interface DirectoryChoices {
  categories: { slug: string; name: string }[];
  countries: string[];
  languages: string[];
}

export interface DirectoryView {
  locale: Locale;
  /** The query as the visitor gave it (empty fields dropped), for the form and the page links. */
  query: SearchQuery;
  /** The non-empty parameters as given (no defaults filled in), carried by the page links. */
  given: [string, string][];
  /** Whether `locale` came from `?locale=` and so must travel with the links. */
  explicitLocale: boolean;
  result: ExpertSearchResult | null;
  /** Why the query could not be searched (a 400's field errors), shown instead of results. */
  error: string | null;
  choices: DirectoryChoices;
  canonical: string;
}

const names = new Map<string, Intl.DisplayNames>();
function displayName(locale: Locale, type: "region" | "language", code: string): string {
  const key = `${locale}:${type}`;
  let dn = names.get(key);
  if (!dn) names.set(key, (dn = new Intl.DisplayNames([locale, "en"], { type })));
  try {
    return dn.of(code) ?? code;
  } catch {
    return code;
  }
}

export function languageNames(locale: Locale, tags: string[]): string {
  return tags.map((tag) => displayName(locale, "language", tag)).join(", ");
}

export function ratingText(t: PageText, rating: number | null, reviews: number): string {
  return rating === null
    ? t.noRating
    : `★ ${rating.toFixed(1)} · ${fill(reviews === 1 ? t.review : t.reviews, { n: reviews })}`;
}

export function statusText(
  t: PageText,
  e: Pick<ExpertSummary, "accepting_clients" | "availability_status">,
): { text: string; open: boolean } | null {
  if (e.accepting_clients === false || e.availability_status === "closed") return { text: t.notAccepting, open: false };
  if (e.availability_status === "limited") return { text: t.limited, open: true };
  if (e.accepting_clients === true) return { text: t.accepting, open: true };
  return null;
}

/** The directory URL of the same search on another page. */
function pageHref(view: DirectoryView, page: number): string {
  const params = new URLSearchParams();
  for (const [k, v] of view.given) if (k !== "page" && k !== "locale") params.set(k, v);
  if (view.explicitLocale) params.set("locale", view.locale);
  if (page > 0) params.set("page", String(page));
  const qs = params.toString();
  return `/experts${qs ? `?${qs}` : ""}`;
}

function option(value: string, label: string, selected: string | undefined): Html {
  return html`<option value="${value}"${value === (selected ?? "") ? html` selected` : ""}>${label}</option>`;
}

function searchForm(view: DirectoryView, t: PageText): Html {
  const q = view.query;
  const { choices, locale } = view;
  const countries = choices.countries
    .map((c) => ({ code: c, name: displayName(locale, "region", c) }))
    .sort((a, b) => a.name.localeCompare(b.name, locale));
  const languages = choices.languages
    .map((c) => ({ code: c, name: displayName(locale, "language", c) }))
    .sort((a, b) => a.name.localeCompare(b.name, locale));
  return html`<form class="card search" method="get" action="/experts" role="search">
  ${view.explicitLocale ? html`<input type="hidden" name="locale" value="${locale}">` : ""}
  <label for="q">${t.search}</label>
  <div class="inline"><input id="q" name="q" type="search" value="${q.q ?? ""}" maxlength="200" placeholder="${t.searchPlaceholder}"><button type="submit">${t.search}</button></div>
  <div class="filters">
    <div><label for="category">${t.category}</label><select id="category" name="category">${option("", t.anyCategory, q.category)}${choices.categories.map((c) => option(c.slug, c.name, q.category))}</select></div>
    <div><label for="country">${t.country}</label><select id="country" name="country">${option("", t.anyCountry, q.country?.toUpperCase())}${countries.map((c) => option(c.code, c.name, q.country?.toUpperCase()))}</select></div>
    <div><label for="city">${t.city}</label><input id="city" name="city" value="${q.city ?? ""}" maxlength="100"></div>
    <div><label for="language">${t.language}</label><select id="language" name="language">${option("", t.anyLanguage, q.language?.toLowerCase())}${languages.map((l) => option(l.code, l.name, q.language?.toLowerCase()))}</select></div>
    <div><label for="min_price">${t.minPrice}</label><input id="min_price" name="min_price" type="number" min="0" max="1000000" step="1" value="${q.min_price ?? ""}"></div>
    <div><label for="max_price">${t.maxPrice}</label><input id="max_price" name="max_price" type="number" min="0" max="1000000" step="1" value="${q.max_price ?? ""}"></div>
  </div>
  <label class="check"><input type="checkbox" name="accepting" value="1"${q.accepting ? html` checked` : ""}> ${t.acceptingOnly}</label>
</form>`;
}

function resultCard(e: ExpertSummary, view: DirectoryView, t: PageText): Html {
  const status = statusText(t, e);
  const href = `/experts/${encodeURIComponent(e.slug)}${view.explicitLocale ? `?locale=${view.locale}` : ""}`;
  return html`<li class="card result">
  <img src="${e.avatar_url}" alt="" width="64" height="64" class="avatar" loading="lazy">
  <div>
    <h2><a href="${href}">${e.name}</a>${e.is_verified ? html` <span class="badge" title="${t.verified}">✓ ${t.verified}</span>` : ""}</h2>
    <p class="title">${e.title}</p>
    <p class="muted">${ratingText(t, e.rating, e.review_count)}${e.location.display ? html` · ${e.location.display}` : ""}</p>
    ${e.languages_spoken.length ? html`<p class="muted">${t.languages}: ${languageNames(view.locale, e.languages_spoken)}</p>` : ""}
    ${status ? html`<p class="${status.open ? "status open" : "status closed"}">${status.text}</p>` : ""}
  </div>
</li>`;
}

function results(view: DirectoryView, t: PageText): Html {
  if (view.error) return html`<p class="error" role="alert">${fill(t.badSearch, { detail: view.error })}</p>`;
  const r = view.result!;
  // The API's match_quality, said on the page as an agent says it: nobody fits, or only in part.
  const fit =
    r.match_quality === "none"
      ? html`<p class="notice" id="match-quality" data-quality="none">${t.noFit}</p>`
      : r.match_quality === "partial"
        ? html`<p class="muted" id="match-quality" data-quality="partial">${t.partialFit}</p>`
        : "";
  if (r.experts.length === 0) return html`<p class="notice">${t.noResults}</p>`;
  const pages = Math.max(1, Math.ceil(r.total / r.limit));
  return html`${fit}<p class="muted" id="result-count">${fill(t.results, { n: r.total_is_exact ? r.total : `${r.total}+` })}</p>
<ol class="results">${r.experts.map((e) => resultCard(e, view, t))}</ol>
<nav class="pager" aria-label="pages">
  ${r.page > 0 ? html`<a rel="prev" href="${pageHref(view, r.page - 1)}">← ${t.previous}</a>` : html`<span></span>`}
  <span class="muted">${fill(t.pageOf, { p: r.page + 1, n: r.total_is_exact ? pages : `${pages}+` })}</span>
  ${r.has_more ? html`<a rel="next" href="${pageHref(view, r.page + 1)}">${t.next} →</a>` : html`<span></span>`}
</nav>`;
}

/** `/` and `/experts`: the search box, the API's filters, a page of results and page links. */
export function directoryPage(view: DirectoryView): Html {
  const t = pageText(view.locale);
  return publicLayout(
    {
      locale: view.locale,
      title: t.siteName,
      description: t.tagline,
      extra: html`<link rel="canonical" href="${view.canonical}">`,
    },
    html`<h1>${t.siteName}</h1>
<p class="muted">${t.tagline}</p>
${searchForm(view, t)}
${results(view, t)}`,
  );
}
