import { MAX_BODY_BYTES } from "../http/body-limit.ts";
import { problem, validationProblem } from "../http/problem.ts";

function tooLarge(max: number) {
  return problem(413, `The request body is larger than ${max} bytes. Shorten message or context.`);
}

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

/**
 * The request body as JSON, read by hand so that the size limit holds without buffering more than
 * `max` bytes (413), and so that every way of not being a JSON object ends in the same 400: a
 * Content-Type other than JSON, an empty body, bytes that are not UTF-8, text that is not JSON.
 */
export async function readJsonBody(request: Request, max = MAX_BODY_BYTES): Promise<unknown> {
  const bytes = await readCapped(request, max);
  const mediaType = (request.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
  if (mediaType !== "" && !/^application\/([a-z0-9.+-]+\+)?json$/.test(mediaType)) {
    throw validationProblem([{ field: "body", message: "must be sent as Content-Type: application/json" }], "The request body must be JSON.");
  }
  if (bytes.byteLength === 0) throw validationProblem([{ field: "body", message: "is required (a JSON object)" }]);
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw validationProblem([{ field: "body", message: "is not valid UTF-8" }]);
  }
  try {
    return JSON.parse(text);
  } catch {
    throw validationProblem([{ field: "body", message: "is not valid JSON" }], "The request body is not valid JSON.");
  }
}
