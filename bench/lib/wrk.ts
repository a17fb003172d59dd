// Runs wrk (Debian's package) as a separate process and reads its report.

export interface WrkResult {
  requests: number;
  rps: number;
  /** Latency percentiles in milliseconds. */
  p50: number;
  p99: number;
  non2xx: number;
  /** Socket errors (connect, read, write, timeout) wrk counted; timed-out requests are not in the latencies. */
  errors: number;
  /** CPU seconds wrk itself used: the load generator's share of the machine. */
  wrkCpu: number;
}

export interface WrkOptions {
  connections: number;
  seconds: number;
  threads?: number;
  /** A Lua script (wrk -s), e.g. to rotate paths or POST a body. */
  script?: string;
  headers?: Record<string, string>;
  /** wrk's per-request timeout in seconds (wrk's default: 2). */
  timeout?: number;
}

const ms = (value: string, unit: string) => Number(value) * (unit === "us" ? 0.001 : unit === "s" ? 1000 : 1);

export async function runWrk(url: string, options: WrkOptions): Promise<WrkResult> {
  const args = [
    "wrk",
    "-t",
    String(options.threads ?? 1),
    "-c",
    String(options.connections),
    "-d",
    `${options.seconds}s`,
    "--latency",
  ];
  if (options.script) args.push("-s", options.script);
  if (options.timeout) args.push("--timeout", `${options.timeout}s`);
  for (const [name, value] of Object.entries(options.headers ?? {})) args.push("-H", `${name}: ${value}`);
  const proc = Bun.spawn([...args, url], { stdout: "pipe", stderr: "pipe" });
  const out = await new Response(proc.stdout).text();
  if ((await proc.exited) !== 0) throw new Error(`wrk failed: ${await new Response(proc.stderr).text()}`);
  const usage = proc.resourceUsage()!;
  const [, p50v, p50u] = /50%\s+([\d.]+)(us|ms|s)/.exec(out) ?? [];
  const [, p99v, p99u] = /99%\s+([\d.]+)(us|ms|s)/.exec(out) ?? [];
  if (!p50v) throw new Error(`wrk printed no latency:\n${out}`);
  return {
    requests: Number(/(\d+) requests in/.exec(out)![1]),
    rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(out)![1]),
    p50: ms(p50v, p50u),
    p99: ms(p99v, p99u),
    non2xx: Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0),
    errors: (/Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out) ?? [])
      .slice(1)
      .reduce((a, b) => a + Number(b), 0),
    wrkCpu: Number(usage.cpuTime.total) / 1e6,
  };
}
