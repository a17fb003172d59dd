import { describe, expect, it } from "bun:test";
import { contract } from "../src/contract/index.ts";
import { testApp } from "./support/app.ts";

describe("the published contract", () => {
  it("serves openapi/agents.yaml as JSON at /api/openapi.json, with this server's absolute URL", async () => {
    const app = await testApp();
    const res = await fetch(`${app.url}/api/openapi.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toStartWith("application/json");
    const served = await res.json();
    const file = Bun.YAML.parse(await Bun.file(new URL("../openapi/agents.yaml", import.meta.url)).text()) as Record<
      string,
      any
    >;
    expect(file).toEqual(contract);
    const { servers, components, ...rest } = served;
    const { servers: _, components: fileComponents, ...fileRest } = file;
    expect(rest).toEqual(fileRest);
    expect(servers.map((s: { url: string }) => s.url)).toEqual([app.url]);
    // Every served component is the file's, unchanged.
    for (const [kind, members] of Object.entries<Record<string, unknown>>(components)) {
      for (const [name, value] of Object.entries(members)) expect(value).toEqual(fileComponents[kind][name]);
    }
    expect(served.info.version).toBe("2.4.2");
  });

  it("serves only the components its operations use, and every one they use", async () => {
    const app = await testApp();
    const served = await (await fetch(`${app.url}/api/openapi.json`)).json();
    const text = JSON.stringify(served);
    const refs = new Set([...text.matchAll(/"\$ref":"#\/components\/([^"]+)"/g)].map((m) => m[1]));
    const schemes = new Set(
      Object.values<Record<string, any>>(served.paths).flatMap((item) =>
        Object.values<any>(item).flatMap((op) => (op.security ?? []).flatMap(Object.keys)),
      ),
    );
    const listed: string[] = [];
    for (const [kind, members] of Object.entries<Record<string, unknown>>(served.components)) {
      for (const name of Object.keys(members)) listed.push(`${kind}/${name}`);
    }
    const unused = listed.filter(
      (c) => !refs.has(c) && !(c.startsWith("securitySchemes/") && schemes.has(c.slice("securitySchemes/".length))),
    );
    expect(unused).toEqual([]);
    expect([...refs].filter((r) => !listed.includes(r))).toEqual([]);
    // The import file format's schemas stay in the yaml (the import command validates against them).
    expect(listed.filter((c) => c.includes("ExpertImport"))).toEqual([]);
    expect(Object.keys(contract.components.schemas)).toContain("ExpertImport");
  });

  it("serves an interactive reference whose assets all come from this server", async () => {
    const app = await testApp();
    const res = await fetch(`${app.url}/api/docs`);
    expect(res.status).toBe(200);
    const page = await res.text();
    const refs = [...page.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
    expect(refs.length).toBeGreaterThanOrEqual(3);
    for (const ref of refs) {
      expect(ref.startsWith("/")).toBe(true);
      const asset = await fetch(`${app.url}${ref}`);
      expect(asset.status).toBe(200);
      expect((await asset.arrayBuffer()).byteLength).toBeGreaterThan(10);
    }
    expect(page).not.toMatch(/https?:\/\//);
  });

  it("answers unknown paths with a problem document", async () => {
    const app = await testApp();
    const res = await fetch(`${app.url}/api/agents/nothing-here`);
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toStartWith("application/problem+json");
    const body = await res.json();
    expect(body).toMatchObject({ status: 404, title: "Not Found" });
  });
});
