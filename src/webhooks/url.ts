import { validationProblem } from "../http/problem.ts";
import { AddressRefused, allowedAddress, type Resolver } from "./address-policy.ts";

export interface WebhookTarget {
  url: URL;
  /** The host as it is resolved: brackets of an IPv6 literal removed. */
  host: string;
}

/** The longest URL stored (sql/021's check on webhooks.url; the contract's WebhookRequest.url maxLength). */
export const WEBHOOK_URL_MAX = 2048;

/** Why a URL can never be a webhook, or null: the rules that need no DNS. */
export function urlFault(raw: string, allowPrivate: boolean): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return "is not an absolute URL";
  }
  if (url.protocol !== "https:" && !(allowPrivate && url.protocol === "http:")) return "must start with https://";
  if (url.username || url.password) return "must not carry a user name or password";
  if (url.hash) return "must not have a #fragment";
  if (!url.hostname) return "must name a host";
  // What is stored and POSTed to is the parsed form, which percent-encodes (a ' in the query
  // becomes %27): a URL within the limit as given can outgrow it, and the table would refuse it.
  if (url.href.length > WEBHOOK_URL_MAX) return `is longer than ${WEBHOOK_URL_MAX} characters once percent-encoded`;
  return null;
}

/** The target of a webhook URL already stored (checked at registration). */
export function webhookTarget(raw: string): WebhookTarget {
  const url = new URL(raw);
  return { url, host: url.hostname.replace(/^\[|\]$/g, "") };
}

/**
 * The registration check: the URL's shape, then every address its host resolves to (a 400 naming
 * the refused address). The same address rule runs again before every delivery (src/webhooks/post.ts).
 */
export async function checkWebhookUrl(raw: string, allowPrivate: boolean, resolve: Resolver): Promise<string> {
  const fault = urlFault(raw, allowPrivate);
  if (fault) throw validationProblem([{ field: "url", message: fault }], `The webhook URL ${fault}.`);
  const target = webhookTarget(raw);
  try {
    await allowedAddress(target.host, allowPrivate, resolve);
  } catch (error) {
    if (!(error instanceof AddressRefused)) throw error;
    throw validationProblem(
      [{ field: "url", message: error.message }],
      `The webhook URL is refused: ${error.message}.`,
    );
  }
  return target.url.href;
}
