import { compress, compressible, preferredCoding, varyOnEncoding } from "./compression.ts";
import { entityTag, ifNoneMatchMatches } from "./etag.ts";

/** How long an answer may be reused: `max-age` and, optionally, `stale-while-revalidate` (seconds). */
export interface CachePolicy {
  maxAge: number;
  staleWhileRevalidate?: number;
}

export function cacheControl(policy: CachePolicy): string {
  const swr = policy.staleWhileRevalidate ? `, stale-while-revalidate=${policy.staleWhileRevalidate}` : "";
  return `max-age=${Math.max(0, Math.floor(policy.maxAge))}${swr}`;
}

const JSON_TYPE = "application/json";

/**
 * A JSON answer that can be revalidated: a strong ETag of the bytes sent, `Cache-Control` from
 * `policy`, `Vary: Accept-Encoding`, and `304` with those headers and no body when the request's
 * `If-None-Match` names the tag. Over 1 KB it is compressed here with the client's preferred coding
 * (the tag then names that representation, RFC 9110 §8.8.3), so the compression plugin leaves it be.
 *
 * No `public`: a shared cache then stores only answers to requests without `Authorization`
 * (RFC 9111 §3.5), so a keyed caller always reaches us, has its key checked and draws on its own
 * budget. No `Vary: Authorization` either: the body is the same for every caller; only the
 * RateLimit headers differ, and those differ by client address just as much, which no `Vary` can
 * express; a cached copy's RateLimit headers describe the budget when it was fetched.
 */
export function cachedJson(request: Request, body: unknown, policy: CachePolicy): Response {
  const identity = Buffer.from(JSON.stringify(body));
  const wanted = request.method === "HEAD" ? null : preferredCoding(request.headers.get("accept-encoding"));
  const coding = wanted && compressible(JSON_TYPE, identity.length) ? wanted : null;
  const etag = entityTag(identity, coding);
  const headers = new Headers({ etag, "cache-control": cacheControl(policy) });
  varyOnEncoding(headers);
  if (ifNoneMatchMatches(request.headers.get("if-none-match"), etag)) return new Response(null, { status: 304, headers });
  headers.set("content-type", JSON_TYPE);
  if (!coding) return new Response(identity, { headers });
  headers.set("content-encoding", coding);
  return new Response(compress(identity, coding), { headers });
}
