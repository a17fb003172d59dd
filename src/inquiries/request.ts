import type { components } from "../../generated/agents.ts";
import { HttpProblem, type FieldError, validationProblem } from "../http/problem.ts";
import { bodyValidator } from "../contract/index.ts";

export type InquiryRequest = components["schemas"]["InquiryRequest"];

/** Limits of `context` the schema cannot express (documented in the contract). */
export const CONTEXT_MAX_BYTES = 16 * 1024;
export const CONTEXT_MAX_DEPTH = 8;
export const IDEMPOTENCY_KEY_MAX = 255;

const validateSchema = bodyValidator("createInquiry");

/** Nesting depth of a JSON value, the object itself counting 1; stops looking past `limit`. */
function depthExceeds(value: unknown, limit: number, level = 1): boolean {
  if (value === null || typeof value !== "object") return false;
  if (level > limit) return true;
  return Object.values(value).some((v) => depthExceeds(v, limit, level + 1));
}

function contextErrors(body: unknown): FieldError[] {
  const context = (body as { context?: unknown } | null)?.context;
  if (context === null || typeof context !== "object" || Array.isArray(context)) return [];
  const errors: FieldError[] = [];
  const bytes = Buffer.byteLength(JSON.stringify(context));
  if (bytes > CONTEXT_MAX_BYTES) {
    errors.push({ field: "context", message: `must be at most ${CONTEXT_MAX_BYTES} bytes as JSON (is ${bytes})` });
  }
  if (depthExceeds(context, CONTEXT_MAX_DEPTH)) {
    errors.push({ field: "context", message: `must not nest objects or arrays more than ${CONTEXT_MAX_DEPTH} levels deep` });
  }
  return errors;
}

function blankErrors(body: unknown): FieldError[] {
  const b = body as Record<string, unknown> | null;
  return (["requester_name", "message"] as const)
    .filter((f) => typeof b?.[f] === "string" && (b[f] as string).length > 0 && (b[f] as string).trim() === "")
    .map((field) => ({ field, message: "must not be blank" }));
}

function idempotencyKeyErrors(key: string | null): FieldError[] {
  if (key === null) return [];
  if (key.length >= 1 && key.length <= IDEMPOTENCY_KEY_MAX) return [];
  return [{ field: "Idempotency-Key", message: `must be 1 to ${IDEMPOTENCY_KEY_MAX} characters` }];
}

/**
 * Checks an inquiry body against the contract's InquiryRequest plus what the schema cannot say
 * (context size and depth, blank text, the Idempotency-Key header), and names every bad field in
 * one 400.
 */
export function validateInquiryRequest(body: unknown, idempotencyKey: string | null): InquiryRequest {
  let errors: FieldError[] = [];
  try {
    validateSchema(body);
  } catch (error) {
    if (!(error instanceof HttpProblem) || !error.extra.errors) throw error;
    errors = error.extra.errors;
  }
  errors = [...errors, ...contextErrors(body), ...blankErrors(body), ...idempotencyKeyErrors(idempotencyKey)];
  if (errors.length) throw validationProblem(errors);
  return body as InquiryRequest;
}
