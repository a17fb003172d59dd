import { describe, expect, it } from "bun:test";
import { join } from "node:path";

// deps.lock.txt records every package version of the dependency tree (`bun pm ls --all`), so an
// audit can run wherever an advisory database is reachable (SECURITY.md). It must say what the
// lockfile installs: regenerate it with `bun pm ls --all | tail -n +2 > deps.lock.txt`.
const root = join(import.meta.dir, "..");

describe("deps.lock.txt", () => {
  it("matches the dependency tree of bun.lock", async () => {
    const proc = Bun.spawn([process.execPath, "pm", "ls", "--all"], { cwd: root, stdout: "pipe", stderr: "pipe" });
    const [out, code] = await Promise.all([new Response(proc.stdout).text(), proc.exited]);
    expect(code).toBe(0);
    const tree = out.split("\n").slice(1).join("\n"); // the first line names the checkout's path
    const recorded = await Bun.file(join(root, "deps.lock.txt")).text();
    expect(recorded).toBe(tree);
  });
});
