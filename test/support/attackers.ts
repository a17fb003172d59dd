// Hostile clients for test/adversarial/under-attack.test.ts, run as a process of their own so the
// test measures the server's memory, not the attackers'. Usage: bun attackers.ts URL COUNT
// Attacks until SIGTERM, lets each attacker finish the request it has in flight, then prints the
// statuses it got, as JSON, and exits: the test decides when, by what it has seen, not by a clock.
const [url, countArg] = process.argv.slice(2);
let attacking = true;
process.on("SIGTERM", () => {
  attacking = false;
});
const deep = new TextEncoder().encode("[".repeat(30_000) + "]".repeat(30_000));
// The routes that read a body before any credential check: where an anonymous attacker gets furthest.
const routes = ["/api/auth/login", "/api/auth/signup"];
const statuses: Record<string, number> = {};

/**
 * A chunked body (no Content-Length) sent 8 KB every 10 ms: the 60 KB deep nesting, or endless "["
 * until the server cuts it off at its cap. Slow on purpose, so each request stays in flight (and
 * 20 attackers do not churn through thousands of sockets a second).
 */
function drip(source: Uint8Array | null): ReadableStream<Uint8Array> {
  const filler = new Uint8Array(8 * 1024).fill(0x5b);
  let sent = 0;
  return new ReadableStream({
    async pull(controller) {
      if (source ? sent >= source.byteLength : sent > 2 * 1024 * 1024) return controller.close();
      await Bun.sleep(10);
      const chunk = source ? source.subarray(sent, sent + filler.byteLength) : filler;
      sent += chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
}

async function attacker(n: number) {
  while (attacking) {
    const body = drip(n % 2 ? deep : null);
    const res = await fetch(`${url}${routes[n % routes.length]}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body,
    }).catch(() => null);
    const key = res ? String(res.status) : "connection error";
    statuses[key] = (statuses[key] ?? 0) + 1;
    await res?.arrayBuffer().catch(() => {});
  }
}

await Promise.all(Array.from({ length: Number(countArg) }, (_, i) => attacker(i)));
console.log(JSON.stringify(statuses));
export {}; // a module, for the top-level await
