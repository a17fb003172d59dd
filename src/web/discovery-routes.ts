import { Elysia } from "elysia";
import type { Sql } from "../db/connect.ts";
import type { ExpertUrls } from "../experts/urls.ts";
import { llmsTxt, robotsTxt, securityTxt } from "./discovery.ts";
import { SITEMAP_LIMIT, sitemapFile, sitemapRoot } from "./sitemap.ts";

const TEXT = { "content-type": "text/plain; charset=utf-8", "cache-control": "public, max-age=3600" };
const XML = { "content-type": "application/xml; charset=utf-8", "cache-control": "public, max-age=3600" };

/** /llms.txt, /robots.txt, /.well-known/security.txt, /sitemap.xml and its files. */
export function discoveryRoutes(deps: {
  sql: Sql;
  urls: ExpertUrls;
  securityContact: string;
  sitemapPerFile?: number;
}) {
  const perFile = deps.sitemapPerFile ?? SITEMAP_LIMIT;
  const notFound = () =>
    new Response("Not found\n", { status: 404, headers: { "content-type": "text/plain; charset=utf-8" } });
  return new Elysia({ name: "discovery" })
    .get("/llms.txt", () => new Response(llmsTxt(deps.urls.base()), { headers: TEXT }))
    .get("/robots.txt", () => new Response(robotsTxt(deps.urls.base()), { headers: TEXT }))
    .get(
      "/.well-known/security.txt",
      () => new Response(securityTxt(deps.urls.base(), deps.securityContact), { headers: TEXT }),
    )
    .get("/sitemap.xml", async () => new Response(await sitemapRoot(deps.sql, deps.urls, perFile), { headers: XML }))
    .get("/sitemaps/:file", async ({ params }) => {
      const n = /^experts-(\d{1,6})\.xml$/.exec(params.file);
      const body = n ? await sitemapFile(deps.sql, deps.urls, Number(n[1]), perFile) : null;
      return body ? new Response(body, { headers: XML }) : notFound();
    });
}
