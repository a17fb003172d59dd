/** The value at share `p` (0–1) of `xs` in ascending order: p50, p95 of timings. */
export function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(p * s.length))];
}
