import { Elysia } from "elysia";

// The public, credential-free reads a browser-based agent may call from any origin. Cookies are
// never involved (no Allow-Credentials), so `*` exposes nothing a plain HTTP client cannot get.
const PUBLIC_READS = /^\/api\/(agents\/experts(\/[^/]+(\/availability)?)?\/?|openapi\.json)$/;

const EXPOSED = "RateLimit, RateLimit-Policy, Retry-After, X-Request-Id";

/**
 * CORS for the public read endpoints: `Access-Control-Allow-Origin: *` on their responses and an
 * answer to their preflight (Authorization may be sent, for the higher keyed budget).
 */
export function publicCors(options: { onPreflight?: (request: Request, status: number) => void } = {}) {
  return new Elysia({ name: "cors" }).onRequest(function cors({ request, set }) {
    const path = new URL(request.url).pathname;
    if (!PUBLIC_READS.test(path)) return;
    if (request.method === "OPTIONS") {
      options.onPreflight?.(request, 204);
      const headers = new Headers(set.headers as Record<string, string>);
      headers.set("access-control-allow-origin", "*");
      headers.set("access-control-allow-methods", "GET, HEAD, OPTIONS");
      headers.set("access-control-allow-headers", "Authorization, Content-Type, Accept, Accept-Language, X-Request-Id");
      headers.set("access-control-max-age", "86400");
      return new Response(null, { status: 204, headers });
    }
    set.headers["access-control-allow-origin"] = "*";
    set.headers["access-control-expose-headers"] = EXPOSED;
  });
}
