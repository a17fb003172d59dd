import { Elysia } from "elysia";
import type { Config } from "../config.ts";
import type { Channel } from "../db/channel.ts";
import type { Pool } from "../db/connect.ts";
import type { SearchDeps } from "../search/deps.ts";
import type { ExpertUrls } from "../experts/urls.ts";
import type { Auth } from "../http/auth.ts";
import { problem } from "../http/problem.ts";
import { streamSlots } from "../http/stream-slots.ts";
import { type InquiryDeps, submitInquiry } from "../inquiries/submit.ts";
import type { KeyOwner } from "../keys/verify.ts";
import type { Logger } from "../log.ts";
import type { AppOps } from "../ops/ops.ts";
import { legacySse, MESSAGES_PATH, SSE_PATH } from "./legacy-sse.ts";
import { mcpOriginAllowed } from "./origin.ts";
import { mcpTools } from "./server.ts";
import { McpSessions } from "./sessions.ts";
import { sseRelay } from "./sse-relay.ts";
import { inquiryUpdates } from "./inquiry-updates.ts";
import { sessionServerCache, streamableHttp } from "./streamable-http.ts";
import type { McpCaller } from "./caller.ts";
import type { McpToolDeps } from "./tool-deps.ts";

export interface McpRouteDeps<User> {
  config: Pick<Config, "mcp" | "bounds">;
  sql: Pool;
  urls: ExpertUrls;
  log: Logger;
  baseUrl: () => string;
  ops: AppOps;
  inquiries: InquiryDeps;
  auth: Auth<KeyOwner, User>;
  channel: Channel;
  search: SearchDeps;
}

/**
 * The MCP endpoints: /api/mcp (Streamable HTTP), /api/sse + /api/messages (HTTP+SSE). Every HTTP
 * request of either is checked the same way before any MCP processing: a foreign Origin gets 403,
 * an Authorization header with an invalid or revoked key gets 401; no key at all is fine (the
 * read tools work, submit_inquiry answers with a tool error).
 */
export function mcpRoutes<User>(deps: McpRouteDeps<User>) {
  const { ops, log } = deps;
  const sessions = new McpSessions({
    sql: deps.sql,
    log,
    idleSeconds: deps.config.mcp.sessionIdleSeconds,
    maxSessions: deps.config.bounds.mcpSessions,
    channel: deps.channel,
  });
  ops.shutdown.onShutdown("mcp sessions", () => sessions.closeAll(), "drain");
  ops.metrics.mcpSessionsOpen.collect(() => sessions.count());

  const toolDeps: McpToolDeps = {
    sql: deps.sql,
    urls: deps.urls,
    log,
    search: deps.search,
    async rateLimit(budget, caller) {
      await deps.auth.drawOn(budget, caller);
    },
    async submitInquiry(owner, input) {
      return (await submitInquiry(deps.inquiries, owner, input, null)).inquiry;
    },
  };
  // A new session (initialize, or an /api/sse stream) draws on a budget of its own, shared by
  // every worker and instance like the others.
  const admit = async (caller: McpCaller) => void (await deps.auth.drawOn("mcp-session", caller));
  const tools = mcpTools(toolDeps);
  const sessionServers = sessionServerCache();
  ops.metrics.caches.watch(() => [sessionServers.stats()]);
  const updates = inquiryUpdates({ sql: deps.sql, urls: deps.urls, channel: deps.channel, log });
  const mcp = streamableHttp({ tools, sessions, admit, sessionServers, updates });
  const relay = sseRelay({ sql: deps.sql, channel: deps.channel, log });
  const sse = legacySse({ tools, sessions, relay, log });
  // Event streams are held for as long as the client keeps them: bounded per address and in all.
  const streams = streamSlots({ perClient: deps.config.bounds.streamsPerClient, total: deps.config.bounds.streams });
  ops.metrics.eventStreamsOpen.collect(() => streams.stats().open);

  // The Origin check is a hook of this instance, so it runs before the route's `apiKey` option:
  // a foreign page learns nothing about keys. parse: "none" leaves the body to the transports,
  // which read it with their own size limit.
  return new Elysia()
    .use(deps.auth.plugin)
    .onBeforeHandle(function refuseForeignOrigin({ request }) {
      if (!mcpOriginAllowed(request.headers.get("origin"), deps.baseUrl(), deps.config.mcp.allowedOrigins)) {
        throw problem(
          403,
          "Cross-origin request refused: this MCP server accepts browser requests only from its own origin (DNS-rebinding protection). Operators can allow more origins with MCP_ALLOWED_ORIGINS.",
        );
      }
    })
    .post("/api/mcp", ({ request, caller }) => mcp(request, caller), { apiKey: true, parse: "none" })
    .get("/api/mcp", ({ request, caller }) => streams.hold(caller.clientIp, () => mcp(request, caller)), {
      apiKey: true,
    })
    .delete("/api/mcp", ({ request, caller }) => mcp(request, caller), { apiKey: true })
    .get(
      SSE_PATH,
      async ({ caller }) => {
        await admit(caller);
        return streams.hold(caller.clientIp, () => sse.openStream());
      },
      { apiKey: true },
    )
    .post(MESSAGES_PATH, ({ request, caller }) => sse.postMessage(request, caller), { apiKey: true, parse: "none" });
}
