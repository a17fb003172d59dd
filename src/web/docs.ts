import { Elysia } from "elysia";
// Swagger UI's files are inside the executable; the page loads nothing from the internet.
import bundlePath from "swagger-ui-dist/swagger-ui-bundle.js" with { type: "file" };
import cssPath from "swagger-ui-dist/swagger-ui.css" with { type: "file" };
import { servedDocument } from "../contract/index.ts";

const DOCS_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Expert Directory API reference</title>
<link rel="stylesheet" href="/api/docs/swagger-ui.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="/api/docs/swagger-ui-bundle.js"></script>
<script src="/api/docs/init.js"></script>
</body>
</html>`;

// A file of its own rather than an inline script, so the page works under a strict CSP.
const INIT_SCRIPT = `window.ui = SwaggerUIBundle({ url: "/api/openapi.json", dom_id: "#swagger-ui", deepLinking: true });`;

function asset(path: string, type: string) {
  return () =>
    new Response(Bun.file(path), { headers: { "content-type": type, "cache-control": "public, max-age=86400" } });
}

/**
 * The contract as JSON (/api/openapi.json) and an interactive reference of it (/api/docs).
 * `baseUrl` is PUBLIC_BASE_URL or the listen address, known once the server listens: the document
 * is built at the first request and kept (see src/contract/served.ts).
 */
export function docsRoutes(baseUrl: () => string, publicBaseUrl: string | null) {
  let openapiJson: string | null = null;
  return new Elysia({ name: "docs" })
    .get("/api/openapi.json", () => {
      openapiJson ??= JSON.stringify(servedDocument(baseUrl(), publicBaseUrl));
      return new Response(openapiJson, { headers: { "content-type": "application/json" } });
    })
    .get("/api/docs", () => new Response(DOCS_PAGE, { headers: { "content-type": "text/html; charset=utf-8" } }))
    .get("/api/docs/swagger-ui.css", asset(cssPath, "text/css; charset=utf-8"))
    .get("/api/docs/swagger-ui-bundle.js", asset(bundlePath, "text/javascript; charset=utf-8"))
    .get(
      "/api/docs/init.js",
      () => new Response(INIT_SCRIPT, { headers: { "content-type": "text/javascript; charset=utf-8" } }),
    );
}
