import { Elysia } from "elysia";
import { pathParameters, queryValidator } from "../contract/index.ts";
import type { Sql } from "../db/connect.ts";
import type { Auth } from "../http/auth.ts";
import { getExpertAvailability } from "./availability.ts";
import { checkWindow } from "./availability-window.ts";
import { getExpertProfile } from "./profile.ts";
import { searchExperts } from "./search.ts";
import type { ExpertUrls } from "./urls.ts";
import { checkSlug } from "./slug.ts";

// Each operation's input, typed by its operationId (src/contract/validators.ts says why the
// query is validated here rather than as Elysia's route schema).
const searchQuery = queryValidator("searchExperts");
const profileQuery = queryValidator("getExpert");
const profilePath = pathParameters("getExpert");
const availabilityQuery = queryValidator("getExpertAvailability");
const availabilityPath = pathParameters("getExpertAvailability");

/**
 * The public read API: search, profile and weekly availability. A key is optional; `rateLimit`
 * checks one that is sent (401 when invalid) and draws on its budget, else on the address's.
 */
export function expertRoutes<Owner extends { keyId: string }, User>(deps: { sql: Sql; urls: ExpertUrls; auth: Auth<Owner, User> }) {
  return new Elysia({ name: "experts", prefix: "/api/agents/experts" })
    .use(deps.auth.plugin)
    .get("/", ({ request }) => searchExperts(deps.sql, searchQuery(request), deps.urls), { rateLimit: "search" })
    .get("/:slug", ({ params, request }) => {
      const { locale = "en" } = profileQuery(request);
      return getExpertProfile(deps.sql, checkSlug(profilePath(params).slug), locale, deps.urls);
    }, { rateLimit: "profile" })
    .get("/:slug/availability", ({ params, request }) => {
      const now = Date.now();
      const window = checkWindow(availabilityQuery(request), now);
      return getExpertAvailability(deps.sql, checkSlug(availabilityPath(params).slug), window, now);
    }, { rateLimit: "availability" });
}
