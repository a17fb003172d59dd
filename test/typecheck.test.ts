import { expect, it } from "bun:test";
import { join } from "node:path";

it("type-checks (tsc --noEmit) with the generated contract types", async () => {
  const root = join(import.meta.dir, "..");
  const proc = Bun.spawn([process.execPath, "x", "tsc", "--noEmit", "-p", root], {
    cwd: root,
    stdout: "pipe",
    stderr: "pipe",
  });
  const [out, err, code] = await Promise.all([
    new Response(proc.stdout).text(),
    new Response(proc.stderr).text(),
    proc.exited,
  ]);
  if (code !== 0) console.error(out + err);
  expect(code).toBe(0);
}, 120_000);
