// What every client program here does against the server, and what it reports back to
// test/generated-clients.test.ts. Copied beside each generated client and compiled with it
// (tsc --strict), so this file may import nothing.

export interface Context {
  /** The served document's `servers[0].url`, for the one client that cannot read it (openapi-fetch). */
  baseUrl: string;
  /** An API key of an account of its own. */
  key: string;
  /** A public expert accepting new clients. */
  slug: string;
  /** This client's Idempotency-Key for its inquiry. */
  idempotencyKey: string;
}

export interface Call {
  status: number;
  body: unknown;
}

export interface Outcome {
  /** `q`, `accepting: true` and `limit: 3`, without a key. */
  search: Call;
  /** The profile of `slug`, with the key. */
  profile: Call;
  /** The availability of `slug` in `Europe/Berlin` for 3 days, without a key. */
  availability: Call;
  /** The availability again with a key no account has: the key reaches the server (401). */
  availabilityWithUnknownKey: Call;
  /** An inquiry to `slug` with the key and the Idempotency-Key. */
  inquiry: Call;
  /** The same request again, with its `Idempotent-Replayed` header. */
  replay: Call & { replayed: string | null };
  /** getInquiryStatus of the inquiry's id, with the key. */
  readBack: Call;
}

export const UNKNOWN_KEY = "edk_live_0000000000000000000000000000000000000000";

export const INQUIRY = {
  requester_name: "Generated Client",
  requester_email: "generated.client@example.com",
  message: "A question sent through a client generated from /api/openapi.json.",
};
