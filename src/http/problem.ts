import type { components } from "../../generated/agents.ts";
import { type LimitReached, limitDetail } from "./limit-messages.ts";
import { problemTypeFor } from "./problem-types.ts";

export type FieldError = components["schemas"]["FieldError"];

/**
 * An RFC 9457 problem a handler throws to end the request with that status. The error handler
 * renders it as application/problem+json; nothing else about the failure leaves the server.
 */
export class HttpProblem extends Error {
  constructor(
    readonly status: number,
    readonly title: string,
    readonly detail: string,
    readonly extra: {
      errors?: FieldError[];
      headers?: Record<string, string>;
      type?: string;
      /** The limit a 429 reports, for the other renderings of its message (an MCP tool's, a page's). */
      limit?: LimitReached;
    } = {},
  ) {
    super(detail);
  }
}

export const TITLES: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  409: "Conflict",
  413: "Content Too Large",
  415: "Unsupported Media Type",
  422: "Unprocessable Content",
  429: "Too Many Requests",
  500: "Internal Server Error",
  503: "Service Unavailable",
};

export function problem(
  status: number,
  detail: string,
  extra: HttpProblem["extra"] & { title?: string } = {},
): HttpProblem {
  return new HttpProblem(status, extra.title ?? TITLES[status] ?? "Error", detail, extra);
}

/**
 * The 429 of a limit that was reached: `detail` is its message (src/http/limit-messages.ts),
 * Retry-After its seconds, and the limit travels along for the MCP and page renderings.
 */
export function limitProblem(
  limit: LimitReached,
  extra: { headers?: Record<string, string>; type?: string } = {},
): HttpProblem {
  return problem(429, limitDetail(limit), {
    ...extra,
    headers: { ...extra.headers, "retry-after": String(limit.retryAfterSeconds) },
    limit,
  });
}

/** 400 with the `errors` array naming every bad field at once. */
export function validationProblem(errors: FieldError[], detail?: string): HttpProblem {
  const names = [...new Set(errors.map((e) => e.field))].join(", ");
  return problem(400, detail ?? `Invalid request: check ${names}.`, { errors });
}

export function problemResponse(p: HttpProblem): Response {
  const body: Record<string, unknown> = {
    type: p.extra.type ?? problemTypeFor(p.status),
    title: p.title,
    status: p.status,
    detail: p.detail,
  };
  if (p.extra.errors) body.errors = p.extra.errors;
  return new Response(JSON.stringify(body), {
    status: p.status,
    headers: { "content-type": "application/problem+json", ...p.extra.headers },
  });
}
