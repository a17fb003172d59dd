import { describe, expect, it } from "bun:test";
import { contract } from "../src/contract/index.ts";
import { testApp } from "./support/app.ts";

describe("the published contract", () => {
  it("serves openapi/agents.yaml as JSON at /api/openapi.json", async () => {
    const app = await testApp();
    const res = await fetch(`${app.url}/api/openapi.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toStartWith("application/json");
    const served = await res.json();
    const file = Bun.YAML.parse(await Bun.file(new URL("../openapi/agents.yaml", import.meta.url)).text());
    expect(served).toEqual(file);
    expect(served).toEqual(contract);
    expect(served.info.version).toBe("2.0.0");
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
