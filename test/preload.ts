import { afterAll } from "bun:test";
import { stopTestApp } from "./support/app.ts";
import { removeOwnTemplate } from "./support/template.ts";

// One app per test process, shared by every suite and stopped once at the very end; then the
// database template, when this process made one itself (no test/run.ts above it).
afterAll(async () => {
  await stopTestApp();
  await removeOwnTemplate();
});
