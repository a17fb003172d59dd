// Reading processes from /proc (Linux): CPU time, memory, children, PostgreSQL backends.
// Shared by the benchmarks that split CPU between the server, PostgreSQL and the load generator.
import { readFileSync, readdirSync } from "node:fs";

const TICKS = 100; // clock ticks per second of /proc/*/stat on Linux

/** CPU seconds (user + system) a process has used so far; 0 once it is gone. */
export function cpuSeconds(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return (Number(fields[11]) + Number(fields[12])) / TICKS;
  } catch {
    return 0;
  }
}

/** The CPU seconds of several processes together. */
export const cpuSecondsOf = (pids: number[]) => pids.reduce((s, pid) => s + cpuSeconds(pid), 0);

/** Direct children of a process (the workers of a WORKERS=N server). */
export function childrenOf(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

/** Resident memory now and at its peak, in MiB (VmRSS, VmHWM); zeros once the process is gone. */
export function memoryMiB(pid: number): { rss: number; peak: number } {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
    return { rss: kb("VmRSS") / 1024, peak: kb("VmHWM") / 1024 };
  } catch {
    return { rss: 0, peak: 0 };
  }
}

/** PostgreSQL backends connected to one database (their command line names it). */
export function backendsOf(databaseName: string): number[] {
  return readdirSync("/proc")
    .filter((d) => /^\d+$/.test(d))
    .map(Number)
    .filter((pid) => {
      try {
        const cmd = readFileSync(`/proc/${pid}/cmdline`, "utf8");
        return cmd.startsWith("postgres: ") && cmd.includes(` ${databaseName} `);
      } catch {
        return false;
      }
    });
}
