import { MAX_BODY_BYTES } from "./body-limit.ts";
import { problem, validationProblem } from "./problem.ts";

/**
 * Deepest nesting of arrays and objects a JSON body may have. No body of the contract nests more
 * than two levels (an inquiry's flat `context`), so 32 leaves room and keeps every later walk over
 * the value (validation, NUL checks) cheap and far from any stack limit.
 */
export const MAX_JSON_DEPTH = 32;

function tooLarge(max: number) {
  return problem(413, `The request body is larger than ${max} bytes. Shorten message or context.`);
}

/**
 * The body's bytes, counted as they arrive whatever the framing (Content-Length or chunked):
 * reading stops with a 413 at `max + 1` bytes, so nothing larger is ever buffered.
 */
async function readCapped(request: Request, max: number): Promise<Uint8Array> {
  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > max) throw tooLarge(max);
  if (!request.body) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > max) {
      await reader.cancel().catch(() => {});
      throw tooLarge(max);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

const started = new WeakMap<Request, Promise<Uint8Array>>();

/**
 * Starts reading the body now, capped as in readJsonBody, for a route that checks its caller
 * first. Bun keeps receiving an unread body and answers a bare 413 (no problem document) once it
 * passes its own cap (CHUNKED_BODY_CAP), so a chunked body left unread while the key is looked
 * up could end that way under load. Reading as the bytes arrive keeps our 413; the bytes are
 * only parsed once the caller is known (readJsonBody).
 */
export function startReadingBody(request: Request, max = MAX_BODY_BYTES): void {
  if (started.has(request)) return;
  const bytes = readCapped(request, max);
  bytes.catch(() => {}); // the route's own readJsonBody reports it; a refused caller never asks
  started.set(request, bytes);
}

/**
 * Whether JSON text nests arrays/objects deeper than `max`. One pass over the characters,
 * skipping strings, before JSON.parse: `[[[[…` 60 KB deep costs a linear scan and a 400, never
 * a recursive walk.
 */
export function jsonDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 /* [ */ || c === 123 /* { */) {
      if (++depth > max) return true;
    } else if (c === 93 /* ] */ || c === 125 /* } */) depth--;
  }
  return false;
}

/**
 * The request body as JSON, read by hand so that the size limit holds without buffering more than
 * `max` bytes (413), a Content-Type other than JSON is a 415 (the contract reads only JSON; a
 * missing Content-Type is read as JSON), and every way of not being a JSON object ends in the same
 * 400: an empty body, bytes that are not UTF-8, text that is not JSON, nesting deeper than
 * MAX_JSON_DEPTH.
 */
export async function readJsonBody(request: Request, max = MAX_BODY_BYTES): Promise<unknown> {
  const bytes = await (started.get(request) ?? readCapped(request, max));
  const mediaType = (request.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
  if (mediaType !== "" && !/^application\/([a-z0-9.+-]+\+)?json$/.test(mediaType)) {
    throw problem(415, "The request body must be sent as Content-Type: application/json.");
  }
  if (bytes.byteLength === 0) throw validationProblem([{ field: "body", message: "is required (a JSON object)" }]);
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw validationProblem([{ field: "body", message: "is not valid UTF-8" }]);
  }
  if (jsonDeeperThan(text, MAX_JSON_DEPTH)) {
    throw validationProblem([
      { field: "body", message: `must not nest arrays or objects more than ${MAX_JSON_DEPTH} levels deep` },
    ]);
  }
  try {
    return JSON.parse(text);
  } catch {
    throw validationProblem([{ field: "body", message: "is not valid JSON" }], "The request body is not valid JSON.");
  }
}
