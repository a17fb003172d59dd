// openapi-typescript's types (generated/schema.ts) with openapi-fetch. The types carry no
// server, so the base URL is given; a key is a header the caller adds.
import createClient from "openapi-fetch";
import type { paths } from "./generated/schema.ts";
import { type Context, INQUIRY, type Outcome, UNKNOWN_KEY } from "./outcome.ts";

export async function run(ctx: Context): Promise<Outcome> {
  const client = createClient<paths>({ baseUrl: ctx.baseUrl });
  const auth = (key: string) => ({ headers: { authorization: `Bearer ${key}` } });
  const call = (r: { data?: unknown; error?: unknown; response: Response }) => ({
    status: r.response.status,
    body: r.data ?? r.error,
  });

  const search = await client.GET("/api/agents/experts", {
    params: { query: { q: "tax", accepting: true, limit: 3 } },
  });
  const profile = await client.GET("/api/agents/experts/{slug}", {
    params: { path: { slug: ctx.slug } },
    ...auth(ctx.key),
  });
  const availability = await client.GET("/api/agents/experts/{slug}/availability", {
    params: { path: { slug: ctx.slug }, query: { tz: "Europe/Berlin", days: 3 } },
  });
  const unknownKey = await client.GET("/api/agents/experts/{slug}/availability", {
    params: { path: { slug: ctx.slug } },
    ...auth(UNKNOWN_KEY),
  });
  const send = () =>
    client.POST("/api/agents/inquiries", {
      params: { header: { "Idempotency-Key": ctx.idempotencyKey } },
      body: { expert_slug: ctx.slug, ...INQUIRY },
      ...auth(ctx.key),
    });
  const inquiry = await send();
  const replay = await send();
  const id = inquiry.data?.inquiry_id ?? "missing";
  const readBack = await client.GET("/api/agents/inquiries/{id}", { params: { path: { id } }, ...auth(ctx.key) });
  return {
    search: call(search),
    profile: call(profile),
    availability: call(availability),
    availabilityWithUnknownKey: call(unknownKey),
    inquiry: call(inquiry),
    replay: { ...call(replay), replayed: replay.response.headers.get("idempotent-replayed") },
    readBack: call(readBack),
  };
}
