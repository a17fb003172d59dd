import { describe, expect, it } from "bun:test";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";

// The contract's own checks: it lints clean, the generated types are in sync with it, and it keeps
// the properties the rest of the code and its readers rely on. No app or database is needed.

const root = join(import.meta.dir, "..");
const contractPath = "openapi/agents.yaml";
const generatedPath = "generated/agents.ts";

// Starting redocly or openapi-typescript takes a few seconds on a cold machine.
const SLOW = 60_000;

type Json = Record<string, any>;
const contract: Json = Bun.YAML.parse(await readFile(join(root, contractPath), "utf8")) as Json;

const HTTP_METHODS = ["get", "put", "post", "delete", "patch", "head", "options", "trace"];

function operations(): { method: string; path: string; op: Json }[] {
  const out: { method: string; path: string; op: Json }[] = [];
  for (const [path, item] of Object.entries<Json>(contract.paths)) {
    for (const method of HTTP_METHODS) {
      if (item[method]) out.push({ method, path, op: item[method] });
    }
  }
  return out;
}

async function run(cmd: string[]) {
  const proc = Bun.spawn(cmd, { cwd: root, stdout: "pipe", stderr: "pipe", env: { ...process.env, NO_COLOR: "1" } });
  const [stdout, stderr, exitCode] = await Promise.all([
    new Response(proc.stdout).text(),
    new Response(proc.stderr).text(),
    proc.exited,
  ]);
  return { stdout, stderr, exitCode };
}

/** The arguments of the `codegen` script in package.json, so this test runs exactly what it runs. */
async function codegenArgs(): Promise<string[]> {
  const pkg = JSON.parse(await readFile(join(root, "package.json"), "utf8"));
  const script: string = pkg.scripts?.codegen;
  expect(script, "package.json has no codegen script").toBeString();
  // The script is a plain command line without quoting, so splitting on spaces is exact.
  return script.trim().split(/\s+/);
}

describe("the contract", () => {
  it(
    "generated/ is up to date",
    async () => {
      const args = await codegenArgs();
      const out = args.findIndex((a) => a === "-o" || a === "--output");
      expect(out, "the codegen script must name its output with -o").toBeGreaterThan(0);
      const dir = await mkdtemp(join(tmpdir(), "contract-codegen-"));
      try {
        const fresh = join(dir, "agents.ts");
        args[out + 1] = fresh;
        const result = await run([process.execPath, "x", ...args]);
        if (result.exitCode !== 0) console.error(result.stdout, result.stderr);
        expect(result.exitCode).toBe(0);
        const expected = await readFile(fresh, "utf8");
        const actual = await readFile(join(root, generatedPath), "utf8").catch(() => "");
        if (actual !== expected) {
          throw new Error(
            `${generatedPath} does not match ${contractPath}: run \`bun run codegen\` and commit the result.`,
          );
        }
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
    SLOW,
  );

  it(
    "passes redocly lint with no errors and no warnings",
    async () => {
      const result = await run([process.execPath, "x", "redocly", "lint", contractPath, "--format=json"]);
      let report: { totals: { errors: number; warnings: number }; problems: unknown[] } | undefined;
      try {
        report = JSON.parse(result.stdout);
      } catch {
        report = undefined;
      }
      if (result.exitCode !== 0 || !report || report.totals.errors !== 0 || report.totals.warnings !== 0) {
        console.error(`redocly lint ${contractPath}:\n${result.stdout}\n${result.stderr}`);
      }
      expect(result.exitCode).toBe(0);
      expect(report).toBeDefined();
      expect(report!.totals.errors).toBe(0);
      // Invalid examples are warnings in the recommended ruleset, so warnings are failures here too.
      expect(report!.totals.warnings).toBe(0);
    },
    SLOW,
  );

  it("is OpenAPI 3.1 and carries version 2.4.2", () => {
    expect(contract.openapi).toBe("3.1.0");
    expect(contract.info.version).toBe("2.4.2");
    expect(contract.info.title).toBe("Expert Directory Agent API");
  });

  it("has the operations the code and the spec rely on, each with an operationId, tags, summary and description", () => {
    const expected: Record<string, string> = {
      "get /api/agents/experts": "searchExperts",
      "get /api/agents/experts/{slug}": "getExpert",
      "get /api/agents/experts/{slug}/availability": "getExpertAvailability",
      "post /api/agents/inquiries": "createInquiry",
      "get /api/agents/inquiries/{id}": "getInquiryStatus",
      "get /api/agents/keys": "listApiKeys",
      "post /api/agents/keys": "createApiKey",
      "delete /api/agents/keys/{id}": "revokeApiKey",
      "get /api/agents/keys/{id}/webhook": "getWebhook",
      "put /api/agents/keys/{id}/webhook": "setWebhook",
      "delete /api/agents/keys/{id}/webhook": "deleteWebhook",
      "post /api/agents/keys/{id}/webhook/secret": "rotateWebhookSecret",
      "post /api/auth/signup": "signup",
      "post /api/auth/login": "login",
      "post /api/auth/logout": "logout",
      "get /api/auth/me": "getCurrentUser",
    };
    const actual: Record<string, string> = {};
    const tagNames = new Set((contract.tags ?? []).map((t: Json) => t.name));
    for (const { method, path, op } of operations()) {
      const where = `${method.toUpperCase()} ${path}`;
      expect(op.operationId, `${where} has no operationId`).toBeString();
      expect(op.summary, `${where} has no summary`).toBeString();
      expect(op.description, `${where} has no description`).toBeString();
      expect(op.tags?.length, `${where} has no tags`).toBeGreaterThan(0);
      for (const tag of op.tags) expect(tagNames.has(tag), `${where}: tag ${tag} is not declared`).toBe(true);
      expect(op.security, `${where} must state its security (use [] for public operations)`).toBeArray();
      actual[`${method} ${path}`] = op.operationId;
    }
    expect(actual).toEqual(expected);
  });

  it("gives every schema an example, and every example matches its schema", () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    ajv.addSchema({ $id: "contract.yaml", components: contract.components });
    const failures: string[] = [];
    for (const [name, schema] of Object.entries<Json>(contract.components.schemas)) {
      const examples: unknown[] = [
        ...(Array.isArray(schema.examples) ? schema.examples : []),
        ...("example" in schema ? [schema.example] : []),
      ];
      if (examples.length === 0) {
        failures.push(`${name}: no example`);
        continue;
      }
      const validate = ajv.getSchema(`contract.yaml#/components/schemas/${name}`)!;
      examples.forEach((example, i) => {
        if (!validate(example)) failures.push(`${name} example ${i}: ${ajv.errorsText(validate.errors)}`);
      });
    }
    expect(failures).toEqual([]);
  });

  it("describes errors as application/problem+json", () => {
    const failures: string[] = [];
    // Every shared response but NotModified (a 304, bodiless by definition) is an error.
    for (const [name, response] of Object.entries<Json>(contract.components.responses)) {
      if (name === "NotModified") continue;
      const types = Object.keys(response.content ?? {});
      if (types.length !== 1 || types[0] !== "application/problem+json") failures.push(`responses/${name}: ${types}`);
    }
    for (const { method, path, op } of operations()) {
      for (const [status, response] of Object.entries<Json>(op.responses)) {
        if (response.$ref === "#/components/responses/NotModified" && status !== "304")
          failures.push(`${method} ${path} ${status}: NotModified`);
        if (Number(status) < 400 || response.$ref) continue;
        const types = Object.keys(response.content ?? {});
        if (types.join() !== "application/problem+json") failures.push(`${method} ${path} ${status}: ${types}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
