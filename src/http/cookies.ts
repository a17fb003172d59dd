/**
 * The one reader of the `Cookie` header, used by everything that looks at a cookie (the session
 * lookup and the CSRF guard). Two readers that split the header differently once disagreed on
 * `ed_session =TOKEN`: the guard saw no session cookie while the session lookup found one.
 *
 * Pairs are split on `;`, then on the first `=`; name and value are trimmed of spaces and tabs
 * (RFC 6265 §5.2 does the same for Set-Cookie, and browsers send what they stored). A value in
 * double quotes loses them; a percent-encoded value is decoded when it decodes cleanly. When a
 * name repeats, the first wins (browsers send the most specific path first). Linear in the
 * header's length.
 */
export function parseCookies(header: string | null | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  if (!header) return cookies;
  for (const pair of header.split(";")) {
    const eq = pair.indexOf("=");
    if (eq < 0) continue;
    const name = pair.slice(0, eq).trim();
    if (!name || cookies.has(name)) continue;
    let value = pair.slice(eq + 1).trim();
    if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    if (value.includes("%")) {
      try {
        value = decodeURIComponent(value);
      } catch {
        // kept as sent: a malformed escape is just part of an opaque value
      }
    }
    cookies.set(name, value);
  }
  return cookies;
}

/** One cookie of the request, as parseCookies reads it. */
export function requestCookie(request: Request, name: string): string | undefined {
  return parseCookies(request.headers.get("cookie")).get(name);
}
