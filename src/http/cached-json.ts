import { type Coding, compress, compressible, preferredCoding, varyOnEncoding } from "./compression.ts";
import { entityTag, entityTagHash, ifNoneMatchMatches } from "./etag.ts";

/** How long an answer may be reused: `max-age` and, optionally, `stale-while-revalidate` (seconds). */
export interface CachePolicy {
  maxAge: number;
  staleWhileRevalidate?: number;
}

export function cacheControl(policy: CachePolicy): string {
  const swr = policy.staleWhileRevalidate ? `, stale-while-revalidate=${policy.staleWhileRevalidate}` : "";
  return `max-age=${Math.max(0, Math.floor(policy.maxAge))}${swr}`;
}

/**
 * `policy`, its max-age cut so reuse ends by `holdsUntil` (epoch ms; null: no such limit), and no
 * stale-while-revalidate then: a stale copy would be served past the moment it is wrong.
 */
export function policyUntil(policy: CachePolicy, holdsUntil: number | null, now: number): CachePolicy {
  if (holdsUntil === null) return policy;
  return { maxAge: Math.min(policy.maxAge, Math.floor((holdsUntil - now) / 1000)) };
}

const JSON_TYPE = "application/json";

/**
 * An answer already serialized, e.g. built by PostgreSQL (src/experts/profile.ts): cachedJson
 * sends its text as it is instead of serializing a value. Its bytes, their hash and each
 * compressed form are worked out once, on first use: a remembered search answer (one JsonText
 * sent again and again) then costs no hashing or compressing per request.
 */
export class JsonText {
  private bytes: Buffer<ArrayBuffer> | undefined;
  private hash: string | undefined;
  private readonly encoded = new Map<Coding, ReturnType<typeof compress>>();

  constructor(readonly text: string) {}

  identity(): Buffer<ArrayBuffer> {
    return (this.bytes ??= Buffer.from(this.text));
  }

  tagHash(): string {
    return (this.hash ??= entityTagHash(this.identity()));
  }

  /** The bytes in `coding`. */
  inCoding(coding: Coding): ReturnType<typeof compress> {
    let bytes = this.encoded.get(coding);
    if (!bytes) this.encoded.set(coding, (bytes = compress(this.identity(), coding)));
    return bytes;
  }
}

/** The coding this request gets for an answer (null: identity); never for HEAD. */
function codingFor(request: Request, isCompressible: boolean) {
  if (request.method === "HEAD" || !isCompressible) return null;
  return preferredCoding(request.headers.get("accept-encoding"));
}

function cacheHeaders(etag: string, policy: CachePolicy): Headers {
  const headers = new Headers({ etag, "cache-control": cacheControl(policy) });
  varyOnEncoding(headers);
  return headers;
}

/**
 * The `304` for this request when its `If-None-Match` names the tag the answer `hash` gets in
 * the coding the request would be sent; null otherwise. Also used before the answer is built
 * (src/http/revalidation.ts), from a tag remembered for the same directory version.
 */
export function notModified(
  request: Request,
  hash: string,
  isCompressible: boolean,
  policy: CachePolicy,
): Response | null {
  const etag = entityTag(hash, codingFor(request, isCompressible));
  if (!ifNoneMatchMatches(request.headers.get("if-none-match"), etag)) return null;
  return new Response(null, { status: 304, headers: cacheHeaders(etag, policy) });
}

/**
 * A JSON answer that can be revalidated: a strong ETag of the bytes sent, `Cache-Control` from
 * `policy`, `Vary: Accept-Encoding`, and `304` with those headers and no body when the request's
 * `If-None-Match` names the tag. Over 1 KB it is compressed here with the client's preferred coding
 * (the tag then names that representation, RFC 9110 §8.8.3), so the compression plugin leaves it be.
 * `onTag` learns the answer's hash, for remembering it.
 *
 * No `public`: a shared cache then stores only answers to requests without `Authorization`
 * (RFC 9111 §3.5), so a keyed caller always reaches us, has its key checked and draws on its own
 * budget. No `Vary: Authorization` either: the body is the same for every caller; only the
 * RateLimit headers differ, and those differ by client address just as much, which no `Vary` can
 * express; a cached copy's RateLimit headers describe the budget when it was fetched.
 */
export function cachedJson(
  request: Request,
  body: unknown,
  policy: CachePolicy,
  onTag?: (hash: string, isCompressible: boolean) => void,
): Response {
  const text = body instanceof JsonText ? body : new JsonText(JSON.stringify(body));
  const identity = text.identity();
  const hash = text.tagHash();
  const isCompressible = compressible(JSON_TYPE, identity.length);
  onTag?.(hash, isCompressible);
  const unchanged = notModified(request, hash, isCompressible, policy);
  if (unchanged) return unchanged;
  const coding = codingFor(request, isCompressible);
  const headers = cacheHeaders(entityTag(hash, coding), policy);
  headers.set("content-type", JSON_TYPE);
  if (!coding) return new Response(identity, { headers });
  headers.set("content-encoding", coding);
  return new Response(text.inCoding(coding), { headers });
}
