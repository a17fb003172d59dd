import { Elysia } from "elysia";
import type { RateLimitSettings } from "../config.ts";
import { budgetsInWords } from "../http/limit-messages.ts";
import { PROBLEM_KINDS, type ProblemKind, problemType } from "../http/problem-types.ts";
import { TITLES } from "../http/problem.ts";
import { type Html, html, htmlResponse } from "../html.ts";
import { publicLayout } from "./public-layout.ts";

// Backticked words of the catalogue become <code>; everything else is escaped text.
function prose(text: string): Html[] {
  return text.split(/`([^`]+)`/).map((part, i) => (i % 2 ? html`<code>${part}</code>` : html`${part}`));
}

function kindPage(kind: string, k: ProblemKind, more: string | null): Html {
  const title = TITLES[k.status] ?? "Error";
  return publicLayout(
    { locale: "en", title: `${k.status} ${title}: ${kind} | Expert Directory`, description: k.happened },
    html`<article class="problem-page">
<p class="muted">Problem type <code>${problemType(kind)}</code> · HTTP ${k.status}</p>
<h1>${title}</h1>
<h2>What happened</h2>
<p>${prose(k.happened)}</p>
${more ? html`<p>${more}</p>` : ""}
<h2>What to do</h2>
<p>${prose(k.todo)}</p>
<p class="muted">Errors of this API are RFC 9457 problem documents (<code>application/problem+json</code>) with <code>type</code> (this page), <code>title</code>, <code>status</code> and <code>detail</code>, which says what happened this time. <a href="/problems">All problem types</a> · <a href="/llms.txt">llms.txt</a> · <a href="/api/docs">API reference</a></p>
</article>`,
  );
}

function indexPage(): Html {
  return publicLayout(
    { locale: "en", title: "Problem types | Expert Directory" },
    html`<h1>Problem types</h1>
<ul>${Object.entries(PROBLEM_KINDS).map(([kind, k]) => html`<li><a href="${problemType(kind)}">${kind}</a> (${k.status} ${TITLES[k.status]})</li>`)}</ul>`,
  );
}

/** /problems and /problems/<kind>: the pages problem `type`s point to; `rate-limited` gives this server's budgets. */
export function problemPages(rateLimits: RateLimitSettings) {
  const more = (kind: string) => (kind === "rate-limited" ? budgetsInWords(rateLimits) : null);
  const pages = new Map(Object.entries(PROBLEM_KINDS).map(([kind, k]) => [kind, kindPage(kind, k, more(kind))]));
  const index = indexPage();
  return new Elysia({ name: "problem-pages" })
    .get("/problems", () => htmlResponse(index))
    .get("/problems/:kind", ({ params }) => {
      const page = pages.get(params.kind);
      return page
        ? htmlResponse(page)
        : htmlResponse(
            html`<html lang="en"><head><meta charset="utf-8"><title>Not found</title><link rel="stylesheet" href="/assets/site.css"></head><body><main class="page"><h1>No such problem type</h1><p><a href="/problems">All problem types</a></p></main></body></html>`,
            404,
          );
    });
}
