import { Elysia } from "elysia";
import { problemResponse, validationProblem } from "./problem.ts";

/**
 * Answers 400 when the request's URL cannot be parsed: Bun builds `request.url` from the Host
 * header, so a malformed Host (`a b`, `[bad`, `x:99999`) would make every later `new URL()`
 * throw. Checked once, first, so nothing after it has to guard its own URL parsing.
 */
export function validHost(options: { onRefuse?: (request: Request, status: number) => void } = {}) {
  return new Elysia({ name: "valid-host" }).onRequest(function refuseBadHost({ request, set }) {
    if (URL.canParse(request.url)) return;
    options.onRefuse?.(request, 400);
    const response = problemResponse(
      validationProblem(
        [{ field: "Host", message: "is missing or malformed" }],
        "The Host header is missing or malformed.",
      ),
    );
    for (const [k, v] of Object.entries(set.headers)) if (typeof v === "string") response.headers.set(k, v);
    return response;
  });
}
