/** Another process already listens where this server was told to: it must not start beside it. */
export class PortInUseError extends Error {
  constructor(
    readonly port: number,
    host: string,
  ) {
    super(`port ${port} is already in use on ${host} (another server is listening there; stop it or set PORT)`);
  }
}

export function isAddressInUse(error: unknown): boolean {
  return (error as { code?: string } | null)?.code === "EADDRINUSE";
}

/**
 * Makes sure nothing listens on host:port yet, and returns the port to serve on (a free one when
 * `port` is 0). The workers listen with SO_REUSEPORT, which the kernel lets them share with any
 * other process that set it too, so a second server would start silently beside the first and
 * take half its connections. A bind without SO_REUSEPORT fails on a port anyone listens on,
 * with or without the option: that bind, closed at once, is the check.
 */
export function claimFreePort(host: string, port: number): number {
  let probe: Bun.TCPSocketListener;
  try {
    probe = Bun.listen({ hostname: host, port, socket: { data() {} } });
  } catch (error) {
    if (isAddressInUse(error)) throw new PortInUseError(port, host);
    throw error;
  }
  const free = probe.port;
  probe.stop(true);
  return free;
}
