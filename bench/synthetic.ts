import { demoExperts } from "../src/demo/index.ts";
import type { ExpertImport } from "../src/experts/upsert.ts";

/**
 * A large, varied directory made from the demo records: names and texts recombined, deterministic.
 * `from` starts at the from-th expert, so a big file can be written a slice at a time.
 */
export function syntheticExperts(n: number, from = 0): ExpertImport[] {
  const demo = demoExperts();
  const first = demo.map((d) => d.name.split(" ")[0]);
  const last = demo.map((d) => d.name.split(" ").slice(-1)[0]);
  const out: ExpertImport[] = [];
  for (let i = from; i < from + n; i++) {
    const base = demo[i % demo.length];
    const rating = i % 11 === 0 ? null : Math.round((3.5 + ((i * 7919) % 150) / 100) * 10) / 10;
    out.push({
      ...base,
      slug: `${base.slug}-${i}`,
      name: `${first[(i * 7) % first.length]} ${last[(i * 13) % last.length]}`,
      email: `bench-${i}@experts.example.com`,
      is_public: i % 40 !== 0,
      is_verified: i % 37 !== 0,
      rating: Math.min(rating ?? 0, 5) || null,
      review_count: rating === null ? 0 : (i * 31) % 400,
      listed_at: new Date(Date.UTC(2023, 0, 1) + (i % 1000) * 86_400_000 + i * 1000).toISOString(),
    });
  }
  return out;
}
