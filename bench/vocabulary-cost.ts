// What compiling the shipped vocabulary costs a process (once, at start): entries, milliseconds
// and heap, for one or more checkouts, alternately so the machine's load falls on each alike.
//   bun bench/vocabulary-cost.ts [--root PATH]... [--runs N]
import { parseArgs } from "node:util";

const { values } = parseArgs({
  args: Bun.argv.slice(2),
  options: { root: { type: "string", multiple: true }, runs: { type: "string", default: "2" } },
});
const roots = values.root?.length ? values.root : ["."];

/** One measurement in a fresh process, so that no earlier compile's memory is counted. */
async function measure(root: string) {
  const script = `
    const { builtinEntries } = await import(${JSON.stringify(`${root}/src/search/vocabulary-store.ts`)});
    const { Vocabulary } = await import(${JSON.stringify(`${root}/src/search/vocabulary.ts`)});
    Bun.gc(true);
    const before = process.memoryUsage().heapUsed;
    const t0 = performance.now();
    const entries = builtinEntries();
    const vocabulary = new Vocabulary(entries);
    const ms = performance.now() - t0;
    Bun.gc(true);
    const mb = (process.memoryUsage().heapUsed - before) / 1e6;
    // The compiled vocabulary is still referenced here, so the collection above cannot have freed it.
    console.log(JSON.stringify({ entries: entries.length, ms, mb, kept: Boolean(vocabulary) }));`;
  const proc = Bun.spawn([process.execPath, "-e", script], { stdout: "pipe", stderr: "inherit" });
  const out = await new Response(proc.stdout).text();
  if ((await proc.exited) !== 0) throw new Error(`measuring ${root} failed`);
  return JSON.parse(out) as { entries: number; ms: number; mb: number };
}

for (let run = 1; run <= Number(values.runs); run++)
  for (const root of roots) {
    const { entries, ms, mb } = await measure(root);
    console.log(`run ${run}  ${root}  ${entries} entries  compile ${ms.toFixed(0)} ms  heap ${mb.toFixed(1)} MB`);
  }
