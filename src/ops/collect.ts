import type { Database } from "../db/connect.ts";
import { outboxDepth } from "../inquiries/outbox.ts";
import type { AppMetrics } from "../metrics/app-metrics.ts";

/**
 * Wires the gauges that are read at scrape time: outbox depth and the database pool (its size,
 * and this process's connections by state from pg_stat_activity). MCP sessions open is wired by
 * src/mcp/routes.ts, which owns the sessions of its app.
 */
export function collectGauges(metrics: AppMetrics, db: Database): void {
  metrics.dbPoolMax.set({}, db.poolSize);
  metrics.outboxDepth.collect(() => outboxDepth(db.sql));
  if (db.kind !== "server") return;
  metrics.dbPoolConnections.collect(async () => {
    const rows = await db.sql<{ state: string; n: number }[]>`
      select coalesce(state, 'unknown') as state, count(*)::int as n
      from pg_stat_activity
      where application_name = current_setting('application_name') and datname = current_database()
      group by 1`;
    const byState: Record<string, number> = { active: 0, idle: 0 };
    for (const r of rows) byState[r.state] = r.n;
    byState.active = Math.max(0, byState.active - 1); // the connection running this very query
    return Object.entries(byState).map(([state, value]) => ({ labels: { state }, value }));
  });
}
