// HTML built by tagged templates that escape every value; at the bottom floor because both the
// pages (web/) and the inquiry e-mails (inquiries/) render with it.
/** Escapes text for HTML element content and quoted attribute values. */
export function escapeHtml(value: unknown): string {
  return String(value ?? "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

/** Tagged template that escapes every interpolated value unless it is already `Html`. */
export class Html {
  constructor(readonly value: string) {}
  toString() {
    return this.value;
  }
}

export function html(strings: TemplateStringsArray, ...values: unknown[]): Html {
  let out = strings[0];
  values.forEach((v, i) => {
    const rendered = Array.isArray(v)
      ? v.map((x) => (x instanceof Html ? x.value : escapeHtml(x))).join("")
      : v instanceof Html
        ? v.value
        : escapeHtml(v);
    out += rendered + strings[i + 1];
  });
  return new Html(out);
}

export function htmlResponse(body: Html, status = 200): Response {
  return new Response(`<!doctype html>\n${body.value}`, {
    status,
    headers: { "content-type": "text/html; charset=utf-8" },
  });
}
