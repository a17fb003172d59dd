import { createHmac, timingSafeEqual } from "node:crypto";

/** One POST a receiver got: its headers and the raw body, as a receiver must verify it. */
export interface Received {
  headers: Headers;
  raw: string;
  body: any;
}

/**
 * A webhook receiver on 127.0.0.1 (Bun.serve): records every POST and answers with `answer(n, r)`'s
 * status (n counts the POSTs of the same event id, from 1), 200 by default.
 */
export function startReceiver(answer: (attempt: number, received: Received) => number = () => 200) {
  const received: Received[] = [];
  const attempts = new Map<string, number>();
  const server = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    async fetch(request) {
      const raw = await request.text();
      const r: Received = { headers: request.headers, raw, body: JSON.parse(raw) };
      received.push(r);
      const n = (attempts.get(r.body.id) ?? 0) + 1;
      attempts.set(r.body.id, n);
      return new Response(null, { status: answer(n, r) });
    },
  });
  return {
    url: `http://127.0.0.1:${server.port}/hooks/expert-directory`,
    port: server.port,
    received,
    /** Waits (bounded by a count of looks, not a time assertion) until `predicate` holds. */
    async until(predicate: (received: Received[]) => boolean, what: string): Promise<void> {
      for (let i = 0; i < 1500; i++) {
        if (predicate(received)) return;
        await Bun.sleep(20);
      }
      throw new Error(
        `the receiver never got ${what}; it got ${received.map((r) => r.body.type).join(", ") || "nothing"}`,
      );
    },
    stop: () => server.stop(true),
  };
}

/**
 * The receiver's check, written from the documentation alone (not with the server's code):
 * `t=…,v1=…` with v1 = hex HMAC-SHA256(secret, `${t}.${raw body}`), t within 5 minutes.
 */
export function verifiedBy(secret: string, header: string | null, raw: string): boolean {
  if (!header) return false;
  const fields = header.split(",").map((f) => f.split("="));
  const t = fields.find(([k]) => k === "t")?.[1];
  if (!t || Math.abs(Date.now() / 1000 - Number(t)) > 300) return false;
  const expected = createHmac("sha256", secret).update(`${t}.${raw}`).digest();
  return fields.some(
    ([k, v]) => k === "v1" && /^[0-9a-f]{64}$/.test(v) && timingSafeEqual(Buffer.from(v, "hex"), expected),
  );
}
