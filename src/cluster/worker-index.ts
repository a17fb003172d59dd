// Which role this process has in a cluster, read without loading the server (main.ts asks first).

export const WORKER_ENV = "EXPERT_DIRECTORY_WORKER";

/** This process's worker index when the primary started it, else null (it serves alone or is the primary). */
export function workerIndex(env: Record<string, string | undefined> = process.env): number | null {
  const raw = env[WORKER_ENV];
  return raw !== undefined && /^\d+$/.test(raw) && typeof process.send === "function" ? Number(raw) : null;
}
