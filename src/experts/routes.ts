import { Elysia } from "elysia";
import { pathParameters, queryValidator } from "../contract/index.ts";
import type { Sql } from "../db/connect.ts";
import type { Auth } from "../http/auth.ts";
import { type CachePolicy, cachedJson } from "../http/cached-json.ts";
import { type RevalidationCache, revalidation } from "../http/revalidation.ts";
import { expertAvailabilityAt } from "./availability.ts";
import { checkWindow } from "./availability-window.ts";
import type { DirectoryVersionSource } from "./directory-version.ts";
import { expertProfileJson } from "./profile.ts";
import type { SearchDeps } from "../search/deps.ts";
import { searchExpertsJson } from "../search/search.ts";
import type { ExpertUrls } from "./urls.ts";
import { checkSlug } from "./slug.ts";

// Each operation's input, typed by its operationId (src/contract/validators.ts says why the
// query is validated here rather than as Elysia's route schema).
const searchQuery = queryValidator("searchExperts");
const profileQuery = queryValidator("getExpert");
const profilePath = pathParameters("getExpert");
const availabilityQuery = queryValidator("getExpertAvailability");
const availabilityPath = pathParameters("getExpertAvailability");

// The directory changes by imports and edits, rarely within a minute; the ETag (a hash of the bytes)
// makes every revalidation exact, so a minute of reuse and ten of stale-while-revalidate trade
// little freshness for most repeat requests never reaching the server.
const DIRECTORY: CachePolicy = { maxAge: 60, staleWhileRevalidate: 600 };
// Availability's max-age also ends at the last second its `upcoming` holds (upcomingChangesAt:
// the next quarter hour after now + buffer at the latest), with no stale-while-revalidate, since
// a stale `upcoming` would offer times already gone (policyUntil).
const AVAILABILITY: CachePolicy = { maxAge: 60 };

/**
 * The public read API: search, profile and weekly availability. A key is optional; `rateLimit`
 * checks one that is sent (401 when invalid) and draws on its budget, else on the address's, before
 * the handler runs, so a 304 draws on the budget like a 200. Answers carry ETag and Cache-Control
 * (src/http/cached-json.ts). Profile and availability read only tables that bump the directory
 * version, so a matching If-None-Match is answered from the version alone (src/http/revalidation.ts),
 * the version pushed over the shared channel (`directoryVersion`, no statement while it listens);
 * search also depends on the search vocabulary, held in memory, so it is hashed every time.
 */
export function expertRoutes<Owner extends { keyId: string }, User>(deps: {
  sql: Sql;
  urls: ExpertUrls;
  auth: Auth<Owner, User>;
  directoryVersion: DirectoryVersionSource;
  search: SearchDeps;
  revalidations?: RevalidationCache;
}) {
  const revalidated = revalidation({ version: deps.directoryVersion, cache: deps.revalidations });
  return new Elysia({ name: "experts", prefix: "/api/agents/experts" })
    .use(deps.auth.plugin)
    .get(
      "/",
      async ({ request }) => cachedJson(request, await searchExpertsJson(deps.search, searchQuery(request)), DIRECTORY),
      { rateLimit: "search" },
    )
    .get(
      "/:slug",
      async ({ params, request }) => {
        const { locale = "en" } = profileQuery(request);
        const slug = checkSlug(profilePath(params).slug);
        return revalidated(request, async () => ({
          body: await expertProfileJson(deps.sql, slug, locale, deps.urls),
          policy: DIRECTORY,
          holdsUntil: null,
        }));
      },
      { rateLimit: "profile" },
    )
    .get(
      "/:slug/availability",
      async ({ params, request }) => {
        const now = Date.now();
        const window = checkWindow(availabilityQuery(request), now);
        const slug = checkSlug(availabilityPath(params).slug);
        return revalidated(request, async () => {
          const { availability, holdsUntil } = await expertAvailabilityAt(deps.sql, slug, window, now);
          return { body: availability, policy: AVAILABILITY, holdsUntil };
        });
      },
      { rateLimit: "availability" },
    );
}
