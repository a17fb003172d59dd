import { Elysia } from "elysia";

/**
 * The policy of every HTML page: scripts only from files on this server (no inline script, no
 * eval), nothing embeds us, forms post only here. Inline styles stay allowed because Swagger UI
 * sets style attributes; styles cannot run code.
 */
export const HTML_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: https:",
  "connect-src 'self'",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

/**
 * nosniff and a strict Referrer-Policy on every response; on HTML pages also the CSP above and
 * X-Frame-Options for browsers that predate frame-ancestors.
 */
export function securityHeaders() {
  return new Elysia({ name: "security-headers" })
    .onRequest(function baseHeaders({ set }) {
      set.headers["x-content-type-options"] = "nosniff";
      set.headers["referrer-policy"] = "strict-origin-when-cross-origin";
    })
    .mapResponse({ as: "global" }, function htmlHeaders({ responseValue }) {
      if (!(responseValue instanceof Response)) return;
      if (!responseValue.headers.get("content-type")?.startsWith("text/html")) return;
      if (!responseValue.headers.has("content-security-policy"))
        responseValue.headers.set("content-security-policy", HTML_CSP);
      responseValue.headers.set("x-frame-options", "DENY");
    });
}
