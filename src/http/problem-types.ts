/**
 * The kinds of problem this API answers with, one page each at /problems/<kind>
 * (src/web/problem-pages.ts): what happened and what to do. A problem's `type` is that page's
 * path, a relative reference that RFC 9457 resolves against the request's URL, so it names this
 * server whatever address it is reached by. The `title` stays the HTTP status phrase.
 */
export interface ProblemKind {
  status: number;
  happened: string;
  todo: string;
}

export const PROBLEM_KINDS: Record<string, ProblemKind> = {
  "invalid-request": {
    status: 400,
    happened:
      "A parameter, field or header of the request is invalid: missing, malformed, out of range, unknown, repeated, or holding a NUL character. The `errors` array names each one with the reason.",
    todo: "Fix every field listed in `errors` and send the request again. Nothing was changed.",
  },
  unauthorized: {
    status: 401,
    happened:
      "The credential is missing, unknown or revoked: the Bearer API key, the dashboard session, or the e-mail address and password of a log-in. `detail` says which.",
    todo: "Send `Authorization: Bearer <API_KEY>` with an active key (an account holder creates keys at /dashboard), or log in again. Retrying with the same credential does not help.",
  },
  forbidden: {
    status: 403,
    happened:
      "The request is refused: the resource belongs to another account, the request came from another site's page (its `Origin`), or sign-up is closed on this server.",
    todo: "Do not retry. Use your own resources, call from this server's pages, or ask the operator for an account.",
  },
  "not-found": {
    status: 404,
    happened:
      "Nothing public exists at this address: an unknown or unlisted expert, another account's inquiry, an unknown key, or a path this API does not have.",
    todo: "Do not retry. Search again (GET /api/agents/experts) for current slugs, or check the path against /api/openapi.json.",
  },
  "method-not-allowed": {
    status: 405,
    happened: "The path exists but does not take this HTTP method. The `Allow` header lists the methods it takes.",
    todo: "Use one of the methods in `Allow`.",
  },
  conflict: {
    status: 409,
    happened:
      "The request conflicts with the current state: the account already has 10 active API keys, the e-mail address is already registered, or the key was already revoked.",
    todo: "Read `detail`: revoke a key before creating another, log in instead of signing up, or stop: the change was already made.",
  },
  "expert-not-accepting": {
    status: 409,
    happened:
      "The expert is not accepting new clients: the profile says `accepting_clients: false` (the expert may have asked for no more inquiries) or `availability_status: closed`. No inquiry was recorded and no e-mail was sent.",
    todo: "Do not retry. Search for another expert (`accepting=1` keeps to those accepting), or give the person the expert's profile_url to check back later.",
  },
  "content-too-large": {
    status: 413,
    happened: "The request body is larger than 64 KB.",
    todo: "Send a shorter body (a shorter `message` or `context`).",
  },
  "unsupported-media-type": {
    status: 415,
    happened: "The body was sent with a `Content-Type` other than JSON.",
    todo: "Send the body as JSON with `Content-Type: application/json`.",
  },
  "idempotency-key-reused": {
    status: 422,
    happened: "This `Idempotency-Key` was already used with a different request body in the last 24 hours.",
    todo: "Use a new key for a new inquiry; reuse a key only to retry the very same request.",
  },
  "rate-limited": {
    status: 429,
    happened:
      "Too many requests from this client address or API key in the last minute (this server's budgets are below), too many log-in failures, or too many keys created in 24 hours.",
    todo: "Wait the number of seconds in `Retry-After`, then retry. Agents: send a Bearer API key for the higher read limits.",
  },
  "inquiry-limit": {
    status: 429,
    happened:
      "This account (its API keys together, revoked ones included) has sent 5 inquiries to this expert in the last 24 hours.",
    todo: "Wait the seconds in `Retry-After` (until the oldest of those inquiries is 24 hours old), contact another expert, or give the person the expert's booking_url to book directly.",
  },
  "server-error": {
    status: 500,
    happened: "Something went wrong on the server's side. Nothing about it is shown; it is logged for the operator.",
    todo: "Retry later. For an inquiry, retry with the same `Idempotency-Key` so it cannot be sent twice.",
  },
  unavailable: {
    status: 503,
    happened: "The database cannot be reached right now, or the server is shutting down.",
    todo: "Retry after `Retry-After` seconds (5 by default).",
  },
};

const BY_STATUS = new Map(
  Object.entries(PROBLEM_KINDS)
    .filter(([kind]) => kind !== "inquiry-limit" && kind !== "expert-not-accepting")
    .map(([kind, k]) => [k.status, kind]),
);

/** The `type` of a problem kind: its page's path. */
export function problemType(kind: keyof typeof PROBLEM_KINDS & string): string {
  return `/problems/${kind}`;
}

/** The default `type` of a status; about:blank for a status this API never answers. */
export function problemTypeFor(status: number): string {
  const kind = BY_STATUS.get(status);
  return kind ? problemType(kind) : "about:blank";
}
