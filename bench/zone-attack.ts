// The zone attack of issue 18: availability asked in random zones (`tz`) from random instants
// (`from`, within 300 days), `days=28`, so nearly every request brings the zone caches new keys.
// A spawned server (WORKERS=1, RATE_LIMITS=off, embedded database in a temporary DATA_DIR with
// the demo directory, or --database-url), the requests from this process; the server's RSS at ready, after a warm-up,
// every 10% of the run, at the end, and its peak (VmHWM). Not part of the test command.
//
//   bun bench/zone-attack.ts [--requests 100000] [--concurrency 16] [--src /path/to/a/checkout]
//     [--database-url postgres://…]   (a PostgreSQL server instead of the embedded database: the
//                                      worker's RSS without PGlite's; filled with 10,000 synthetic
//                                      experts when empty)
//
// --src runs another checkout's server (`bun <src>/src/main.ts serve`) with the same load, for
// before/after: e.g. a read-only `git worktree add /work/wt/bounds-main main`.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { benchDirectory } from "./lib/directory.ts";
import { memoryMiB } from "./lib/proc.ts";

const { values } = parseArgs({
  args: Bun.argv.slice(2),
  options: {
    requests: { type: "string", default: "100000" },
    concurrency: { type: "string", default: "16" },
    port: { type: "string", default: "3981" },
    src: { type: "string", default: join(import.meta.dir, "..") },
    "database-url": { type: "string" },
  },
});
if (values["database-url"]) await benchDirectory(values["database-url"], 10_000);
const requests = Number(values.requests);
const base = `http://127.0.0.1:${values.port}`;
const ZONES = Intl.supportedValuesOf("timeZone");
const DAY = 86_400_000;

const dataDir = mkdtempSync(join(tmpdir(), "ed-zone-attack-"));
const server = Bun.spawn(["bun", join(values.src!, "src", "main.ts"), "serve"], {
  cwd: values.src,
  env: {
    PATH: process.env.PATH,
    PORT: values.port,
    ...(values["database-url"] ? { DATABASE_URL: values["database-url"] } : { DATA_DIR: dataDir }),
    WORKERS: "1",
    RATE_LIMITS: "off",
    LOG_LEVEL: "warn",
  },
  stdout: "ignore",
  stderr: "inherit",
});

try {
  for (let i = 0; ; i++) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    if (
      await fetch(`${base}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (i > 2400) throw new Error("the server did not start");
    await Bun.sleep(50);
  }
  const { experts } = (await (await fetch(`${base}/api/agents/experts?limit=1`)).json()) as {
    experts: { slug: string }[];
  };
  const path = `${base}/api/agents/experts/${experts[0].slug}/availability`;
  const mib = () => memoryMiB(server.pid);
  const atReady = mib().rss;

  let failures = 0;
  async function attack(count: number) {
    let next = 0;
    await Promise.all(
      Array.from({ length: Number(values.concurrency) }, async () => {
        while (next < count) {
          next++;
          const tz = ZONES[Math.floor(Math.random() * ZONES.length)];
          const at = Date.now() + Math.floor((Math.random() * 2 - 1) * 300 * DAY);
          const from = new Date(at - (at % 1000)).toISOString();
          const res = await fetch(`${path}?tz=${encodeURIComponent(tz)}&from=${encodeURIComponent(from)}&days=28`);
          if (res.status !== 200) failures++;
          await res.arrayBuffer();
        }
      }),
    );
  }

  // A warm-up of 1,000 plain requests: code paths compiled, pools filled, before "before".
  await attack(1000);
  const before = mib().rss;
  console.log(
    `bench/zone-attack.ts: ${values.src}, ${requests} requests, concurrency ${values.concurrency}, load ${(await Bun.file("/proc/loadavg").text()).split(" ").slice(0, 3).join(" ")}`,
  );
  console.log(`RSS at ready ${atReady.toFixed(0)} MiB, after warm-up ${before.toFixed(0)} MiB`);
  const started = performance.now();
  const step = Math.max(1, Math.floor(requests / 10));
  for (let done = 0; done < requests; done += step) {
    await attack(Math.min(step, requests - done));
    console.log(`  after ${Math.min(done + step, requests)}: RSS ${mib().rss.toFixed(0)} MiB`);
  }
  const seconds = (performance.now() - started) / 1000;
  const end = mib();
  console.log(
    `RSS after ${end.rss.toFixed(0)} MiB (growth ${(end.rss - before).toFixed(0)} MiB), peak ${end.peak.toFixed(0)} MiB; ${(requests / seconds).toFixed(0)} req/s; ${failures} non-200`,
  );
  if (values.src === join(import.meta.dir, "..")) {
    const metrics = await (await fetch(`${base}/metrics`)).text();
    for (const line of metrics.split("\n"))
      if (/^cache_(size|max_size|evictions_total)\{cache="zoned-time/.test(line)) console.log(`  ${line}`);
  }
} finally {
  server.kill("SIGTERM");
  await server.exited;
  rmSync(dataDir, { recursive: true, force: true });
}
