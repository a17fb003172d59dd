import { Elysia } from "elysia";
import type { Sql } from "../db/connect.ts";
import { getExpertProfile } from "../experts/profile.ts";
import { checkSlug } from "../experts/slug.ts";
import type { ExpertUrls } from "../experts/urls.ts";
import { initialsAvatarSvg } from "./avatar.ts";
import { htmlResponse } from "./html.ts";
import { profilePage } from "./profile-page.ts";
import cssPath from "./site.css" with { type: "file" };

/** Public pages: the expert profile behind profile_url, initials avatars, the shared stylesheet. */
export function webRoutes(deps: { sql: Sql; urls: ExpertUrls }) {
  return new Elysia({ name: "web" })
    .get("/assets/site.css", () => new Response(Bun.file(cssPath), { headers: { "content-type": "text/css; charset=utf-8" } }))
    .get("/experts/:slug", async ({ params }) =>
      htmlResponse(profilePage(await getExpertProfile(deps.sql, checkSlug(params.slug), "en", deps.urls))),
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
