import { Elysia } from "elysia";
import { sameOriginGuard } from "./accounts/origin.ts";
import type { AttemptStore } from "./accounts/attempt-store.ts";
import { passwordHashing } from "./accounts/passwords.ts";
import { authRoutes } from "./accounts/routes.ts";
import { sessionLookup } from "./accounts/session-user.ts";
import { loginLimits } from "./accounts/throttle.ts";
import type { Config } from "./config.ts";
import type { Channel } from "./db/channel.ts";
import type { Database } from "./db/connect.ts";
import type { DirectoryVersionSource } from "./experts/directory-version.ts";
import { expertRoutes } from "./experts/routes.ts";
import { zonedTimeCaches } from "./experts/zoned-time.ts";
import { revalidationCache } from "./http/revalidation.ts";
import { expertUrls } from "./experts/urls.ts";
import { summaryShape } from "./experts/summary-shape.ts";
import { authPlugin } from "./http/auth.ts";
import { bodyLimit } from "./http/body-limit.ts";
import { clientAddresses } from "./http/client-ip.ts";
import { compression } from "./http/compression.ts";
import { publicCors } from "./http/cors.ts";
import { problemErrors } from "./http/errors.ts";
import { allowedMethods } from "./http/method-not-allowed.ts";
import type { Mailer } from "./inquiries/mailer.ts";
import { inquiryRoutes } from "./inquiries/routes.ts";
import { inquiryStatusRoute } from "./inquiries/status-route.ts";
import type { InquiryDeps } from "./inquiries/submit.ts";
import { requestLog } from "./http/request-log.ts";
import { securityHeaders } from "./http/security-headers.ts";
import { validHost } from "./http/valid-host.ts";
import { keyRoutes } from "./keys/routes.ts";
import { keyVerifier, missingKeyProblem } from "./keys/verify.ts";
import type { Logger } from "./log.ts";
import { mcpRoutes } from "./mcp/routes.ts";
import { opsRoutes } from "./ops/health.ts";
import type { AppOps } from "./ops/ops.ts";
import { dashboardRoutes } from "./web/dashboard-routes.ts";
import { systemResolver } from "./webhooks/address-policy.ts";
import { webhookRoutes } from "./webhooks/routes.ts";
import { discoveryRoutes } from "./web/discovery-routes.ts";
import { docsRoutes } from "./web/docs.ts";
import { inquiryActionRoutes } from "./web/inquiry-action-routes.ts";
import { problemPages } from "./web/problem-pages.ts";
import { publicPageRoutes } from "./web/public-routes.ts";
import type { SearchDeps } from "./search/deps.ts";
import { searchCacheStats, searchStores } from "./search/stores.ts";
import { webRoutes } from "./web/routes.ts";

export interface AppDeps {
  config: Config;
  db: Database;
  log: Logger;
  /** Absolute base of public URLs, known once the server listens. */
  baseUrl: () => string;
  /** Metrics, rate limiter, shutdown hooks, client address (src/ops/ops.ts createOps). */
  ops: AppOps;
  /** Sends inquiry e-mails; the same one the outbox worker uses (src/inquiries/mailer.ts). */
  mailer: Mailer;
  /** Where the log-in throttle counts, shared by every process (src/accounts/attempts.ts). */
  loginAttempts: AttemptStore;
  /** This process's end of the shared channel (src/db/channel.ts): the legacy SSE relay rides on it. */
  channel: Channel;
  /** The directory version pushed over the channel (src/experts/directory-version.ts). */
  directoryVersion: DirectoryVersionSource;
}

/** Builds the whole HTTP surface from the feature plugins; it knows nothing of how it is served. */
export function createApp(deps: AppDeps) {
  const urls = expertUrls(deps.baseUrl);
  const sql = deps.db.sql;
  // One set of inquiry dependencies for REST and MCP (submitInquiry in src/inquiries/submit.ts).
  const { ops } = deps;
  const inquiries: InquiryDeps = {
    sql,
    urls,
    mailer: deps.mailer,
    log: deps.log,
    retryBaseMs: deps.config.mail.retryBaseMs,
    onAttempt: ops.metrics.countEmailAttempt,
  };
  // The one reading of API keys, sessions and client addresses for REST and MCP; http/ knows no
  // feature, so the key check and the session lookup are handed to it here.
  const clientAddress = clientAddresses(deps.config.trustProxy);
  const auth = authPlugin({
    verifyKey: keyVerifier(sql),
    missingKey: missingKeyProblem,
    sessionUser: sessionLookup(sql, { publicBaseUrl: deps.config.publicBaseUrl }),
    limiter: ops.limiter,
    clientAddress,
  });
  // One search for REST, MCP and the pages, holding this app's search caches; the vocabulary
  // hears its changes over the shared channel (registered before the channel starts).
  const search: SearchDeps = { sql, stores: searchStores(), version: deps.directoryVersion, shape: summaryShape(urls) };
  search.stores.vocabulary.listenOn(deps.channel);
  // Every in-memory cache is bounded (src/cache/lru.ts) and shown in /metrics (docs/operations.md, Bounds).
  const revalidations = revalidationCache();
  ops.metrics.caches.watch(() => [
    ...zonedTimeCaches.map((c) => c.stats()),
    ...searchCacheStats(search.stores),
    revalidations.stats(),
  ]);
  const log = requestLog({ log: deps.log, metrics: ops.metrics, clientAddress });
  // Read at request time, once the whole app (and so every route) exists.
  const methodsAt = allowedMethods(() => app.routes);
  const app = new Elysia()
    .use(log)
    .use(validHost({ onRefuse: (request, status) => log.finish(request, "bad-host", status) }))
    .use(securityHeaders())
    .use(publicCors({ onPreflight: (request, status) => log.finish(request, "preflight", status) }))
    // Before every route (hooks reach only the routes added after them); the expert reads compress
    // their own answers (src/http/cached-json.ts, the ETag names the coding) and MCP streams are left alone.
    .use(compression())
    .use(bodyLimit({ onRefuse: (request, status) => log.finish(request, "body-limit", status) }))
    .use(problemErrors(deps.log, methodsAt))
    .use(
      opsRoutes({
        sql,
        metrics: ops.metrics.registry,
        isDraining: () => ops.shutdown.draining,
        rateLimitStore: () => ops.limiter.storeStatus(),
      }),
    )
    .use(sameOriginGuard({ baseUrl: deps.baseUrl, publicBaseUrl: deps.config.publicBaseUrl }))
    .use(docsRoutes(deps.baseUrl, deps.config.publicBaseUrl))
    .use(discoveryRoutes({ sql, urls, securityContact: deps.config.securityContact }))
    .use(expertRoutes({ sql, urls, auth, directoryVersion: deps.directoryVersion, search, revalidations }))
    .use(webRoutes({ sql, urls }))
    .use(publicPageRoutes({ sql, urls, auth, search }))
    .use(problemPages(deps.config.rateLimits))
    .use(inquiryActionRoutes({ sql, log: deps.log }))
    .use(inquiryRoutes({ ...inquiries, auth }))
    .use(inquiryStatusRoute({ sql, urls, auth }))
    .use(
      mcpRoutes({
        config: deps.config,
        sql,
        urls,
        log: deps.log,
        baseUrl: deps.baseUrl,
        ops,
        inquiries,
        auth,
        channel: deps.channel,
        search,
      }),
    )
    .use(
      authRoutes({
        sql,
        log: deps.log,
        passwords: passwordHashing(deps.config.passwordHash),
        signup: deps.config.signup,
        publicBaseUrl: deps.config.publicBaseUrl,
        auth,
        limits: loginLimits(deps.loginAttempts),
      }),
    )
    .use(keyRoutes({ sql, log: deps.log, auth }))
    .use(
      webhookRoutes({
        sql,
        log: deps.log,
        auth,
        allowPrivate: deps.config.webhooks.allowPrivate,
        resolve: systemResolver,
      }),
    )
    .use(dashboardRoutes({ sql, signup: deps.config.signup, auth }));
  return app;
}

export type App = ReturnType<typeof createApp>;
