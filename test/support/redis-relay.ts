import type { Socket, TCPSocketListener } from "bun";

// Redis on 127.0.0.1:6379 is shared, so it is never stopped: a TCP relay of this test's own stands
// in front of it and is cut and restored instead.
export function relay(target: number) {
  // The OS picks the port the first time (a random one could be another server's: RabbitMQ listens
  // on 25672); it is kept, so that a client reconnects to the same address once the relay is up again.
  let port = 0;
  const open = new Set<Socket<any>>();
  let listener: TCPSocketListener<any> | undefined;
  // frozen: connections stay open but nothing passes, as with a hung Redis
  let frozen = false;
  // Chunks clients sent, passed on or not: whether a client asked Redis at all, without timing it.
  let received = 0;
  function up() {
    listener = Bun.listen<{ upstream?: Socket<any>; pending: Uint8Array[] }>({
      hostname: "127.0.0.1",
      port,
      socket: {
        open(client) {
          client.data = { pending: [] };
          open.add(client);
          void Bun.connect<Socket<any>>({
            hostname: "127.0.0.1",
            port: target,
            socket: {
              open(upstream) {
                upstream.data = client;
                open.add(upstream);
                client.data.upstream = upstream;
                for (const chunk of client.data.pending) upstream.write(chunk);
              },
              data: (upstream, chunk) => void (frozen || upstream.data.write(chunk)),
              close: (upstream) => void upstream.data.end(),
              error: () => {},
            },
          });
        },
        data(client, chunk) {
          received++;
          if (frozen) return;
          if (client.data.upstream) client.data.upstream.write(chunk);
          else client.data.pending.push(new Uint8Array(chunk));
        },
        close: (client) => void client.data.upstream?.end(),
        error: () => {},
      },
    });
    port = listener.port;
  }
  function down() {
    listener?.stop(true);
    for (const s of open) s.end();
    open.clear();
  }
  up();
  return {
    url: `redis://127.0.0.1:${port}`,
    up,
    down,
    freeze: () => void (frozen = true),
    thaw: () => void (frozen = false),
    /** Chunks clients have sent so far (commands, frozen or not). */
    received: () => received,
  };
}
