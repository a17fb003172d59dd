import { type Env, parseInteger } from "./parse.ts";

/** What a client can make one process hold, at most (docs/operations.md, "Bounds"). */
export interface BoundsConfig {
  bounds: {
    /** Open event streams (GET /api/sse, GET /api/mcp) per client address per process (MAX_STREAMS_PER_CLIENT). */
    streamsPerClient: number;
    /** Open event streams per process, all clients together (MAX_STREAMS). */
    streams: number;
    /** Rows of `mcp_sessions`: past it, a new session evicts the longest idle ones (MAX_MCP_SESSIONS). */
    mcpSessions: number;
  };
}

// Defaults: an MCP client keeps one or two streams, a few behind one NAT stay under 8; 1,000
// streams are ~1,000 file descriptors and a few MB, far from a process's limit (ulimit 1024
// is raised by most service managers; the stream flood of issue 18 filled ~20,000).
export function loadBoundsConfig(env: Env): BoundsConfig {
  return {
    bounds: {
      streamsPerClient: parseInteger("MAX_STREAMS_PER_CLIENT", env.MAX_STREAMS_PER_CLIENT, 8, 1, 100_000),
      streams: parseInteger("MAX_STREAMS", env.MAX_STREAMS, 1000, 1, 1_000_000),
      mcpSessions: parseInteger("MAX_MCP_SESSIONS", env.MAX_MCP_SESSIONS, 10_000, 1, 100_000_000),
    },
  };
}
