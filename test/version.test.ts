import { describe, expect, it } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runCli } from "./support/cli.ts";
import { gitCommit, VERSION } from "../src/version.ts";
import pkg from "../package.json" with { type: "json" };

const root = join(import.meta.dir, "..");
const git = (cwd: string, ...args: string[]) => {
  const run = Bun.spawnSync(["git", ...args], {
    cwd,
    stdout: "pipe",
    stderr: "pipe",
    env: {
      ...process.env,
      GIT_AUTHOR_NAME: "t",
      GIT_AUTHOR_EMAIL: "t@example.com",
      GIT_COMMITTER_NAME: "t",
      GIT_COMMITTER_EMAIL: "t@example.com",
    },
  });
  if (run.exitCode !== 0) throw new Error(`git ${args.join(" ")}: ${run.stderr}`);
  return run.stdout.toString().trim();
};

describe("--version", () => {
  it("prints the package version and the commit of the checkout it runs from", async () => {
    const { code, stdout } = await runCli(["--version"], {});
    expect(code).toBe(0);
    const head = git(root, "rev-parse", "HEAD");
    expect(stdout.trim()).toMatch(
      new RegExp(
        `^expert-directory ${pkg.version.replaceAll(".", "\\.")} \\(commit ${head}(-dirty)?, ${process.platform}-${process.arch}, bun ${Bun.version}\\)$`,
      ),
    );
  });

  it("is listed in the help", async () => {
    const { code, stdout } = await runCli(["--help"], {});
    expect(code).toBe(0);
    expect(stdout).toContain("--version");
  });

  it("reads the version from package.json", () => {
    expect(VERSION).toBe(pkg.version);
  });
});

describe("gitCommit", () => {
  it("is null outside a git checkout", () => {
    const dir = mkdtempSync(join(tmpdir(), "ed-version-"));
    try {
      expect(gitCommit(dir)).toBeNull();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("names the checkout's own commit, marks changed tracked files dirty, and ignores an enclosing repository", async () => {
    const dir = mkdtempSync(join(tmpdir(), "ed-version-"));
    try {
      git(dir, "init", "-q");
      await Bun.write(join(dir, "a.txt"), "one");
      git(dir, "add", "a.txt");
      git(dir, "commit", "-qm", "one");
      const head = git(dir, "rev-parse", "HEAD");
      expect(gitCommit(dir)).toBe(head);
      await Bun.write(join(dir, "untracked.txt"), "not part of the build's record");
      expect(gitCommit(dir)).toBe(head);
      await Bun.write(join(dir, "a.txt"), "two");
      expect(gitCommit(dir)).toBe(`${head}-dirty`);
      // A copy of the sources unpacked inside some other repository is not that repository's commit.
      mkdirSync(join(dir, "vendored"));
      expect(gitCommit(join(dir, "vendored"))).toBeNull();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
