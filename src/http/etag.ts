/**
 * Entity tags and `If-None-Match` (RFC 9110 §8.8.3, §13.1.2), free of any framework.
 *
 * The tag is a 64-bit hash of the exact bytes sent, so it is strong and always right: whatever
 * changes the answer (a write anywhere in the directory, a deploy that renders it differently, the
 * clock moving `upcoming`) changes the tag, and two workers or instances serving the same bytes
 * give the same tag. A collision between an answer and its successor is a 2^-64 chance.
 */

/** The hash an answer's tags are made of. */
export function entityTagHash(bytes: Uint8Array): string {
  return Bun.hash(bytes).toString(36);
}

/** The strong ETag of an answer of `hash`; a content coding (`br`, `gzip`) makes it the compressed representation's. */
export function entityTag(hash: string, coding: string | null = null): string {
  return coding ? `"${hash}-${coding}"` : `"${hash}"`;
}

// An entity-tag in a list: optional W/ then a quoted opaque tag (which may itself hold commas).
const TAG = /(?:W\/)?"([^"]*)"/g;

/**
 * True when `If-None-Match` names `etag`: `*`, or any listed tag equal to it by the weak
 * comparison that §13.1.2 prescribes for this header (a `W/` on either side is ignored). A
 * malformed header matches nothing, so the client simply gets the full answer.
 */
export function ifNoneMatchMatches(header: string | null, etag: string): boolean {
  if (header === null) return false;
  if (header.trim() === "*") return true;
  const opaque = etag.replace(/^W\//, "");
  for (const match of header.matchAll(TAG)) {
    if (`"${match[1]}"` === opaque) return true;
  }
  return false;
}
