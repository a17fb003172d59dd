import { Elysia } from "elysia";
import { problem, problemResponse } from "./problem.ts";

/** Largest request body accepted, in bytes: an inquiry is at most a few KB. */
export const MAX_BODY_BYTES = 64 * 1024;
/** Bun's hard cap, for bodies sent without Content-Length (Bun answers a bare 413 above it). */
export const CHUNKED_BODY_CAP = 1024 * 1024;

/**
 * Refuses a declared body over `maxBytes` with a 413 problem before anything reads it. Bodies
 * without Content-Length (chunked) are capped by Bun's `maxRequestBodySize` (CHUNKED_BODY_CAP).
 */
export function bodyLimit(options: { maxBytes?: number; onRefuse?: (request: Request, status: number) => void } = {}) {
  const max = options.maxBytes ?? MAX_BODY_BYTES;
  return new Elysia({ name: "body-limit" }).onRequest(function refuseLargeBody({ request, set }) {
    const declared = request.headers.get("content-length");
    if (declared !== null && !(Number(declared) <= max)) {
      options.onRefuse?.(request, 413);
      const response = problemResponse(problem(413, `The request body may be at most ${max} bytes.`));
      for (const [k, v] of Object.entries(set.headers)) if (typeof v === "string") response.headers.set(k, v);
      return response;
    }
  });
}
