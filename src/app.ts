import { Elysia } from "elysia";
import type { Config } from "./config.ts";
import type { Database } from "./db/connect.ts";
import { expertRoutes } from "./experts/routes.ts";
import { expertUrls } from "./experts/urls.ts";
import { problemErrors } from "./http/errors.ts";
import type { Logger } from "./log.ts";
import { docsRoutes } from "./web/docs.ts";
import { webRoutes } from "./web/routes.ts";

export interface AppDeps {
  config: Config;
  db: Database;
  log: Logger;
  /** Absolute base of public URLs, known once the server listens. */
  baseUrl: () => string;
}

/** Builds the whole HTTP surface from the feature plugins; it knows nothing of how it is served. */
export function createApp(deps: AppDeps) {
  const urls = expertUrls(deps.baseUrl);
  const sql = deps.db.sql;
  return new Elysia()
    .use(problemErrors(deps.log))
    .get("/", ({ redirect }) => redirect("/api/docs"))
    .use(docsRoutes())
    .use(expertRoutes({ sql, urls }))
    .use(webRoutes({ sql, urls }));
}

export type App = ReturnType<typeof createApp>;
