import { beforeAll, describe, expect, it } from "bun:test";
import { cp, mkdtemp, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { api, type TestApp, testApp } from "./support/app.ts";

const root = join(import.meta.dir, "..");

let app: TestApp;
beforeAll(async () => {
  app = await testApp();
});

describe("one expert shape (src/experts/shape.ts)", () => {
  it("gives a search result and the profile of the same expert the same fields, in the same order", async () => {
    // Experts with a stored photo and without, in a locale with translations.
    const [{ photo, name }] = await app.sql<{ photo: string; name: string }[]>`
      select slug as photo, name from experts where is_public and is_verified and avatar_url is not null order by id limit 1`;
    const search = await api("GET", "/api/agents/experts?locale=ko&limit=5");
    expect(search.status).toBe(200);
    const slugs = [photo, ...search.body.experts.map((e: { slug: string }) => e.slug)];
    const summaries = new Map<string, Record<string, unknown>>(
      search.body.experts.map((e: { slug: string }) => [e.slug, e]),
    );
    const named = await api("GET", `/api/agents/experts?locale=ko&q=${encodeURIComponent(name)}&limit=20`);
    expect(named.status).toBe(200);
    for (const e of named.body.experts) summaries.set(e.slug, e);
    expect(summaries.has(photo)).toBe(true);
    for (const slug of slugs) {
      // A search hit is the summary plus `match` (search's own field, last); the rest is the shape.
      const { match: _match, ...summary } = summaries.get(slug)!;
      expect(Object.keys(summaries.get(slug)!).at(-1)).toBe("match");
      const profile = await api("GET", `/api/agents/experts/${slug}?locale=ko`);
      expect(profile.status).toBe(200);
      const keys = Object.keys(summary);
      expect(Object.keys(profile.body).slice(0, keys.length)).toEqual(keys);
      for (const key of keys) {
        if (key === "location") expect(profile.body.location).toMatchObject(summary.location as object);
        else expect([key, profile.body[key]]).toEqual([key, summary[key]]);
      }
    }
    const withPhoto = await app.sql<{ avatar_url: string }[]>`select avatar_url from experts where slug = ${photo}`;
    expect(summaries.get(photo)!.avatar_url).toBe(withPhoto[0].avatar_url);
  });

  it("fails type-checking in shape.ts alone when the contract's ExpertFields gains a field, until the field is written there", async () => {
    // A copy of the program where ExpertFields has two new fields and shape.ts writes one of them:
    // tsc must report the other, only in shape.ts, and nothing about the one written.
    const dir = await mkdtemp(join(tmpdir(), "ed-shape-"));
    try {
      await cp(join(root, "src"), join(dir, "src"), { recursive: true });
      await cp(join(root, "generated"), join(dir, "generated"), { recursive: true });
      await cp(join(root, "package.json"), join(dir, "package.json"));
      await symlink(join(root, "node_modules"), join(dir, "node_modules"));
      await writeFile(
        join(dir, "tsconfig.json"),
        JSON.stringify({ extends: join(root, "tsconfig.json"), include: ["src", "generated"], exclude: [] }),
      );
      const patch = async (file: string, anchor: string, added: string) => {
        const text = await readFile(join(dir, file), "utf8");
        expect(text).toContain(anchor);
        await writeFile(join(dir, file), text.replace(anchor, anchor + added));
      };
      await patch(
        "generated/agents.ts",
        "        ExpertFields: {\n",
        "            probe_unwritten: string;\n            probe_written: number | null;\n",
      );
      await patch("src/experts/shape.ts", '  slug: "e.slug",\n', '  probe_written: "e.review_count",\n');
      const proc = Bun.spawn([process.execPath, "x", "tsc", "--noEmit", "--pretty", "false", "-p", dir], {
        cwd: dir,
        stdout: "pipe",
        stderr: "pipe",
      });
      const [out, err, code] = await Promise.all([
        new Response(proc.stdout).text(),
        new Response(proc.stderr).text(),
        proc.exited,
      ]);
      const errors = (out + err).split("\n").filter((line) => /: error TS\d+:/.test(line));
      expect(code).not.toBe(0);
      expect(errors.length).toBeGreaterThan(0);
      expect([...new Set(errors.map((line) => line.slice(0, line.indexOf("("))))]).toEqual(["src/experts/shape.ts"]);
      for (const line of errors) expect(line).toContain("Property 'probe_unwritten' is missing");
      expect(errors.join("\n")).not.toContain("'probe_written'");
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
