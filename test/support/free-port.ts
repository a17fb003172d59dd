import { createServer } from "node:net";

// The OS picks the port (bind to 0), so it is not one a client connection or another server holds;
// a random number in 20000–40000 collided with an ephemeral port in CI.
/** A free loopback port, for a server that is to come up later on a known address. */
export async function freePort(): Promise<number> {
  return await new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}
