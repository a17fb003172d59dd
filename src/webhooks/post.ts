import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import { VERSION } from "../version.ts";
import { allowedAddress, type Resolver } from "./address-policy.ts";
import { webhookTarget } from "./url.ts";

export interface PostOutcome {
  /** The HTTP status code, or null when no answer came (refused address, connection error, timeout). */
  status: number | null;
  /** Why it did not count as delivered; null for a 2xx. */
  error: string | null;
}

export interface PostOptions {
  allowPrivate: boolean;
  resolve: Resolver;
  timeoutMs: number;
}

/** How much of an answer's body is read (and thrown away) before the connection is closed. */
const MAX_ANSWER_BYTES = 64 * 1024;

/**
 * POSTs one webhook body. The host is resolved and checked here, before every attempt, and the
 * connection goes to the very address checked (a `lookup` that answers with it), so a name that
 * resolved to a public address at registration and to a private one now (DNS rebinding) is
 * refused rather than called. TLS still verifies the certificate against the URL's host name.
 * Redirects are not followed: a 3xx is a failed attempt like any other non-2xx.
 */
export async function postWebhook(
  rawUrl: string,
  headers: Record<string, string>,
  body: string,
  options: PostOptions,
): Promise<PostOutcome> {
  const { url, host } = webhookTarget(rawUrl);
  let address: Awaited<ReturnType<typeof allowedAddress>>;
  try {
    address = await allowedAddress(host, options.allowPrivate, options.resolve);
  } catch (error) {
    return { status: null, error: (error as Error).message };
  }
  const pinned: LookupFunction = (_hostname, lookupOptions, callback) => {
    if ((lookupOptions as { all?: boolean }).all)
      (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [address]);
    else callback(null, address.address, address.family);
  };
  const client = url.protocol === "https:" ? https : http;
  return await new Promise<PostOutcome>((resolve) => {
    let settled = false;
    const finish = (outcome: PostOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(outcome);
    };
    const request = client.request(
      url,
      {
        method: "POST",
        lookup: pinned,
        headers: {
          ...headers,
          "content-type": "application/json",
          "content-length": String(Buffer.byteLength(body)),
          "user-agent": `ExpertDirectory-Webhooks/${VERSION}`,
        },
      },
      (response) => {
        const status = response.statusCode ?? 0;
        let read = 0;
        response.on("data", (chunk: Buffer) => {
          read += chunk.length;
          if (read > MAX_ANSWER_BYTES) response.destroy();
        });
        const done = () => finish({ status, error: status >= 200 && status < 300 ? null : `answered ${status}` });
        response.on("end", done);
        response.on("close", done);
        response.on("error", done);
      },
    );
    const timer = setTimeout(() => {
      request.destroy();
      finish({ status: null, error: `no answer within ${options.timeoutMs} ms` });
    }, options.timeoutMs);
    request.on("error", (error) =>
      finish({ status: null, error: `could not connect: ${(error as { code?: string }).code ?? error.message}` }),
    );
    request.end(body);
  });
}
