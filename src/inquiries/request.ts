import type { components } from "../../generated/agents.ts";
import { HttpProblem, type FieldError, validationProblem } from "../http/problem.ts";
import { bodyValidator } from "../contract/index.ts";

export type InquiryRequest = components["schemas"]["InquiryRequest"];

export const IDEMPOTENCY_KEY_MAX = 255;

const validateSchema = bodyValidator("createInquiry");

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
 * (blank text, the Idempotency-Key header), and names every bad field in one 400. `context` is
 * bounded by the schema itself (keys, values, their number and length).
 */
export function validateInquiryRequest(body: unknown, idempotencyKey: string | null): InquiryRequest {
  let errors: FieldError[] = [];
  try {
    validateSchema(body);
  } catch (error) {
    if (!(error instanceof HttpProblem) || !error.extra.errors) throw error;
    errors = error.extra.errors;
  }
  errors = [...errors, ...blankErrors(body), ...idempotencyKeyErrors(idempotencyKey)];
  if (errors.length) throw validationProblem(errors);
  return body as InquiryRequest;
}
