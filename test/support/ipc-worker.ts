// A worker of test/cluster-supervisor.test.ts: once it has said it is ready, counts HITS requests
// of one caller through the IPC rate-limit store, as a server worker does, and reports how many
// were allowed and whether any was decided without the primary.
import { ipcStore, type ParentChannel } from "../../src/http/rate-limit-ipc.ts";
import { createLogger } from "../../src/log.ts";

let fallbacks = 0;
// The primary (the test process) answers eventually, however loaded the machine: a generous wait,
// so the test is about the one budget, not about how fast the primary answers.
const store = ipcStore({
  channel: process as unknown as ParentChannel,
  log: createLogger("silent"),
  onFallback: () => fallbacks++,
  timeoutMs: 30_000,
});
process.on("disconnect", () => process.exit(0));
process.on("SIGTERM", () => process.exit(0)); // the primary's stop, as a server worker answers it
process.send!({ type: "ready" });
const hits = await Promise.all(
  Array.from({ length: Number(process.env.HITS) }, () => store.hit("search:ip:203.0.113.7", 60, 60_000, Date.now())),
);
process.send!({ type: "done", allowed: hits.filter((h) => h.allowed).length, fallbacks });
