import { Lru } from "../cache/lru.ts";
import { type CachePolicy, cachedJson, notModified, policyUntil } from "./cached-json.ts";

/** An answer to remember, built only when the remembered tag does not settle the request. */
export interface Answer {
  body: unknown;
  policy: CachePolicy;
  /** Epoch ms after which the answer may differ with no write at all (availability's `upcoming`); null: never. */
  holdsUntil: number | null;
}

interface Remembered {
  version: string;
  hash: string;
  compressible: boolean;
  policy: CachePolicy;
  holdsUntil: number | null;
}

export interface RevalidationOptions {
  /** The version of everything the answers read, bumped by every write to it (the directory version). */
  version: () => Promise<string>;
  /** Where the URLs' tags are kept (made by the app, shown in /metrics); default: 10,000 of them, ~1 MB. */
  cache?: RevalidationCache;
}

export type RevalidationCache = Lru<string, Remembered>;

/** The tags of conditional requests: per URL, least recently used out. */
export function revalidationCache(maxEntries = 10_000): RevalidationCache {
  return new Lru({ name: "revalidation", maxEntries });
}

/**
 * Conditional requests answered before the query. Per URL (path and query), the hash of the last
 * answer to a conditional request is remembered with the version it was built at; a request whose
 * `If-None-Match` names that tag, at the same version (and before the answer's `holdsUntil`), is
 * `304` after one read of the version. Otherwise the answer is built, sent through cachedJson and
 * remembered.
 *
 * Correct because the version is read *before* the answer is built: a write landing in between
 * bumps the version, so what was built is remembered under a version no later request reads. The
 * ETag is still the hash of the bytes (cachedJson), so a tag from another worker or instance
 * simply takes the full path once. Per process: nothing to share or invalidate across workers.
 */
export function revalidation(options: RevalidationOptions) {
  const entries = options.cache ?? revalidationCache();

  return async function revalidated(request: Request, build: () => Promise<Answer>): Promise<Response> {
    // Only conditional requests read the version and are remembered: a plain request pays nothing
    // extra, and a client revalidates only what it was sent before (the first revalidation of a
    // URL builds the answer, later ones at the same version do not).
    if (!request.headers.has("if-none-match")) {
      const answer = await build();
      return cachedJson(request, answer.body, policyUntil(answer.policy, answer.holdsUntil, Date.now()));
    }
    const url = request.url;
    const key = url.slice(url.indexOf("/", url.indexOf("//") + 2));
    const version = await options.version();
    const hit = entries.get(key);
    if (hit && hit.version === version) {
      const now = Date.now();
      if (hit.holdsUntil === null || now <= hit.holdsUntil) {
        const unchanged = notModified(
          request,
          hit.hash,
          hit.compressible,
          policyUntil(hit.policy, hit.holdsUntil, now),
        );
        if (unchanged) return unchanged;
      }
    }
    const answer = await build();
    return cachedJson(
      request,
      answer.body,
      policyUntil(answer.policy, answer.holdsUntil, Date.now()),
      (hash, compressible) => {
        entries.set(key, { version, hash, compressible, policy: answer.policy, holdsUntil: answer.holdsUntil });
      },
    );
  };
}
