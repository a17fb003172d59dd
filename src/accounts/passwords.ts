import type { PasswordHashCost } from "../config/passwords.ts";

/** Hashing and checking of account passwords, at the configured cost (app.ts makes one per app). */
export interface Passwords {
  hash(password: string): Promise<string>;
  verify(password: string, hash: string): Promise<boolean>;
  /**
   * Verifies against a throwaway hash of the same cost, for a log-in whose e-mail address has no
   * account: it costs what a real check costs, so timing does not reveal which part was wrong.
   */
  verifyAgainstNothing(password: string): Promise<false>;
}

/**
 * Passwords are hashed with argon2id, the slow, memory-hard hash a guessable secret needs; its
 * cost is PASSWORD_HASH_MEMORY_KIB and PASSWORD_HASH_PASSES (default 64 MiB, 2 passes). A hash
 * carries its own cost, so verify() checks hashes made at any cost. Length is checked by the
 * contract (10–256).
 */
export function passwordHashing(cost: PasswordHashCost): Passwords {
  const options = { algorithm: "argon2id", memoryCost: cost.memoryKib, timeCost: cost.passes } as const;
  const hash = async (password: string) => await Bun.password.hash(password, options);
  let dummyHash: Promise<string> | undefined;
  return {
    hash,
    verify: async (password, stored) => await Bun.password.verify(password, stored),
    async verifyAgainstNothing(password) {
      dummyHash ??= hash(crypto.randomUUID());
      await Bun.password.verify(password, await dummyHash);
      return false;
    },
  };
}
