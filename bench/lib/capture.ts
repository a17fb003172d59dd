// What the server sends to PostgreSQL for one request, and what it answers: the app is started
// in this process on the benchmark's database, postgres.js's debug hook records every statement
// with its parameters, and each request of each endpoint is sent twice, the second one recorded,
// so the capture is a request in steady state (count cache filled, directory version known), as
// nearly every request under load is. The answers' bytes (identity encoding, as wrk asks) are what
// the bare HTTP ceiling serves.
import { loadConfig } from "../../src/config.ts";
import { createLogger } from "../../src/log.ts";
import { startServer } from "../../src/server.ts";
import { type BenchRequest, type Endpoint, openMcpSession, withSession } from "./endpoints.ts";

export interface Statement {
  sql: string;
  params: unknown[];
}

export interface CapturedRequest {
  request: BenchRequest;
  status: number;
  contentType: string;
  body: Uint8Array;
  statements: Statement[];
}

export interface Capture {
  endpoints: Map<string, CapturedRequest[]>;
  /** Settings the server's connections set at startup (plan_cache_mode …), for pgbench's PGOPTIONS. */
  sessionSettings: Record<string, string>;
  /** Statements seen while no request ran (left out of every request's capture). */
  background: string[];
}

export async function captureEndpoints(databaseUrl: string, endpoints: Endpoint[]): Promise<Capture> {
  const config = { ...loadConfig({ DATABASE_URL: databaseUrl, RATE_LIMITS: "off", LOG_LEVEL: "warn" }), port: 0 };
  // No outbox sender: its polling would land in the capture windows.
  const server = await startServer(config, createLogger("warn"), { prepared: true, mailDelivery: false });
  let recorded: Statement[] = [];
  (server.db.sql.options as any).debug = (_connection: number, sql: string, params: unknown[]) =>
    recorded.push({ sql, params: [...params] });
  try {
    const settings = await server.db.sql<{ name: string; setting: string }[]>`
      select name, setting from pg_settings where source = 'client' and name <> 'application_name'`;
    recorded = [];
    await Bun.sleep(1500);
    const background = [...new Set(recorded.map((s) => s.sql))];
    const session = await openMcpSession(server.url);
    const send = async (r: BenchRequest) => {
      const request = withSession(r, session);
      const res = await fetch(server.url + request.path, {
        method: request.method,
        headers: { ...request.headers, "accept-encoding": "identity" },
        body: request.body,
        decompress: false,
      });
      const body = new Uint8Array(await res.arrayBuffer());
      await Bun.sleep(20); // statements a handler starts after answering
      return { status: res.status, contentType: res.headers.get("content-type") ?? "application/octet-stream", body };
    };
    const captured = new Map<string, CapturedRequest[]>();
    for (const endpoint of endpoints) {
      const list: CapturedRequest[] = [];
      for (const request of endpoint.notRemembered?.warm ?? []) await send(request);
      for (const request of endpoint.requests) {
        if (!endpoint.notRemembered) await send(request);
        recorded = [];
        const answer = await send(request);
        const statements = recorded.filter((s) => !background.includes(s.sql));
        list.push({ request, ...answer, statements });
      }
      captured.set(endpoint.name, list);
    }
    return {
      endpoints: captured,
      sessionSettings: Object.fromEntries(settings.map((s) => [s.name, s.setting])),
      background,
    };
  } finally {
    (server.db.sql.options as any).debug = undefined;
    await server.stop();
  }
}
