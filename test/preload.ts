import { afterAll } from "bun:test";
import { stopTestApp } from "./support/app.ts";

// One app per test process, shared by every suite and stopped once at the very end.
afterAll(stopTestApp);
