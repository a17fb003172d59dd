/**
 * The cheapest argon2id cost (8 KiB, 1 pass) for the servers and CLI runs tests start: suites
 * hash and check hundreds of throwaway passwords, and at the production cost (64 MiB, 2 passes)
 * those were a large share of the suite's CPU. Every hash still goes through argon2id; one test
 * (accounts.test.ts) logs in with a hash made at the production default.
 */
export const CHEAP_PASSWORD_HASH = { PASSWORD_HASH_MEMORY_KIB: "8", PASSWORD_HASH_PASSES: "1" };
