// Smoke test of `bun run release`'s output, as an operator downloads it: SHA256SUMS verifies with
// `sha256sum -c` and names the five binaries; each binary is built for the platform its name says,
// with the commit of this checkout defined into it; the darwin-arm64 signature covers the file
// (macOS kills an arm64 binary whose signature does not match); and the Linux binaries run:
// linux-x64 natively and linux-arm64 under qemu-user-static (Debian's qemu-user-static and
// libc6-arm64-cross) answer --version, then start on an empty directory (the embedded database
// from the built-in template), answer /healthz and a search, and stop cleanly on SIGTERM.
// A binary of the other Linux architecture is skipped when qemu is missing, unless CI is set.
// Usage: bun test/smoke/release.ts dist/release
import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { releaseFileName, TARGETS, type Target } from "../../scripts/build.ts";
import { gitCommit, VERSION } from "../../src/version.ts";
import { freePort } from "../support/free-port.ts";

const dir = resolve(process.argv[2] ?? "dist/release");
const root = resolve(import.meta.dir, "..", "..");
const commit = gitCommit(root) ?? "unknown";
// Under user-mode emulation every JIT compiler runs emulated too, and the code it writes must be
// translated again: JavaScriptCore's optimizing tiers (DFG and FTL for JavaScript, OMG for
// WebAssembly) cost far more than they save in a start of a minute. Off, the first start took
// ~35 s instead of ~140 s (README "Releases"); the baseline JITs stay (without BBQ, PGlite's wasm
// is interpreted: ~160 s). Natively every tier stays on.
const EMULATION_ENV = { BUN_JSC_useDFGJIT: "0", BUN_JSC_useFTLJIT: "0", BUN_JSC_useOMGJIT: "0" };
// Bounds on a start that hangs, not on its speed: CI runs this beside the PostgreSQL suite on two
// cores, where a native start once took 47 s and the emulated one passed 300 s (2026-11-28).
const START_TIMEOUT = { native: 180_000, emulated: 600_000 };

class SmokeFailure extends Error {
  override name = "release smoke test failed";
}
// Thrown, not exited: the `finally` below each start must stop the binary it started.
function fail(message: string): never {
  throw new SmokeFailure(message);
}
const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

// 1. The checksums, with the tool the README tells operators to use.
const sums = readFileSync(join(dir, "SHA256SUMS"), "utf8").trim().split("\n");
const listed = sums.map((line) => line.split(/ [ *]/)[1]).sort();
const expected = TARGETS.map((t) => releaseFileName(t)).sort();
if (JSON.stringify(listed) !== JSON.stringify(expected))
  fail(`SHA256SUMS lists ${listed.join(", ")}; expected ${expected.join(", ")}`);
const check = Bun.spawnSync(["sha256sum", "-c", "SHA256SUMS"], { cwd: dir, stdout: "pipe", stderr: "pipe" });
if (check.exitCode !== 0) fail(`sha256sum -c SHA256SUMS:\n${check.stdout}${check.stderr}`);
console.log(`SHA256SUMS: ${sums.length} files verified by sha256sum -c`);

// 2. Each file is an executable of its platform and carries this checkout's commit.
function formatOf(bytes: Uint8Array): string {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.getUint32(0) === 0x7f454c46) {
    const machine = view.getUint16(18, true); // e_machine
    return `linux-${machine === 0x3e ? "x64" : machine === 0xb7 ? "arm64" : machine}`;
  }
  if (view.getUint32(0, true) === 0xfeedfacf) {
    const cpu = view.getUint32(4, true); // cputype: CPU_TYPE_X86_64, CPU_TYPE_ARM64
    return `darwin-${cpu === 0x01000007 ? "x64" : cpu === 0x0100000c ? "arm64" : cpu}`;
  }
  if (bytes[0] === 0x4d && bytes[1] === 0x5a) {
    const pe = view.getUint32(0x3c, true); // "PE\0\0", then the COFF machine
    const machine = view.getUint16(pe + 4, true);
    return `windows-${machine === 0x8664 ? "x64" : machine === 0xaa64 ? "arm64" : machine}`;
  }
  return "unknown";
}

/**
 * macOS on arm64 runs only signed code: `bun build --compile` re-signs its darwin-arm64 output ad
 * hoc, and every 4 KiB page up to the signature must hash to its slot in the CodeDirectory.
 */
function badSignaturePages(bytes: Uint8Array): number | string {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = 32;
  let signature = -1;
  for (let i = 0; i < view.getUint32(16, true); i++) {
    if (view.getUint32(at, true) === 0x1d) signature = view.getUint32(at + 8, true); // LC_CODE_SIGNATURE
    at += view.getUint32(at + 4, true);
  }
  if (signature < 0) return "no LC_CODE_SIGNATURE";
  // The SuperBlob (big-endian) holds the CodeDirectory (magic 0xfade0c02).
  for (let i = 0; i < view.getUint32(signature + 8); i++) {
    const cd = signature + view.getUint32(signature + 16 + i * 8);
    if (view.getUint32(cd) !== 0xfade0c02) continue;
    const hashOffset = view.getUint32(cd + 16),
      slots = view.getUint32(cd + 28),
      codeLimit = view.getUint32(cd + 32);
    const hashSize = bytes[cd + 36]!,
      pageSize = 1 << bytes[cd + 39]!;
    if (bytes[cd + 37] !== 2) return `hash type ${bytes[cd + 37]} (not SHA-256)`;
    if (codeLimit !== signature) return `the signature covers ${codeLimit} of ${signature} bytes`;
    let bad = 0;
    for (let s = 0; s < slots; s++) {
      const page = bytes.subarray(s * pageSize, Math.min((s + 1) * pageSize, codeLimit));
      const want = bytes.subarray(cd + hashOffset + s * hashSize, cd + hashOffset + (s + 1) * hashSize);
      if (!createHash("sha256").update(page).digest().subarray(0, hashSize).equals(want)) bad++;
    }
    return bad;
  }
  return "no CodeDirectory";
}

const needle = new TextEncoder().encode(commit);
for (const target of TARGETS) {
  const name = releaseFileName(target);
  const bytes = new Uint8Array(await Bun.file(join(dir, name)).arrayBuffer());
  const format = formatOf(bytes);
  if (format !== `${target.os}-${target.arch}`) fail(`${name} is a ${format} executable`);
  // The commit is defined into the bundle as a string, so it is in the file as such.
  if (Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).indexOf(needle) < 0)
    fail(`${name} does not hold the commit ${commit}`);
  let note = "";
  if (target.os === "darwin" && target.arch === "arm64") {
    const bad = badSignaturePages(bytes);
    if (bad !== 0)
      fail(`${name}'s code signature does not match the file: ${typeof bad === "number" ? `${bad} pages` : bad}`);
    note = ", ad-hoc signature matches every page";
  }
  console.log(`${name}: ${format}, commit ${commit.slice(0, 12)}${note}`);
}

// 3. The Linux binaries run: natively, or under qemu-user-static with Debian's cross libc.
const hostArch = process.arch === "arm64" ? "arm64" : "x64";
const qemu: Record<Target["arch"], { bin: string; sysroot: string }> = {
  x64: { bin: "qemu-x86_64-static", sysroot: "/usr/x86_64-linux-gnu" },
  arm64: { bin: "qemu-aarch64-static", sysroot: "/usr/aarch64-linux-gnu" },
};

function launcher(target: Target): string[] | null {
  if (target.arch === hostArch) return [];
  const { bin, sysroot } = qemu[target.arch];
  const path = Bun.which(bin);
  if (!path || !existsSync(sysroot)) return null;
  return [path, "-L", sysroot]; // -L: the target's dynamic loader and libc (libc6-arm64-cross)
}

async function run(target: Target, prefix: string[]): Promise<void> {
  const name = releaseFileName(target);
  const emulated = prefix.length > 0;
  const knobs = Object.entries(EMULATION_ENV)
    .map(([k, v]) => `${k}=${v}`)
    .join(" ");
  const how = emulated ? `under ${prefix[0]!.split("/").pop()} (${knobs})` : "natively";
  const command = [...prefix, join(dir, name)];
  const env = { PATH: process.env.PATH, ...(emulated ? EMULATION_ENV : {}) };

  let started = performance.now();
  const version = Bun.spawnSync([...command, "--version"], { env, stdout: "pipe", stderr: "pipe" });
  const line = version.stdout.toString().trim();
  const want = `expert-directory ${VERSION} (commit ${commit}, linux-${target.arch}, bun `;
  if (version.exitCode !== 0 || !line.startsWith(want))
    fail(`${name} --version said "${line}" (exit ${version.exitCode}); expected "${want}…"\n${version.stderr}`);
  console.log(`${name} ${how}: --version "${line}" (${seconds(started)})`);

  const cwd = mkdtempSync(join(tmpdir(), "ed-release-smoke-"));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  started = performance.now();
  const proc = Bun.spawn(command, { cwd, env: { ...env, PORT: String(port) }, stdout: "inherit", stderr: "pipe" });
  let stderr = "";
  const drain = (async () => {
    for await (const chunk of proc.stderr) stderr += new TextDecoder().decode(chunk);
  })();
  try {
    const limit = emulated ? START_TIMEOUT.emulated : START_TIMEOUT.native;
    for (;;) {
      if (performance.now() - started > limit) fail(`${name} ${how}: no /healthz within ${limit / 1000} s\n${stderr}`);
      if (proc.exitCode !== null) fail(`${name} ${how}: exited early with ${proc.exitCode}\n${stderr}`);
      const health = await fetch(`${base}/healthz`).catch(() => null);
      if (health?.status === 200) break;
      await Bun.sleep(500);
    }
    const healthy = seconds(started);
    const search = await fetch(`${base}/api/agents/experts?q=lawyer&limit=3`);
    const body: any = search.ok ? await search.json() : null;
    if (!(body?.total > 0)) fail(`${name} ${how}: search answered ${search.status}, total ${body?.total}`);
    console.log(
      `${name} ${how}: /healthz 200 after ${healthy} on an empty directory; search found ${body.total}, first ${body.experts[0].slug}`,
    );
    proc.kill("SIGTERM");
    const code = await proc.exited;
    await drain;
    if (code !== 0) fail(`${name} ${how}: exit code ${code} after SIGTERM\n${stderr}`);
  } finally {
    if (proc.exitCode === null) proc.kill("SIGKILL");
    rmSync(cwd, { recursive: true, force: true });
  }
}

for (const target of TARGETS.filter((t) => t.os === "linux")) {
  const prefix = launcher(target);
  if (!prefix) {
    const missing = `${qemu[target.arch].bin} or ${qemu[target.arch].sysroot} (apt-get install qemu-user-static libc6-${target.arch === "arm64" ? "arm64" : "amd64"}-cross)`;
    if (process.env.CI) fail(`cannot run ${releaseFileName(target)}: no ${missing}`);
    console.warn(`${releaseFileName(target)} not run: no ${missing}`);
    continue;
  }
  await run(target, prefix);
}
console.log("release smoke test passed");
