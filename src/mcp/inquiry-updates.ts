import { type McpServer, ResourceTemplate } from "@modelcontextprotocol/sdk/server/mcp.js";
import {
  ErrorCode,
  McpError,
  SubscribeRequestSchema,
  UnsubscribeRequestSchema,
} from "@modelcontextprotocol/sdk/types.js";
import type { Channel } from "../db/channel.ts";
import type { Sql } from "../db/connect.ts";
import type { ExpertUrls } from "../experts/urls.ts";
import { HttpProblem } from "../http/problem.ts";
import { getInquiryStatus } from "../inquiries/status.ts";
import type { Logger } from "../log.ts";
import { INQUIRY_STATUS_CHANNEL } from "../webhooks/delivery.ts";
import { type McpCaller, callerOf } from "./caller.ts";

/** The URI of an inquiry as an MCP resource. */
export const inquiryUri = (id: string) => `inquiry://${id}`;

/**
 * Inquiries as MCP resources, and their updates pushed to the sessions that care (issue 21).
 *
 * - `inquiry://{id}` can be read (resources/read): the same JSON as getInquiryStatus, for a key
 *   of the account that sent it.
 * - When an inquiry's status changes (the `inquiry_status` notification of sql/021, heard by every
 *   process), each open event stream (the GET of /api/mcp) of a session whose key sent the
 *   inquiry gets `notifications/resources/updated` with its URI. No resources/subscribe is needed;
 *   the server accepts one (and unsubscribe) and changes nothing, so clients that subscribe first,
 *   as the protocol suggests, work too. Only the process holding the stream sends, so any instance
 *   can hold it. Like every NOTIFY this is a nudge: an update while the stream is closed or the
 *   channel deaf is not replayed (webhooks are the delivery that retries); resources/read tells
 *   the current state at any time.
 */
export function inquiryUpdates(deps: { sql: Sql; urls: ExpertUrls; channel: Channel; log: Logger }) {
  // API key id → the servers of this process whose event stream is open for a session of that key.
  const streams = new Map<string, Set<McpServer>>();

  async function notify(payload: string): Promise<void> {
    if (streams.size === 0) return; // no stream here: not even a statement
    const id = payload.split(" ")[0];
    const [row] = await deps.sql<{ api_key_id: string | null }[]>`select api_key_id from inquiries where id = ${id}`;
    const servers = row?.api_key_id ? streams.get(row.api_key_id) : undefined;
    for (const server of servers ?? []) {
      server.server.sendResourceUpdated({ uri: inquiryUri(id) }).catch((error) => {
        deps.log.debug("mcp resource update not sent", { error: String((error as Error)?.message ?? error) });
      });
    }
  }

  deps.channel.on(INQUIRY_STATUS_CHANNEL, (payload) => {
    notify(payload).catch((error) =>
      deps.log.warn("mcp inquiry updates: lookup failed", { error: String((error as Error)?.message ?? error) }),
    );
  });

  return {
    /** Adds the inquiry resource and the subscribe capability to a server, before it connects. */
    register(server: McpServer): void {
      server.registerResource(
        "inquiry",
        new ResourceTemplate("inquiry://{id}", { list: undefined }),
        {
          title: "An inquiry you sent",
          description:
            "The status of an inquiry sent with this connection's API key (what get_inquiry_status returns), as JSON. Updated: notifications/resources/updated when its status changes.",
          mimeType: "application/json",
        },
        async (uri, variables, extra) => {
          const owner = callerOf(extra).owner;
          const id = String(variables.id ?? "");
          if (!owner)
            throw new McpError(
              ErrorCode.InvalidParams,
              "Reading an inquiry needs the API key that sent it (Authorization: Bearer on this connection).",
            );
          try {
            const status = await getInquiryStatus(deps.sql, owner, id, deps.urls);
            return { contents: [{ uri: uri.href, mimeType: "application/json", text: JSON.stringify(status) }] };
          } catch (error) {
            if (error instanceof HttpProblem && error.status === 404)
              throw new McpError(-32002, `Resource not found: ${error.detail}`);
            throw error;
          }
        },
      );
      server.server.registerCapabilities({ resources: { subscribe: true } });
      server.server.setRequestHandler(SubscribeRequestSchema, () => ({}));
      server.server.setRequestHandler(UnsubscribeRequestSchema, () => ({}));
    },
    /** Registers an open event stream of a session with `caller`'s key; returns its release. */
    watch(caller: McpCaller, server: McpServer): () => void {
      const keyId = caller.owner?.keyId;
      if (!keyId) return () => {};
      let set = streams.get(keyId);
      if (!set) streams.set(keyId, (set = new Set()));
      set.add(server);
      return () => {
        set.delete(server);
        if (set.size === 0 && streams.get(keyId) === set) streams.delete(keyId);
      };
    },
  };
}

export type InquiryUpdates = ReturnType<typeof inquiryUpdates>;
