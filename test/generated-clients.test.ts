import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { copyFile, mkdir, mkdtemp, rm, symlink } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { testApp, type TestApp } from "./support/app.ts";
import { expectSchema } from "./support/contract.ts";
import { createTestKey } from "./support/keys.ts";
import type { Context, Outcome } from "./generated-clients/outcome.ts";

// The served /api/openapi.json as a product: three client generators build a client from it
// (offline, into a temporary directory), each client and the program in test/generated-clients/
// that uses it compile with `tsc --strict`, and each program searches, reads a profile and an
// availability, sends an inquiry with a key and an Idempotency-Key and reads it back, against the
// running server. A contract change that breaks a generator, its types or its calls fails here.

const root = join(import.meta.dir, "..");
const fixtures = join(import.meta.dir, "generated-clients");
const bin = (name: string) => join(root, "node_modules", ".bin", name);

const CLIENTS = ["openapi-fetch", "hey-api", "orval"] as const;
type ClientName = (typeof CLIENTS)[number];

/** The command that generates each client from `doc` into `out` (a folder). */
const GENERATORS: Record<ClientName, (doc: string, out: string) => { cmd: string[]; env?: Record<string, string> }> = {
  "openapi-fetch": (doc, out) => ({ cmd: [bin("openapi-typescript"), doc, "-o", join(out, "schema.ts")] }),
  "hey-api": (doc, out) => ({
    cmd: [bin("openapi-ts"), "-i", doc, "-o", out, "-c", "@hey-api/client-fetch", "--no-log-file", "--silent"],
  }),
  orval: (doc, out) => ({
    cmd: [bin("orval"), "--config", join(fixtures, "orval.config.mjs")],
    env: { ORVAL_INPUT: doc, ORVAL_OUTPUT: join(out, "client.ts") },
  }),
};

// Offline: every HTTP(S) request of a generator goes to a proxy that refuses connections (the
// discard port), so one that fetched anything would fail instead of passing on a network.
const OFFLINE = {
  HTTP_PROXY: "http://127.0.0.1:9",
  HTTPS_PROXY: "http://127.0.0.1:9",
  http_proxy: "http://127.0.0.1:9",
  https_proxy: "http://127.0.0.1:9",
};

/** What `tsc --strict` compiles in a client's folder: the generated code and the program using it, for a browser-like target. */
const TSCONFIG = {
  compilerOptions: {
    strict: true,
    noEmit: true,
    target: "ES2022",
    module: "ESNext",
    moduleResolution: "bundler",
    lib: ["ES2022", "DOM", "DOM.Iterable"],
    types: [],
    skipLibCheck: true,
    allowImportingTsExtensions: true,
  },
  include: ["**/*.ts"],
};

async function run(cmd: string[], env: Record<string, string> = {}, cwd = root) {
  const childEnv: Record<string, string | undefined> = { ...process.env, ...OFFLINE, NO_COLOR: "1", ...env };
  delete childEnv.NO_PROXY;
  delete childEnv.no_proxy;
  // `--bun`: the generators run on this Bun, whatever Node the machine has (hey-api needs Node 22).
  const full = cmd[0] === process.execPath ? cmd : [process.execPath, "--bun", ...cmd];
  const proc = Bun.spawn(full, { cwd, env: childEnv, stdout: "pipe", stderr: "pipe" });
  const [stdout, stderr, exitCode] = await Promise.all([
    new Response(proc.stdout).text(),
    new Response(proc.stderr).text(),
    proc.exited,
  ]);
  return { exitCode, output: `$ ${cmd.map((c) => c.replace(root, ".")).join(" ")}\n${stdout}${stderr}` };
}

interface Built {
  ok: boolean;
  /** The generator's and tsc's output, shown when a step failed. */
  log: string;
  seconds: number;
}

/** Generates one client into `dir/<name>/generated`, puts the program beside it and compiles both. */
async function build(name: ClientName, dir: string, doc: string): Promise<Built> {
  const started = performance.now();
  const home = join(dir, name);
  const out = join(home, "generated");
  await mkdir(out, { recursive: true });
  const { cmd, env } = GENERATORS[name](doc, out);
  // The temporary directory is the generators' working directory: none reads this repo's configuration.
  const generated = await run(cmd, env, dir);
  if (generated.exitCode !== 0)
    return { ok: false, log: generated.output, seconds: (performance.now() - started) / 1000 };
  await copyFile(join(fixtures, "outcome.ts"), join(home, "outcome.ts"));
  await copyFile(join(fixtures, `${name}.ts`), join(home, "use.ts"));
  await Bun.write(join(home, "tsconfig.json"), JSON.stringify(TSCONFIG));
  const compiled = await run([process.execPath, "x", "tsc", "-p", join(home, "tsconfig.json")]);
  return {
    ok: compiled.exitCode === 0,
    log: `${generated.output}\n${compiled.output}`,
    seconds: (performance.now() - started) / 1000,
  };
}

let app: TestApp;
let dir: string;
let served: { servers: { url: string }[] };
let slug: string;
let builds: Record<ClientName, Built>;

beforeAll(async () => {
  app = await testApp();
  [{ slug }] = await app.sql<{ slug: string }[]>`
    select slug from experts where is_public and is_verified and timezone is not null and accepting_clients
      and exists (select 1 from schedule_slots s where s.expert_id = experts.id) order by id limit 1`;
  dir = await mkdtemp(join(tmpdir(), "generated-clients-"));
  // The generated code imports openapi-fetch and its helpers: this repo's node_modules, as a project of its own would have them.
  await symlink(join(root, "node_modules"), join(dir, "node_modules"), "dir");
  const res = await fetch(`${app.url}/api/openapi.json`);
  expect(res.status).toBe(200);
  const text = await res.text();
  served = JSON.parse(text);
  const doc = join(dir, "openapi.json");
  await Bun.write(doc, text);
  const started = performance.now();
  const done = await Promise.all(CLIENTS.map((name) => build(name, dir, doc)));
  builds = Object.fromEntries(CLIENTS.map((name, i) => [name, done[i]])) as Record<ClientName, Built>;
  const each = CLIENTS.map((name) => `${name} ${builds[name].seconds.toFixed(1)} s`).join(", ");
  console.log(`generated and compiled 3 clients in ${((performance.now() - started) / 1000).toFixed(1)} s (${each})`);
}, 240_000);

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe("clients generated from the served /api/openapi.json", () => {
  it("names this server as an absolute URL, the base the generated clients use", () => {
    expect(served.servers.map((s) => s.url)).toEqual([app.url]);
    expect(app.url).toStartWith("http://");
  });

  for (const name of CLIENTS) {
    it(`${name}: generates offline, compiles with tsc --strict, and searches, reads, sends an inquiry and reads it back`, async () => {
      const built = builds[name];
      if (!built.ok) console.error(built.log);
      expect(built.ok).toBe(true);

      const key = await createTestKey(app.sql);
      const context: Context = {
        baseUrl: served.servers[0].url,
        key: key.key,
        slug,
        idempotencyKey: crypto.randomUUID(),
      };
      const program = (await import(join(dir, name, "use.ts"))) as { run: (ctx: Context) => Promise<Outcome> };
      const outcome = await program.run(context);

      expect(outcome.search.status).toBe(200);
      expectSchema("ExpertSearchResult", outcome.search.body);
      const found = (outcome.search.body as { experts: { accepting_clients: boolean | null }[] }).experts;
      expect(found.length).toBeGreaterThan(0);
      for (const e of found) expect(e.accepting_clients).toBe(true); // `accepting: true`, a boolean, was sent

      expect(outcome.profile.status).toBe(200);
      expectSchema("ExpertProfile", outcome.profile.body);
      expect((outcome.profile.body as { slug: string }).slug).toBe(slug);

      expect(outcome.availability.status).toBe(200);
      expectSchema("ExpertAvailability", outcome.availability.body);
      // The key of a public read is optional, and when given it reaches the server: an unknown one is refused.
      expect(outcome.availabilityWithUnknownKey.status).toBe(401);

      expect(outcome.inquiry.status).toBe(201);
      expectSchema("Inquiry", outcome.inquiry.body);
      const id = (outcome.inquiry.body as { inquiry_id: string }).inquiry_id;
      // The Idempotency-Key went out as a header: the second request is the first one's replay.
      expect(outcome.replay.status).toBe(201);
      expect(outcome.replay.replayed).toBe("true");
      expect((outcome.replay.body as { inquiry_id: string }).inquiry_id).toBe(id);
      const [{ n }] = await app.sql<
        { n: number }[]
      >`select count(*)::int as n from inquiries where api_key_id = ${key.keyId}`;
      expect(n).toBe(1);

      expect(outcome.readBack.status).toBe(200);
      expectSchema("InquiryStatus", outcome.readBack.body);
      expect(outcome.readBack.body).toMatchObject({ inquiry_id: id, expert_slug: slug });
    }, 60_000);
  }
});
