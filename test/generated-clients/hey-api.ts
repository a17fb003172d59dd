// @hey-api/openapi-ts's SDK with its fetch client. No base URL is given: the generated client
// takes it from the served document's `servers`. A key is the `auth` option of a call, sent
// only when given.
import { createInquiry, getExpert, getExpertAvailability, getInquiryStatus, searchExperts } from "./generated/index.ts";
import { type Context, INQUIRY, type Outcome, UNKNOWN_KEY } from "./outcome.ts";

export async function run(ctx: Context): Promise<Outcome> {
  // `response` is typed optional: hey-api leaves it out when the request itself failed (no answer).
  const call = (r: { data?: unknown; error?: unknown; response?: Response }) => ({
    status: r.response?.status ?? 0,
    body: r.data ?? r.error,
  });

  const search = await searchExperts({ query: { q: "tax", accepting: true, limit: 3 } });
  const profile = await getExpert({ path: { slug: ctx.slug }, auth: ctx.key });
  const availability = await getExpertAvailability({
    path: { slug: ctx.slug },
    query: { tz: "Europe/Berlin", days: 3 },
  });
  const unknownKey = await getExpertAvailability({ path: { slug: ctx.slug }, auth: UNKNOWN_KEY });
  const send = () =>
    createInquiry({
      headers: { "Idempotency-Key": ctx.idempotencyKey },
      body: { expert_slug: ctx.slug, ...INQUIRY },
      auth: ctx.key,
    });
  const inquiry = await send();
  const replay = await send();
  const id = inquiry.data?.inquiry_id ?? "missing";
  const readBack = await getInquiryStatus({ path: { id }, auth: ctx.key });
  return {
    search: call(search),
    profile: call(profile),
    availability: call(availability),
    availabilityWithUnknownKey: call(unknownKey),
    inquiry: call(inquiry),
    replay: { ...call(replay), replayed: replay.response?.headers.get("idempotent-replayed") ?? null },
    readBack: call(readBack),
  };
}
