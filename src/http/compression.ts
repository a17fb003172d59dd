import { Elysia } from "elysia";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

export type Coding = "br" | "gzip";

/** Below this many bytes compression saves less than its headers and CPU cost. */
export const MIN_COMPRESS_BYTES = 1024;

/**
 * The coding to answer `Accept-Encoding` with: the acceptable one with the highest q-value, brotli
 * on a tie (smaller for the same CPU at the quality used here); null for identity. `q=0` refuses a
 * coding, `*` stands for any coding not named, `x-gzip` is gzip (RFC 9110 §12.5.3).
 */
export function preferredCoding(acceptEncoding: string | null): Coding | null {
  if (!acceptEncoding) return null;
  const q: Record<string, number> = {};
  for (const part of acceptEncoding.split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    const weight = params.map((p) => /^\s*q\s*=\s*([0-9.]+)\s*$/.exec(p)).find(Boolean);
    const value = weight ? Number(weight[1]) : 1;
    q[name === "x-gzip" ? "gzip" : name] = Number.isFinite(value) ? value : 0;
  }
  const of = (coding: Coding) => q[coding] ?? q["*"] ?? 0;
  const br = of("br");
  const gzip = of("gzip");
  if (br > 0 && br >= gzip) return "br";
  return gzip > 0 ? "gzip" : null;
}

// Only types that are text underneath: images, archives, fonts and PDFs are compressed already.
const COMPRESSIBLE = /^(text\/|application\/(json|problem\+json|javascript|xml|[a-z.+-]+\+(json|xml))|image\/svg\+xml)/;

/** Whether a body of this type and size is worth compressing. */
export function compressible(contentType: string | null, bytes: number): boolean {
  return bytes >= MIN_COMPRESS_BYTES && contentType !== null && COMPRESSIBLE.test(contentType);
}

/**
 * `bytes` in `coding`. Brotli at quality 4, gzip at level 6: dynamic answers are compressed on
 * every request, and quality 11 costs ~50× the CPU for a few percent less.
 */
export function compress(bytes: Uint8Array, coding: Coding): ReturnType<typeof gzipSync> {
  return coding === "br"
    ? brotliCompressSync(bytes, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
      })
    : gzipSync(bytes, { level: 6 });
}

/** Adds `Accept-Encoding` to a response's `Vary`, keeping what is there. */
export function varyOnEncoding(headers: Headers) {
  const vary = headers.get("vary");
  if (!vary) headers.set("vary", "Accept-Encoding");
  else if (!/(^|,)\s*accept-encoding\s*(,|$)/i.test(vary)) headers.set("vary", `${vary}, Accept-Encoding`);
}

export interface CompressionOptions {
  /** Paths left untouched: streams must reach the client as written (default the MCP transports). */
  skip?: RegExp;
}

/**
 * Compresses every other response body over 1 KB of a text type with brotli or gzip when the
 * client asks, marking it `Content-Encoding` and `Vary: Accept-Encoding`. Never a HEAD, a 204 or
 * 304, a body already encoded, an event stream, or the MCP endpoints (`/api/mcp`, `/api/sse`,
 * `/api/messages`). `.use` it before the routes: Elysia hooks apply to routes added after them.
 */
export function compression(options: CompressionOptions = {}) {
  const skip = options.skip ?? /^\/api\/(mcp|sse|messages)(\/|$)/;
  return new Elysia({ name: "compression" }).mapResponse(
    { as: "global" },
    async function compressBody({ request, responseValue }) {
      if (!(responseValue instanceof Response) || request.method === "HEAD") return;
      // The cheap tests first, and `body` last: reading it makes Bun build a stream for the body.
      const { status, headers } = responseValue;
      if (status === 204 || status === 304 || headers.has("content-encoding")) return;
      const coding = preferredCoding(request.headers.get("accept-encoding"));
      if (!coding) return;
      const type = headers.get("content-type");
      if (type?.startsWith("text/event-stream") || !responseValue.body || skip.test(new URL(request.url).pathname))
        return;
      const length = Number(headers.get("content-length") ?? MIN_COMPRESS_BYTES);
      if (!compressible(type, length)) return;
      const bytes = new Uint8Array(await responseValue.arrayBuffer());
      const out = new Headers(headers);
      varyOnEncoding(out);
      if (!compressible(type, bytes.length))
        return new Response(bytes, { status, statusText: responseValue.statusText, headers: out });
      out.set("content-encoding", coding);
      out.delete("content-length");
      return new Response(compress(bytes, coding), { status, statusText: responseValue.statusText, headers: out });
    },
  );
}
