// orval's fetch client (one file). No base URL is given: orval.config.mjs has it read the served
// document's `servers`, and `headers: true` makes header parameters (Idempotency-Key) arguments.
// A key is a header of the call's RequestInit.
import {
  createInquiry,
  getExpert,
  getExpertAvailability,
  getInquiryStatus,
  searchExperts,
} from "./generated/client.ts";
import { type Context, INQUIRY, type Outcome, UNKNOWN_KEY } from "./outcome.ts";

export async function run(ctx: Context): Promise<Outcome> {
  const auth = (key: string): RequestInit => ({ headers: { authorization: `Bearer ${key}` } });
  const call = (r: { status: number; data: unknown }) => ({ status: r.status, body: r.data });

  const search = await searchExperts({ q: "tax", accepting: true, limit: 3 });
  const profile = await getExpert(ctx.slug, undefined, undefined, auth(ctx.key));
  const availability = await getExpertAvailability(ctx.slug, { tz: "Europe/Berlin", days: 3 });
  const unknownKey = await getExpertAvailability(ctx.slug, undefined, undefined, auth(UNKNOWN_KEY));
  const send = () =>
    createInquiry({ expert_slug: ctx.slug, ...INQUIRY }, { "Idempotency-Key": ctx.idempotencyKey }, auth(ctx.key));
  const inquiry = await send();
  const replay = await send();
  const id = inquiry.status === 201 ? inquiry.data.inquiry_id : "missing";
  const readBack = await getInquiryStatus(id, auth(ctx.key));
  return {
    search: call(search),
    profile: call(profile),
    availability: call(availability),
    availabilityWithUnknownKey: call(unknownKey),
    inquiry: call(inquiry),
    replay: { ...call(replay), replayed: replay.headers.get("idempotent-replayed") },
    readBack: call(readBack),
  };
}
