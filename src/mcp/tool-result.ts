import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { isDatabaseUnavailable } from "../http/errors.ts";
import { limitToolText } from "../http/limit-messages.ts";
import { HttpProblem } from "../http/problem.ts";
import type { Logger } from "../log.ts";

/** A successful call whose structured content is `R` (a tool's: its operation's success body, ResultOf). */
export type ToolReply<R> = CallToolResult & { structuredContent: R; isError?: false };

/** A failed call: no structured content. */
export type ToolFailure = CallToolResult & { isError: true; structuredContent?: undefined };

/** A successful call: the structured result and a text rendering of it for the model. */
export function toolResult<R extends object>(structured: R, text: string): ToolReply<R> {
  // The contract's types are objects of named fields; the SDK's type is any string-keyed object.
  return { structuredContent: structured as R & Record<string, unknown>, content: [{ type: "text", text }] };
}

/** A failed call: `isError` with a text that says what to do next, and no structured content. */
export function toolError(text: string): ToolFailure {
  return { isError: true, content: [{ type: "text", text }] };
}

/** How a feature function's problem reads to an agent calling a tool. */
export type ProblemWording = (p: HttpProblem) => string | undefined;

function retryAfter(p: HttpProblem): number | null {
  const raw = p.extra.headers?.["retry-after"] ?? p.extra.headers?.["Retry-After"];
  return raw !== undefined && /^\d+$/.test(raw) ? Number(raw) : null;
}

/** The generic wording of a problem; tools override the cases they know better (404, 401). */
export function problemText(p: HttpProblem): string {
  if (p.status === 400) {
    const fields = (p.extra.errors ?? []).map((e) => `${e.field} ${e.message}`).join("; ");
    return `Invalid arguments${fields ? `: ${fields}` : `: ${p.detail}`}. Fix them and call the tool again.`;
  }
  if (p.extra.limit) return limitToolText(p.extra.limit);
  if (p.status === 429) {
    // The feature's detail already says when (from Retry-After); keep it, and say it if not.
    if (/retry after \d+ seconds/i.test(p.detail)) return `${p.detail} Do not retry sooner.`;
    return `${p.detail} Retry after ${retryAfter(p) ?? 60} seconds; do not retry sooner.`;
  }
  if (p.status >= 500) {
    const seconds = retryAfter(p) ?? 5;
    return `The directory could not answer right now. Retry in ${seconds} seconds.`;
  }
  return p.detail;
}

/**
 * Runs a tool body and turns every failure into a tool error: a problem thrown by a feature
 * function keeps its meaning (wording first, then the generic text), a lost database becomes
 * "retry shortly", and anything else is logged and answered without internals, never crashing
 * the session or leaking SQL or a stack trace into the model's context.
 */
export async function guardedTool(
  log: Logger,
  tool: string,
  wording: ProblemWording,
  run: () => Promise<CallToolResult>,
): Promise<CallToolResult> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof HttpProblem) return toolError(wording(error) ?? problemText(error));
    if (isDatabaseUnavailable(error)) {
      log.error("database unavailable", { tool, code: (error as { code: string }).code });
      return toolError("The directory's database is unavailable. Retry in 5 seconds.");
    }
    log.error("tool failed", { tool, error: String((error as Error)?.stack ?? error) });
    return toolError(
      "Something went wrong on the directory's side. Retry later; if it keeps failing, tell the user the directory is unavailable.",
    );
  }
}
