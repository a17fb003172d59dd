import { Elysia } from "elysia";
import type { Sql } from "../db/connect.ts";
import { apiCaller } from "../http/caller.ts";
import type { rateLimits } from "../http/rate-limit.ts";
import { queryValidator } from "../http/validate.ts";
import { getExpertAvailability } from "./availability.ts";
import { checkWindow, type WindowQuery } from "./availability-window.ts";
import { getExpertProfile } from "./profile.ts";
import { type SearchQuery, searchExperts } from "./search.ts";
import type { Locale } from "./summary.ts";
import type { ExpertUrls } from "./urls.ts";
import { checkSlug } from "./slug.ts";

const searchQuery = queryValidator<SearchQuery>("searchExperts");
const profileQuery = queryValidator<{ locale?: Locale }>("getExpert");
const availabilityQuery = queryValidator<WindowQuery>("getExpertAvailability");

/** The public read API: search, profile and weekly availability. */
export function expertRoutes(deps: { sql: Sql; urls: ExpertUrls; limits: ReturnType<typeof rateLimits> }) {
  return new Elysia({ name: "experts", prefix: "/api/agents/experts" })
    .use(apiCaller(deps.sql))
    .use(deps.limits)
    .get("/", ({ request }) => searchExperts(deps.sql, searchQuery(request), deps.urls), { rateLimit: "search" })
    .get("/:slug", ({ params, request }) => {
      const { locale = "en" } = profileQuery(request);
      return getExpertProfile(deps.sql, checkSlug(params.slug), locale, deps.urls);
    }, { rateLimit: "profile" })
    .get("/:slug/availability", ({ params, request }) => {
      const now = Date.now();
      const window = checkWindow(availabilityQuery(request), now);
      return getExpertAvailability(deps.sql, checkSlug(params.slug), window, now);
    }, { rateLimit: "availability" });
}
