import type { Locale } from "../experts/summary.ts";
import { type Html, html } from "../html.ts";
import { pageText } from "./page-text.ts";

export interface Head {
  locale: Locale;
  title: string;
  description?: string | null;
  /** Absolute canonical URL, hreflang alternates, Open Graph, JSON-LD: whatever the page has. */
  extra?: Html;
}

/**
 * The frame of every public page: the shared stylesheet, the optional local-times script (a
 * file, so the CSP's script-src 'self' holds; the page reads the same without it), a header
 * back to the directory and a footer pointing agents to the API.
 */
export function publicLayout(head: Head, body: Html): Html {
  const t = pageText(head.locale);
  return html`<html lang="${head.locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${head.title}</title>
${head.description ? html`<meta name="description" content="${head.description}">` : ""}
${head.extra ?? ""}
<link rel="stylesheet" href="/assets/site.css">
<script src="/assets/local-times.js" defer></script>
</head>
<body>
<header class="site-head"><div class="page"><a class="brand" href="/">${t.siteName}</a></div></header>
<main class="page">
${body}
</main>
<footer class="site-foot"><div class="page muted">
  <a href="/llms.txt">llms.txt</a> · <a href="/api/docs">API</a> · <a href="/api/openapi.json">OpenAPI</a> · MCP <code>/api/mcp</code> · <a href="/dashboard">API keys</a>
</div></footer>
</body>
</html>`;
}
