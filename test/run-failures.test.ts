import { afterAll, describe, expect, it } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { failureExcerpts } from "./support/failures.ts";

// The runner's closing list of failures, fed with what `bun test` really prints.
const dir = mkdtempSync(join(tmpdir(), "ed-failures-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function bunTest(name: string, source: string): Promise<string> {
  const file = join(dir, name);
  writeFileSync(file, source);
  const child = Bun.spawn([process.execPath, "test", file], { cwd: dir, stdout: "pipe", stderr: "pipe" });
  const [out, err] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text()]);
  await child.exited;
  return out + err;
}

describe("the failures the test runner repeats at the end", () => {
  it("give a failed hook's error and file, which bun's own closing list names only '(unnamed)'", async () => {
    const output = await bunTest(
      "hook.test.ts",
      `import { beforeAll, expect, it } from "bun:test";
beforeAll(() => { throw new Error("the cluster would not start"); });
it("one", () => expect(1).toBe(1));
it("two", () => expect(1).toBe(1));
`,
    );
    expect(output).toContain("(fail) (unnamed)");
    const [excerpt, ...more] = failureExcerpts(output);
    expect(more).toEqual([]);
    expect(excerpt).toContain("hook.test.ts:");
    expect(excerpt).toContain("error: the cluster would not start");
    expect(excerpt!.split("\n").at(-1)).toStartWith("(fail) (unnamed)");
  });

  it("give each failed test its own error, not its neighbours', and nothing for a passing run", async () => {
    const output = await bunTest(
      "tests.test.ts",
      `import { expect, it } from "bun:test";
it("passes", () => expect(1).toBe(1));
it("first", () => { throw new Error("first went wrong"); });
it("second", () => { throw new Error("second went wrong"); });
`,
    );
    const excerpts = failureExcerpts(output);
    expect(excerpts).toHaveLength(2);
    // (the code frame may show the neighbours' source; the error line is each test's own)
    expect(excerpts[0]).toContain("error: first went wrong");
    expect(excerpts[0]).not.toContain("error: second went wrong");
    expect(excerpts[1]).toContain("error: second went wrong");
    expect(excerpts[1]).not.toContain("error: first went wrong");
    expect(failureExcerpts("a.test.ts:\n(pass) a [1ms]\n\n 1 pass\n 0 fail\n")).toEqual([]);
  });
});
