// EXPLAIN (ANALYZE, BUFFERS) of the statements the server sent for the first request of each
// endpoint (bench/lib/capture.ts), with the server's session settings and the same parameters
// (postgres.js serializes them as it did for the server), each run twice and the second kept: the
// plan in steady state, with the pages cached as they are under load.
import postgres from "postgres";
import type { Capture } from "./capture.ts";

export async function explainCapture(databaseUrl: string, capture: Capture): Promise<string> {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {}, connection: capture.sessionSettings });
  const out: string[] = [];
  try {
    for (const [name, requests] of capture.endpoints) {
      const first = requests[0];
      out.push(`### ${name}: ${first.request.method} ${first.request.path}\n`);
      for (const statement of first.statements) {
        if (/^\s*(begin|commit|rollback|set|insert|update|delete)\b/i.test(statement.sql)) continue;
        const explain = `explain (analyze, buffers) ${statement.sql}`;
        await sql.unsafe(explain, statement.params as any[]);
        const rows = await sql.unsafe(explain, statement.params as any[]);
        out.push("```", rows.map((r: any) => r["QUERY PLAN"]).join("\n"), "```\n");
      }
    }
  } finally {
    await sql.end();
  }
  return out.join("\n");
}
