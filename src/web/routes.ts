import { Elysia } from "elysia";
import type { Sql } from "../db/connect.ts";
import { checkSlug } from "../experts/slug.ts";
import type { ExpertUrls } from "../experts/urls.ts";
import { initialsAvatarSvg } from "./avatar.ts";
import localTimesPath from "./local-times.js" with { type: "file" };
import cssPath from "./site.css" with { type: "file" };

/** Assets of the public pages (src/web/public-routes.ts): initials avatars, the stylesheet, the local-times script. */
export function webRoutes(deps: { sql: Sql; urls: ExpertUrls }) {
  return new Elysia({ name: "web" })
    .get(
      "/assets/site.css",
      () => new Response(Bun.file(cssPath), { headers: { "content-type": "text/css; charset=utf-8" } }),
    )
    .get(
      "/assets/local-times.js",
      () =>
        new Response(Bun.file(localTimesPath), {
          headers: { "content-type": "text/javascript; charset=utf-8", "cache-control": "no-cache" },
        }),
    )
    .get("/avatars/:file", async ({ params }) => {
      const slug = checkSlug(params.file.replace(/\.svg$/, ""));
      const [row] = await deps.sql<{ name: string }[]>`
        select name from experts where slug = ${slug} and is_public and is_verified`;
      if (!row) return new Response("Not found", { status: 404 });
      return new Response(initialsAvatarSvg(slug, row.name), {
        headers: { "content-type": "image/svg+xml", "cache-control": "public, max-age=86400" },
      });
    });
}
